import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type OrderAddressInfo,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@shop/contracts';
import { OrderItem } from './order-item.entity.js';
import { Timestamped } from './timestamps.js';
import { User } from './user.entity.js';

@Entity('orders')
@Index('orders_user_date', ['userId', 'createdAt'])
@Index('orders_date', ['createdAt'])
@Index('orders_status_date', ['orderStatus', 'createdAt'])
export class Order extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'userId' })
  user!: Relation<User>;

  @OneToMany(() => OrderItem, (item) => item.order)
  items!: Relation<OrderItem[]>;

  @Column({ type: 'enum', enum: ORDER_STATUSES, default: 'pending' })
  orderStatus!: OrderStatus;

  @Column({ type: 'enum', enum: PAYMENT_METHODS })
  paymentMethod!: PaymentMethod;

  @Column({ type: 'enum', enum: PAYMENT_STATUSES, default: 'pending' })
  paymentStatus!: PaymentStatus;

  /** Whole KES, all computed by the server from its own tables. */
  @Column({ unsigned: true })
  subtotalAmount!: number;

  @Column({ unsigned: true })
  deliveryFee!: number;

  @Column({ unsigned: true })
  totalAmount!: number;

  /** The delivery address as it was when the order was placed; later edits of the address do not rewrite history. */
  @Column({ type: 'json' })
  addressInfo!: OrderAddressInfo;

  /**
   * The shopper while this order waits for its money, null otherwise (kept by the order's
   * transitions): its unique index lets a shopper have one pending order at most.
   */
  @Index('orders_one_pending_per_shopper', { unique: true })
  @Column({ type: 'int', unsigned: true, nullable: true })
  pendingForUserId!: number | null;

  /** Unpaid orders release their stock after this moment. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  reservationExpiresAt!: Date | null;
}
