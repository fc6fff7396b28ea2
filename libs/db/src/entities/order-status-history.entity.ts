import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ORDER_ACTORS, ORDER_STATUSES, type OrderActor, type OrderStatus } from '@shop/contracts';
import { Order } from './order.entity.js';
import { StatusChange } from './status-change.js';

@Entity('order_status_history')
export class OrderStatusHistory extends StatusChange {
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
}
