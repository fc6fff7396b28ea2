import type { DataSource } from 'typeorm';
import { MESSAGES, SENDING_ABANDONED_AFTER_MS } from '@shop/contracts';
import { inShortBatches } from '../batches.js';

const DAY_MS = 24 * 3600 * 1000;

/** How long the shop keeps what it no longer needs (the RETENTION_* settings), and how many rows one statement touches. */
export interface RetentionPolicy {
  outboxDays: number;
  callbackPayloadDays: number;
  /** Sessions, and e-mailed links (account tokens), expired longer ago than this. */
  expiredSessionDays: number;
  batchSize: number;
}

/** What one run removed: outbox rows and sessions deleted, callback payloads cleared, abandoned messages given up. */
export interface PrunedRows {
  outboxEvents: number;
  callbackPayloads: number;
  sessions: number;
  accountTokens: number;
  abandonedMessages: number;
}

/**
 * One batch of each kind, older than the bound parameter. Each reads its index in the index's own
 * order, so a statement reads only the rows it changes: `ORDER BY id` made MariaDB sort (and lock)
 * every old row before taking the first thousand. `publishedAt < ?` leaves unpublished rows (NULL)
 * alone; a callback keeps its row, its outcome and its keys, so a repeated delivery is still known,
 * and one not yet processed keeps its body too: a retry or a replay still reads it. A message left
 * `sending` by an attempt that died on its job's last try (or a job that stalled out) is seen by no
 * later attempt: it is given up here as the worker would (workers notifications), never resent.
 */
const BATCH_STATEMENTS: Record<keyof PrunedRows, string> = {
  outboxEvents: 'DELETE FROM `outbox_events` WHERE `publishedAt` < ? ORDER BY `publishedAt`, `id` LIMIT ?',
  callbackPayloads:
    "UPDATE `payment_callbacks` SET `payload` = '{}', `payloadClearedAt` = NOW(3) WHERE `payloadClearedAt` IS NULL AND `receivedAt` < ? AND `processedAt` IS NOT NULL ORDER BY `payloadClearedAt`, `receivedAt` LIMIT ?",
  sessions: 'DELETE FROM `sessions` WHERE `expiresAt` < ? ORDER BY `expiresAt` LIMIT ?',
  accountTokens: 'DELETE FROM `account_tokens` WHERE `expiresAt` < ? ORDER BY `expiresAt` LIMIT ?',
  abandonedMessages:
    "UPDATE `notifications` SET `state` = 'failed', `lastError` = ? WHERE `state` = 'sending' AND `updatedAt` < ? ORDER BY `state`, `updatedAt` LIMIT ?",
};

/**
 * Deletes published outbox rows, expired sessions and expired e-mailed links, clears old callback
 * payloads, and fails messages abandoned in `sending`, past their ages at `now`. Safe to run twice
 * or from two processes at once: a row is pruned once, and a run that finds nothing changes nothing.
 */
export async function pruneRetainedRows(dataSource: DataSource, policy: RetentionPolicy, now = new Date()): Promise<PrunedRows> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    outboxEvents: await inBatches(dataSource, BATCH_STATEMENTS.outboxEvents, before(policy.outboxDays), policy.batchSize),
    callbackPayloads: await inBatches(dataSource, BATCH_STATEMENTS.callbackPayloads, before(policy.callbackPayloadDays), policy.batchSize),
    sessions: await inBatches(dataSource, BATCH_STATEMENTS.sessions, before(policy.expiredSessionDays), policy.batchSize),
    accountTokens: await inBatches(dataSource, BATCH_STATEMENTS.accountTokens, before(policy.expiredSessionDays), policy.batchSize),
    abandonedMessages: await inBatches(
      dataSource,
      BATCH_STATEMENTS.abandonedMessages,
      new Date(now.getTime() - SENDING_ABANDONED_AFTER_MS),
      policy.batchSize,
      MESSAGES.notifications.outcomeUnknown,
    ),
  };
}

/** The statement's batches, `ORDER BY … LIMIT` each, until one comes back short; `values` fill its SET clause. */
function inBatches(dataSource: DataSource, statement: string, before: Date, batchSize: number, ...values: string[]): Promise<number> {
  return inShortBatches(
    dataSource,
    batchSize,
    async (manager) => (await manager.query<{ affectedRows: number }>(statement, [...values, before, batchSize])).affectedRows,
  );
}
