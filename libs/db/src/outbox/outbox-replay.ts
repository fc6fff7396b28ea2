import type { DataSource } from 'typeorm';
import type { QueueName } from '@shop/contracts';
import { inShortBatches } from '../batches.js';
import { OutboxEvent } from '../entities/outbox-event.entity.js';

export interface OutboxReplayWindow {
  /** The first publish time replayed: the moment Redis's surviving data ends (its last snapshot or AOF write). */
  since: Date;
  /** Publishes from this moment on are kept; the replay's own start by default, so rows it sends again are not replayed twice. */
  until?: Date;
  /** Only these queues' events; all of them by default. */
  queues?: readonly QueueName[];
  batchSize?: number;
}

/**
 * After a Redis loss, hands the events published in the window back to the outbox relays: they
 * publish each again under its own job id, which the lost Redis no longer knows, and the
 * processors are idempotent, so an event whose job had already run does no harm. Returns how many
 * rows were handed back. Batched, so that no statement holds the outbox's locks for long.
 */
export function replayOutbox(
  dataSource: DataSource,
  { since, until = new Date(), queues, batchSize = 1000 }: OutboxReplayWindow,
): Promise<number> {
  return inShortBatches(dataSource, batchSize, async (manager) => {
    const batch = manager
      .createQueryBuilder()
      .update(OutboxEvent)
      .set({ publishedAt: null, publishAttempts: 0, lastError: null })
      .where('publishedAt >= :since AND publishedAt < :until', { since, until })
      .orderBy('publishedAt')
      .limit(batchSize);
    if (queues?.length) batch.andWhere('queueName IN (:...queues)', { queues });
    return (await batch.execute()).affected ?? 0;
  });
}
