import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MPESA_ATTEMPT_STATES, type MpesaAttemptState } from '@shop/contracts';
import { Payment } from './payment.entity.js';
import { Timestamped } from './timestamps.js';

/**
 * One STK push of an M-Pesa payment, written before Daraja is asked (docs/payments.md, Attempts):
 * from the moment a push may exist, the shop can find it, and its next check is already due.
 */
@Entity('mpesa_attempts')
@Index('mpesa_attempts_due', ['nextCheckAt'])
export class MpesaAttempt extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Index('mpesa_attempts_payment')
  @Column({ unsigned: true })
  paymentId!: number;

  @ManyToOne(() => Payment, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'paymentId', foreignKeyConstraintName: 'mpesa_attempts_payment_fk' })
  payment!: Relation<Payment>;

  @Column({ unsigned: true })
  orderId!: number;

  @Column({ type: 'enum', enum: MPESA_ATTEMPT_STATES, default: 'sending' })
  state!: MpesaAttemptState;

  /** 2547…/2541…: the phone prompted. */
  @Column({ length: 12 })
  phone!: string;

  /** Whole KES asked for. */
  @Column({ unsigned: true })
  amount!: number;

  /**
   * The last segment of this attempt's CallBackURL and ResultURL: random and secret, so that a
   * callback names its attempt even when Daraja's answer to the push (the CheckoutRequestID) was lost.
   */
  @Index('mpesa_attempts_callback_key', { unique: true })
  @Column({ length: 64 })
  callbackKey!: string;

  @Index('mpesa_attempts_checkout_request', { unique: true })
  @Column({ type: 'varchar', length: 100, nullable: true })
  checkoutRequestId!: string | null;

  @Column({ type: 'int', nullable: true })
  resultCode!: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  resultDesc!: string | null;

  /** The M-Pesa receipt of a paid push, from a callback or the Transaction Status API. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  receipt!: string | null;

  /** When Daraja's STK query confirmed the outcome recorded here; a callback's word alone settles nothing. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  confirmedAt!: Date | null;

  /**
   * The ConversationID Daraja answered the last Transaction Status query with: a result is believed
   * only when it names this one, as whoever holds the ResultURL could send one.
   */
  @Column({ type: 'varchar', length: 100, nullable: true })
  statusConversationId!: string | null;

  /** When the workers' sweep next asks Daraja about it; null once nothing more can be learnt. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  nextCheckAt!: Date | null;

  /** Checks made so far: the wait before the next one doubles with each. */
  @Column({ unsigned: true, default: 0 })
  checks!: number;
}
