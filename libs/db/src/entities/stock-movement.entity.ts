import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ORDER_ACTORS, STOCK_MOVEMENT_KINDS, type OrderActor, type StockMovementKind } from '@shop/contracts';
import { Order } from './order.entity.js';
import { Product } from './product.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';
import { User } from './user.entity.js';

/**
 * The stock ledger: one row per change of a product's sellable units, written in the transaction
 * that changes them. A product's `totalStock` is always the sum of its rows' `delta`.
 */
@Entity('stock_movements')
@Index('stock_movements_product', ['productId', 'id'])
export class StockMovement {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  productId!: number;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'stock_movements_product_fk' })
  product!: Relation<Product>;

  /** The order that took or gave back the units; null for a count or the opening stock. */
  @Index('stock_movements_order')
  @Column({ type: 'int', unsigned: true, nullable: true })
  orderId!: number | null;

  @ManyToOne(() => Order, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'stock_movements_order_fk' })
  order!: Relation<Order> | null;

  /** Units added to (positive) or taken from (negative) what shoppers can buy. */
  @Column({ type: 'int' })
  delta!: number;

  @Column({ type: 'enum', enum: STOCK_MOVEMENT_KINDS })
  kind!: StockMovementKind;

  @Column({ type: 'enum', enum: ORDER_ACTORS, nullable: true })
  actor!: OrderActor | null;

  /** The person who made the change (an admin, or the shopper of the order); null for the shop's own. */
  @Column({ type: 'int', unsigned: true, nullable: true })
  byUserId!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'byUserId', foreignKeyConstraintName: 'stock_movements_user_fk' })
  byUser!: Relation<User> | null;

  @Column({ length: 255, default: '' })
  reason!: string;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;
}
