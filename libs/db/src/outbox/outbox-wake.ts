import type {
  DataSource,
  EntitySubscriberInterface,
  InsertEvent,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { outboxWakeChannel } from '@shop/contracts';
import { OutboxEvent } from '../entities/outbox-event.entity.js';

/** Marks a query runner whose open transaction has written outbox rows. */
const WROTE_OUTBOX = 'wroteOutbox';

function wroteOutbox(queryRunner: QueryRunner): boolean {
  return (queryRunner.data as Record<string, unknown>)[WROTE_OUTBOX] === true;
}

function markOutbox(queryRunner: QueryRunner, wrote: boolean): void {
  (queryRunner.data as Record<string, unknown>)[WROTE_OUTBOX] = wrote;
}

/** Calls `wake` once a transaction that wrote outbox rows has committed: only then can a relay see them. */
class OutboxCommitSubscriber implements EntitySubscriberInterface<OutboxEvent> {
  constructor(private readonly wake: () => void) {}

  listenTo() {
    return OutboxEvent;
  }

  afterInsert(event: InsertEvent<OutboxEvent>): void {
    if (event.queryRunner.isTransactionActive) markOutbox(event.queryRunner, true);
    else this.wake();
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (!wroteOutbox(event.queryRunner)) return;
    markOutbox(event.queryRunner, false);
    this.wake();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    markOutbox(event.queryRunner, false);
  }
}

/** What waking needs of a Redis client. */
export interface WakePublisher {
  publish(channel: string, message: string): Promise<unknown>;
}

/**
 * Wakes the outbox relays through Redis the moment an event is committed (they poll as well, so a
 * lost wake only costs the poll interval): an M-Pesa callback's outcome then reaches the shopper's
 * screen in milliseconds rather than a poll later.
 */
export function wakeRelaysOnCommit(
  dataSource: DataSource,
  redis: WakePublisher,
  redisPrefix: string,
): EntitySubscriberInterface<OutboxEvent> {
  const channel = outboxWakeChannel(redisPrefix);
  const subscriber = new OutboxCommitSubscriber(() => void redis.publish(channel, '').catch(() => undefined));
  dataSource.subscribers.push(subscriber);
  return subscriber;
}

/** The provider token under which an app registers its wake (a Nest factory calling wakeRelaysOnCommit). */
export const OUTBOX_WAKES = Symbol('OUTBOX_WAKES');
