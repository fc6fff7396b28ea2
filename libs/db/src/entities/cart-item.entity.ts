import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { Cart } from './cart.entity.js';
import { Product } from './product.entity.js';
import { Timestamped } from './timestamps.js';

/** One line per product and cart: concurrent adds of the same product meet on this key. */
@Entity('cart_items')
@Unique('cart_items_product', ['cartId', 'productId'])
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

  @Column({ unsigned: true })
  quantity!: number;
}
