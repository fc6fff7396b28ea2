import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Order } from './order.entity.js';
import { Product } from './product.entity.js';

/** A snapshot of the line at purchase time. */
@Entity('order_items')
export class OrderItem {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  orderId!: number;

  @ManyToOne(() => Order, (order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId' })
  order!: Relation<Order>;

  @Column({ unsigned: true })
  productId!: number;

  @ManyToOne(() => Product, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'productId' })
  product!: Relation<Product>;

  @Column({ length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  image!: string | null;

  /** The variation chosen, or null. No foreign key: the order outlives the variation, and keeps its label below. */
  @Column({ type: 'int', unsigned: true, nullable: true })
  variationId!: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  variationLabel!: string | null;

  /** Whole KES actually charged per unit. */
  @Column({ unsigned: true })
  unitPrice!: number;

  @Column({ unsigned: true })
  quantity!: number;
}
