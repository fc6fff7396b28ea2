import type { DataSource } from 'typeorm';
import { inTransaction } from '../transactions.js';

const DAY_MS = 24 * 3600 * 1000;

/** How long the shop keeps what it no longer needs (the RETENTION_* settings), and how many rows one statement touches. */
export interface RetentionPolicy {
  outboxDays: number;
  callbackPayloadDays: number;
  expiredSessionDays: number;
  batchSize: number;
}

/** What one run removed: outbox rows and sessions deleted, callback payloads cleared. */
export interface PrunedRows {
  outboxEvents: number;
  callbackPayloads: number;
  sessions: number;
}

/**
 * One batch of each kind, older than the bound parameter. Each reads its index in the index's own
 * order, so a statement reads only the rows it changes: `ORDER BY id` made MariaDB sort (and lock)
 * every old row before taking the first thousand. `publishedAt < ?` leaves unpublished rows (NULL)
 * alone; a callback keeps its row, its outcome and its keys, so a repeated delivery is still known,
 * and one not yet processed keeps its body too: a retry or a replay still reads it.
 */
const BATCH_STATEMENTS: Record<keyof PrunedRows, string> = {
  outboxEvents: 'DELETE FROM `outbox_events` WHERE `publishedAt` < ? ORDER BY `publishedAt`, `id` LIMIT ?',
  callbackPayloads:
    "UPDATE `payment_callbacks` SET `payload` = '{}', `payloadClearedAt` = NOW(3) WHERE `payloadClearedAt` IS NULL AND `receivedAt` < ? AND `processedAt` IS NOT NULL ORDER BY `payloadClearedAt`, `receivedAt` LIMIT ?",
  sessions: 'DELETE FROM `sessions` WHERE `expiresAt` < ? ORDER BY `expiresAt` LIMIT ?',
};

/**
 * Deletes published outbox rows and expired sessions, and clears old callback payloads, past their
 * ages at `now`. Safe to run twice or from two processes at once: a row is pruned once, and a run
 * that finds nothing changes nothing.
 */
export async function pruneRetainedRows(dataSource: DataSource, policy: RetentionPolicy, now = new Date()): Promise<PrunedRows> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    outboxEvents: await inBatches(dataSource, BATCH_STATEMENTS.outboxEvents, before(policy.outboxDays), policy.batchSize),
    callbackPayloads: await inBatches(dataSource, BATCH_STATEMENTS.callbackPayloads, before(policy.callbackPayloadDays), policy.batchSize),
    sessions: await inBatches(dataSource, BATCH_STATEMENTS.sessions, before(policy.expiredSessionDays), policy.batchSize),
  };
}

/**
 * Runs the statement until a batch comes back short, each batch its own short transaction. READ
 * COMMITTED: under REPEATABLE READ the outbox batch's next-key lock on the first published row
 * blocked the api's insert of a new, unpublished one (NULLs sort just before it in the index).
 */
async function inBatches(dataSource: DataSource, statement: string, before: Date, batchSize: number): Promise<number> {
  let pruned = 0;
  for (;;) {
    const { affectedRows } = await inTransaction(dataSource, (manager) => manager.query<{ affectedRows: number }>(statement, [before, batchSize]), { isolation: 'READ COMMITTED' });
    pruned += affectedRows;
    if (affectedRows < batchSize) return pruned;
  }
}
