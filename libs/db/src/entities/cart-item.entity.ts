import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { Cart } from './cart.entity.js';
import { Product } from './product.entity.js';
import { Timestamped } from './timestamps.js';

/**
 * One line per product, variation and cart: concurrent adds of the same choice meet on this key.
 * `variationId` 0 is the product without a variation: MySQL holds NULLs distinct in a unique key, so
 * a NULL there would let two such lines of one product in.
 */
@Entity('cart_items')
@Unique('cart_items_line', ['cartId', 'productId', 'variationId'])
export class CartItem extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  cartId!: number;

  @ManyToOne(() => Cart, (cart) => cart.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cartId' })
  cart!: Relation<Cart>;

  @Column({ unsigned: true })
  productId!: number;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId' })
  product!: Relation<Product>;

  /** No foreign key: 0 names no row, and a line whose variation was taken away stays for the shopper to see and remove. */
  @Column({ unsigned: true, default: 0 })
  variationId!: number;

  @Column({ unsigned: true })
  quantity!: number;
}
