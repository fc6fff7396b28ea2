import type { AppConfig } from '@shop/config';
import { OutboxEvent, createDataSource } from '@shop/db';

/**
 * Marks every outbox row published, before a test starts a relay: rows left by earlier spec files
 * (api specs write events no relay of theirs publishes) would otherwise run as jobs in this file and
 * move its counts.
 */
export async function settleLeftoverOutbox(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): Promise<void> {
  const dataSource = await createDataSource(config).initialize();
  try {
    await dataSource.getRepository(OutboxEvent).createQueryBuilder().update().set({ publishedAt: () => 'NOW(3)' }).where('publishedAt IS NULL').execute();
  } finally {
    await dataSource.destroy();
  }
}
