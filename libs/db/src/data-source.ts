import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';

/** The one database setup of api, workers and the command-line scripts. */
export function dataSourceOptions(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): DataSourceOptions {
  return {
    type: 'mysql',
    url: config.DATABASE_URL,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    poolSize: config.DATABASE_POOL_SIZE,
    extra: { connectionLimit: config.DATABASE_POOL_SIZE },
  };
}

export function createDataSource(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): DataSource {
  return new DataSource(dataSourceOptions(config));
}
