import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { Product } from './product.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';
import { User } from './user.entity.js';

@Entity('reviews')
@Unique('reviews_one_per_shopper', ['productId', 'userId'])
export class Review {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  productId!: number;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId' })
  product!: Relation<Product>;

  @Column({ unsigned: true })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user!: Relation<User>;

  @Column({ length: 1000 })
  reviewMessage!: string;

  @Column({ type: 'tinyint', unsigned: true })
  reviewValue!: number;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;
}
