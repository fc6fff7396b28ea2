import type { AppConfig } from '@shop/config';
import { createDataSource } from './data-source.js';

/** Applies the migrations a database has not seen yet and returns their names. */
export async function migrateDatabase(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): Promise<string[]> {
  const dataSource = createDataSource(config);
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
