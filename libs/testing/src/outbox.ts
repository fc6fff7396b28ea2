import type { AppConfig } from '@shop/config';
import { createDataSource, MpesaAttempt, OutboxEvent } from '@shop/db';

/**
 * Leaves nothing of earlier spec files for this file's workers to pick up, before it starts them:
 * every outbox row is marked published (api specs write events no relay of theirs publishes) and
 * no M-Pesa attempt's check is due (the sweep would find the pushes of other files in the shared
 * test database). Either would otherwise run as jobs in this file and move its counts.
 */
export async function settleLeftoverWork(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): Promise<void> {
  const dataSource = await createDataSource(config).initialize();
  try {
    await dataSource
      .getRepository(OutboxEvent)
      .createQueryBuilder()
      .update()
      .set({ publishedAt: () => 'NOW(3)' })
      .where('publishedAt IS NULL')
      .execute();
    await dataSource
      .getRepository(MpesaAttempt)
      .createQueryBuilder()
      .update()
      .set({ nextCheckAt: null })
      .where('nextCheckAt IS NOT NULL')
      .execute();
  } finally {
    await dataSource.destroy();
  }
}
