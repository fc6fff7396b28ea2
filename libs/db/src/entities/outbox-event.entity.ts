import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { JobName, QueueName } from '@shop/contracts';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';

/** The promise that an event will reach its queue: written in the same transaction as the change it describes. */
@Entity('outbox_events')
@Index('outbox_events_unpublished', ['publishedAt', 'id'])
export class OutboxEvent {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  queueName!: QueueName;

  @Column({ type: 'varchar', length: 64 })
  jobName!: JobName;

  @Column({ type: 'json' })
  payload!: unknown;

  /** For jobs that must wait (reconcile, expiry): BullMQ holds them this long once published. */
  @Column({ unsigned: true, default: 0 })
  delayMs!: number;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  publishedAt!: Date | null;

  @Column({ unsigned: true, default: 0 })
  publishAttempts!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;
}
