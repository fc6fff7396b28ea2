import { DataSource } from 'typeorm';
import { testConfig } from '@shop/testing';
import { createDataSource } from './data-source.js';
import { assertSchemaCurrent, migrateDatabase, revertMigrations } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

describe('migrations as a step of their own', () => {
  const config = testConfig();
  const freshUrl = new URL(config.DATABASE_URL);
  freshUrl.pathname = `${freshUrl.pathname}_migrate`;
  const freshConfig = { ...config, DATABASE_URL: freshUrl.toString() };
  const databaseName = freshUrl.pathname.slice(1);
  let server: DataSource;
  let fresh: DataSource;

  beforeAll(async () => {
    server = await createDataSource(config).initialize();
  });
  beforeEach(async () => {
    await server.query(`DROP DATABASE IF EXISTS \`${databaseName}\``);
    await server.query(`CREATE DATABASE \`${databaseName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    fresh = await createDataSource(freshConfig).initialize();
  });
  afterEach(async () => {
    await fresh?.destroy();
  });
  afterAll(async () => {
    await server.query(`DROP DATABASE IF EXISTS \`${databaseName}\``);
    await server.destroy();
  });

  it('applies each migration once when three runs start together, as replicas or a Job beside a one-shot would', async () => {
    const runs = await Promise.all([migrateDatabase(freshConfig), migrateDatabase(freshConfig), migrateDatabase(freshConfig)]);
    expect(runs.flat().sort()).toEqual(MIGRATIONS.map((migration) => migration.name).sort());
    const [{ applied }] = await fresh.query<{ applied: number | string }[]>('SELECT COUNT(*) AS applied FROM migrations');
    expect(Number(applied)).toBe(MIGRATIONS.length);
  }, 120_000);

  it('lets the api and the workers start only against the schema they were built for', async () => {
    await expect(assertSchemaCurrent(fresh)).rejects.toThrow(`older than this build: ${MIGRATIONS.length} migration(s) not applied`);
    await migrateDatabase(freshConfig);
    await expect(assertSchemaCurrent(fresh)).resolves.toBeUndefined();
    await fresh.query('INSERT INTO migrations (timestamp, name) VALUES (?, ?)', [1999999999999, 'FromANewerBuild1999999999999']);
    await expect(assertSchemaCurrent(fresh)).rejects.toThrow(
      'newer than this build: it has migrations this build does not know (FromANewerBuild1999999999999)',
    );
  }, 120_000);

  it('undoes migrations newest first, every one of them, so that a rollback can begin, and applies them again', async () => {
    const names = MIGRATIONS.map((migration) => migration.name);
    await migrateDatabase(freshConfig);
    expect(await revertMigrations(freshConfig, 1)).toEqual(names.slice(-1));
    await expect(assertSchemaCurrent(fresh)).rejects.toThrow(`not applied (${names.at(-1)})`);

    expect(await revertMigrations(freshConfig, names.length)).toEqual(names.slice(0, -1).reverse());
    const tables = (await fresh.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()')) as {
      name: string;
    }[];
    expect(tables.map((table) => table.name)).toEqual(['migrations']);

    expect(await migrateDatabase(freshConfig)).toEqual(names);
    await expect(assertSchemaCurrent(fresh)).resolves.toBeUndefined();
  }, 180_000);
});
