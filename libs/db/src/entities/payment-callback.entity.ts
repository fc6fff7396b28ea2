import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { PAYMENT_METHODS, type PaymentMethod } from '@shop/contracts';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';

/** The raw body of every provider callback, kept before anything is done with it, until retention clears it. */
@Entity('payment_callbacks')
@Unique('payment_callbacks_delivery', ['provider', 'deliveryKey'])
// Retention reads the payloads not yet cleared, oldest first, straight from this index.
@Index('payment_callbacks_payload_retention', ['payloadClearedAt', 'receivedAt'])
export class PaymentCallback {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ type: 'enum', enum: PAYMENT_METHODS })
  provider!: PaymentMethod;

  /** CheckoutRequestID (M-Pesa) or the webhook event id (PayPal): a provider's retry of the same delivery is stored once. */
  @Column({ length: 150 })
  deliveryKey!: string;

  @Index()
  @Column({ type: 'varchar', length: 100, nullable: true })
  providerReference!: string | null;

  /** The attempt key from the callback's URL (M-Pesa): which push it answers, even without a stored CheckoutRequestID. */
  @Index('payment_callbacks_attempt_key')
  @Column({ type: 'varchar', length: 64, nullable: true })
  attemptKey!: string | null;

  @Column({ type: 'json' })
  payload!: unknown;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  processedAt!: Date | null;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  receivedAt!: Date;

  /** When retention replaced the payload with `{}` (RETENTION_CALLBACK_BODY_DAYS); the row and its outcome stay. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  payloadClearedAt!: Date | null;
}
