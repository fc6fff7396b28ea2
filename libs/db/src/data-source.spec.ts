import mysql from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { testConfig } from '@shop/testing';
import { createDataSource } from './data-source.js';

describe('the database sessions', () => {
  const config = { ...testConfig(), DATABASE_POOL_SIZE: 4 };
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await createDataSource(config).initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
  });

  it('run in UTC on every connection of the pool, whatever zone the server keeps', async () => {
    // A session of its own shows the server's zone: what the pool's sessions would run in but for the setting.
    const plain = await mysql.createConnection(config.DATABASE_URL);
    const [[serverZone]] = (await plain.query('SELECT @@session.time_zone AS zone')) as unknown as [{ zone: string }[]];
    await plain.end();
    expect(serverZone.zone).not.toBe('+00:00');

    // Queries held open together take every connection of the pool, the one the driver opened first included.
    const zones = await Promise.all(
      Array.from({ length: 8 }, () =>
        dataSource.query<{ zone: string; connectionId: number }[]>(
          'SELECT @@session.time_zone AS zone, CONNECTION_ID() AS connectionId, SLEEP(0.1) AS slept',
        ),
      ),
    );
    const sessions = new Map(zones.flat().map((row) => [row.connectionId, row.zone]));
    expect(sessions.size).toBe(config.DATABASE_POOL_SIZE);
    expect([...sessions.values()]).toEqual(Array(config.DATABASE_POOL_SIZE).fill('+00:00'));
    const [{ drift }] = await dataSource.query<{ drift: number | string }[]>(
      'SELECT TIMESTAMPDIFF(SECOND, UTC_TIMESTAMP(), NOW()) AS drift',
    );
    expect(Number(drift)).toBe(0);
  });
});
