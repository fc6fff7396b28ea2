import { Column, Entity, JoinColumn, OneToMany, OneToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CartItem } from './cart-item.entity.js';
import { Timestamped } from './timestamps.js';
import { User } from './user.entity.js';

@Entity('carts')
export class Cart extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true, unique: true })
  userId!: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user!: Relation<User>;

  @OneToMany(() => CartItem, (item) => item.cart)
  items!: Relation<CartItem[]>;
}
