import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ORDER_ACTORS, ORDER_STATUSES, type OrderActor, type OrderStatus } from '@shop/contracts';
import { Order } from './order.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';
import { User } from './user.entity.js';

@Entity('order_status_history')
export class OrderStatusHistory {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  orderId!: number;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId' })
  order!: Relation<Order>;

  @Column({ type: 'enum', enum: ORDER_STATUSES, nullable: true })
  fromStatus!: OrderStatus | null;

  @Column({ type: 'enum', enum: ORDER_STATUSES })
  toStatus!: OrderStatus;

  /** Who moved the order; null on rows from before it was recorded. */
  @Column({ type: 'enum', enum: ORDER_ACTORS, nullable: true })
  actor!: OrderActor | null;

  /** The person who moved it (an admin, or the shopper cancelling); null when the shop did (payment, expiry). */
  @Column({ type: 'int', unsigned: true, nullable: true })
  changedByUserId!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'changedByUserId' })
  changedBy!: Relation<User> | null;

  @Column({ length: 255, default: '' })
  reason!: string;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;
}
