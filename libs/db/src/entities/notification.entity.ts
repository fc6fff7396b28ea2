import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATES,
  type AccountMessageKind,
  type NotificationChannel,
  type NotificationKind,
  type NotificationState,
} from '@shop/contracts';
import { Timestamped } from './timestamps.js';

/**
 * One message to one recipient on one channel about one event. The unique key is the issue's
 * "at most once": a redelivered event finds its row and sends nothing.
 */
@Entity('notifications')
@Index('notifications_once', ['outboxEventId', 'channel', 'recipient'], { unique: true })
// Retention's sweep of rows left in `sending` reads this in order (libs/db retention).
@Index('notifications_abandoned', ['state', 'updatedAt'])
export class Notification extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  /** The outbox row (and BullMQ job) of the event: what "the same event" means. */
  @Column({ unsigned: true })
  outboxEventId!: number;

  /** Not an enum: a kind added later needs no migration. */
  @Column({ type: 'varchar', length: 40 })
  kind!: NotificationKind | AccountMessageKind;

  @Column({ type: 'enum', enum: NOTIFICATION_CHANNELS })
  channel!: NotificationChannel;

  /** A phone number (+2547…) or an e-mail address. */
  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Index('notifications_order')
  @Column({ type: 'int', unsigned: true, nullable: true })
  orderId!: number | null;

  @Column({ type: 'int', unsigned: true, nullable: true })
  userId!: number | null;

  @Column({ type: 'enum', enum: NOTIFICATION_STATES })
  state!: NotificationState;

  @Column({ type: 'smallint', unsigned: true, default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  /** Africa's Talking's messageId (the key of its delivery reports), or the SMTP Message-ID. */
  @Index('notifications_provider_message')
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerMessageId!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  deliveryStatus!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  deliveryFailureReason!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  deliveryReportedAt!: Date | null;
}
