import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type OfflinePaymentMethod,
  type PaymentMethod,
  type PaymentStatus,
} from '@shop/contracts';
import { Order } from './order.entity.js';
import { Timestamped } from './timestamps.js';

const decimal = { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

@Entity('payments')
export class Payment extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  /** One payment per order: a retried capture or callback finds this row, never makes a second. */
  @Index('payments_order', { unique: true })
  @Column({ unsigned: true })
  orderId!: number;

  @ManyToOne(() => Order, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'orderId' })
  order!: Relation<Order>;

  @Column({ type: 'enum', enum: PAYMENT_METHODS })
  method!: PaymentMethod;

  @Column({ type: 'enum', enum: PAYMENT_STATUSES, default: 'pending' })
  status!: PaymentStatus;

  /** Whole KES the shop expects to receive. */
  @Column({ unsigned: true })
  amount!: number;

  /** What the provider is asked to charge, when it is not KES (PayPal), and the rate used. */
  @Column({ type: 'char', length: 3, default: 'KES' })
  providerCurrency!: string;

  @Column({ type: 'decimal', precision: 12, scale: 2, nullable: true, transformer: decimal })
  providerAmount!: number | null;

  @Column({ type: 'decimal', precision: 14, scale: 8, nullable: true, transformer: decimal })
  exchangeRate!: number | null;

  /** M-Pesa CheckoutRequestID or PayPal order id: how callbacks find their payment. */
  @Column({ type: 'varchar', length: 100, nullable: true, unique: true })
  providerReference!: string | null;

  /** M-Pesa receipt number or PayPal capture id: one receipt pays one payment. */
  @Column({ type: 'varchar', length: 100, nullable: true, unique: true })
  providerReceipt!: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  payerId!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  failureReason!: string | null;

  /** PayPal's approval page for this order, where a shopper whose card was declined chooses again. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  approvalUrl!: string | null;

  /** What the provider says it took, in KES, when that is not `amount` (docs/payments.md, Amount and phone). */
  @Column({ type: 'int', unsigned: true, nullable: true })
  amountReceived!: number | null;

  /** Whole KES the shop owes the shopper back: a wrong amount, or money that came after the order closed. */
  @Column({ type: 'int', unsigned: true, nullable: true })
  refundDue!: number | null;

  /** Set when an admin recorded the money by hand, with the receipt or transaction number the admin gave. */
  @Column({ type: 'enum', enum: OFFLINE_PAYMENT_METHODS, nullable: true })
  offlineMethod!: OfflinePaymentMethod | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  offlineReference!: string | null;

  @Column({ length: 500, default: '' })
  offlineNote!: string;

  /** The admin who recorded the offline payment. No foreign key: the record outlives the account. */
  @Column({ type: 'int', unsigned: true, nullable: true })
  recordedByUserId!: number | null;

  /** Whole KES given back; one refund per payment. */
  @Column({ type: 'int', unsigned: true, nullable: true })
  refundedAmount!: number | null;

  /** PayPal's refund id, or the reference of the refund the admin sent. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  refundReference!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  refundedAt!: Date | null;

  @Column({ type: 'int', unsigned: true, nullable: true })
  refundedByUserId!: number | null;

  /** How many captures the shopper has asked for (PayPal); each gets its own job and PayPal-Request-Id. */
  @Column({ unsigned: true, default: 0 })
  captureAttempts!: number;
}
