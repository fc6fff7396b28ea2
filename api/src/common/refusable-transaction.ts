import type { DataSource, EntityManager } from 'typeorm';
import { retryingDeadlocks } from '@shop/db';
import { BusinessFailure } from './business-failure.js';

/**
 * One READ COMMITTED transaction that commits what `work` did, unless `work` answers a refusal: then
 * everything it wrote is rolled back, so a refusal halfway through leaves nothing half-written.
 * READ COMMITTED: a read after a row lock sees what the lock's previous holder committed, and no gap
 * locks tie unrelated shoppers' inserts together into deadlocks. A deadlock victim runs again.
 */
export function refusableTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T | BusinessFailure>): Promise<T | BusinessFailure> {
  return retryingDeadlocks(() => runRefusable(dataSource, work));
}

async function runRefusable<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T | BusinessFailure>): Promise<T | BusinessFailure> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction('READ COMMITTED');
    const outcome = await work(runner.manager);
    if (outcome instanceof BusinessFailure) await runner.rollbackTransaction();
    else await runner.commitTransaction();
    return outcome;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
}
