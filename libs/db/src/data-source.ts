import type { Pool, PoolConnection } from 'mysql2';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { MysqlDriver } from 'typeorm/driver/mysql/MysqlDriver.js';
import type { AppConfig } from '@shop/config';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';
import { LastWritesSubscriber } from './outbox/outbox-writer.js';

/** The one database setup of api, workers and the command-line scripts. */
export function dataSourceOptions(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): DataSourceOptions {
  return {
    type: 'mysql',
    url: config.DATABASE_URL,
    charset: 'utf8mb4_unicode_ci',
    // The values the app sends and reads are UTC; ShopDataSource puts each session in UTC too.
    timezone: 'Z',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    subscribers: [LastWritesSubscriber],
    synchronize: false,
    poolSize: config.DATABASE_POOL_SIZE,
    // trace: mysql2 captures a stack trace for every query, to show it should the query fail: 2-4 %
    // of the api's and the workers' CPU in bench:checkout's profiles. TypeORM's QueryFailedError
    // carries the SQL, and Node's async stack traces still show the caller.
    extra: { connectionLimit: config.DATABASE_POOL_SIZE, trace: false },
  };
}

const UTC_SESSION = "SET time_zone = '+00:00'";

/**
 * A DataSource whose every connection runs in UTC, whatever the server's own zone: the server's
 * NOW() and CURRENT_TIMESTAMP defaults then agree with the UTC values the driver writes (with a
 * server on Nairobi time they were three hours apart). mysql2 has no statement to run on connect,
 * so each pooled connection is set the first time it is handed out, ahead of its first query.
 */
export class ShopDataSource extends DataSource {
  override async initialize(): Promise<this> {
    await super.initialize();
    const pool = (this.driver as MysqlDriver).pool as Pool;
    const inUtc = new WeakSet<PoolConnection>();
    pool.on('acquire', (connection: PoolConnection) => {
      if (inUtc.has(connection)) return;
      inUtc.add(connection);
      // Queued before the query the connection was taken for: the connection runs its commands in order.
      // A connection that cannot be put in UTC is not used: its query fails rather than run in the wrong zone.
      connection.query(UTC_SESSION, (error) => {
        if (error) connection.destroy();
      });
    });
    return this;
  }
}

export function createDataSource(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): DataSource {
  return new ShopDataSource(dataSourceOptions(config));
}
