import type { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from './transactions.js';

/**
 * Runs one bulk statement batch after batch, each in a short READ COMMITTED transaction of its
 * own, until a batch changes fewer than `batchSize` rows; returns how many rows changed in all.
 * Short, because no statement should hold a busy table's locks for long; READ COMMITTED, because
 * REPEATABLE READ's gap locks on the index range held up the api's inserts of new rows (the outbox
 * relay and retention both met it).
 */
export async function inShortBatches(
  dataSource: DataSource,
  batchSize: number,
  changeOneBatch: (manager: EntityManager) => Promise<number>,
): Promise<number> {
  let changed = 0;
  for (;;) {
    const affected = await inTransaction(dataSource, changeOneBatch, { isolation: 'READ COMMITTED' });
    changed += affected;
    if (affected < batchSize) return changed;
  }
}
