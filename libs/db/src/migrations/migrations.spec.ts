import { DataSource } from 'typeorm';
import { testConfig } from '@shop/testing';
import { dataSourceOptions } from '../data-source.js';

/** The schema as information_schema sees it: columns, indexes and foreign keys, comparable across databases. */
async function describeSchema(dataSource: DataSource, database: string): Promise<unknown> {
  const [columns, indexes, foreignKeys] = await Promise.all([
    dataSource.query(
      `SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA FROM information_schema.COLUMNS
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME <> 'migrations' ORDER BY TABLE_NAME, COLUMN_NAME`,
      [database],
    ),
    dataSource.query(
      `SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, INDEX_TYPE, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) AS COLUMNS FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME <> 'migrations' GROUP BY TABLE_NAME, INDEX_NAME, NON_UNIQUE, INDEX_TYPE ORDER BY TABLE_NAME, INDEX_NAME`,
      [database],
    ),
    dataSource.query(
      `SELECT TABLE_NAME, CONSTRAINT_NAME, REFERENCED_TABLE_NAME, DELETE_RULE FROM information_schema.REFERENTIAL_CONSTRAINTS
       WHERE CONSTRAINT_SCHEMA = ? ORDER BY TABLE_NAME, CONSTRAINT_NAME`,
      [database],
    ),
  ]);
  return { columns, indexes, foreignKeys };
}

describe('migrations', () => {
  const config = testConfig();
  const migratedDatabase = new URL(config.DATABASE_URL).pathname.slice(1);
  const entityDatabase = `${migratedDatabase}_entities`;
  let migrated: DataSource;

  beforeAll(async () => {
    migrated = new DataSource(dataSourceOptions(config));
    await migrated.initialize();
    await migrated.runMigrations();
  });
  afterAll(() => migrated?.destroy());

  it('build exactly the schema the entities describe', async () => {
    await migrated.query(`DROP DATABASE IF EXISTS \`${entityDatabase}\``);
    await migrated.query(`CREATE DATABASE \`${entityDatabase}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const entityUrl = new URL(config.DATABASE_URL);
    entityUrl.pathname = `/${entityDatabase}`;
    // Only here is the schema built from the entities directly, as the reference the migrations must match.
    const fromEntities = new DataSource({ ...dataSourceOptions({ ...config, DATABASE_URL: entityUrl.toString() }), synchronize: true });
    await fromEntities.initialize();
    try {
      expect(await describeSchema(migrated, migratedDatabase)).toEqual(await describeSchema(migrated, entityDatabase));
    } finally {
      await fromEntities.destroy();
      await migrated.query(`DROP DATABASE IF EXISTS \`${entityDatabase}\``);
    }
  });

  it('keep a FULLTEXT index for product search', async () => {
    const indexes: { Index_type: string; Column_name: string }[] = await migrated.query('SHOW INDEX FROM products');
    expect(
      indexes
        .filter((index) => index.Index_type === 'FULLTEXT')
        .map((index) => index.Column_name)
        .sort(),
    ).toEqual(['categoryLabel', 'description', 'title']);
  });

  it('keep one account per e-mail and one payment per provider reference', async () => {
    const unique: { TABLE_NAME: string; COLUMN_NAME: string }[] = await migrated.query(
      `SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND NON_UNIQUE = 0 AND INDEX_NAME <> 'PRIMARY'`,
      [migratedDatabase],
    );
    const uniqueColumns = unique.map((row) => `${row.TABLE_NAME}.${row.COLUMN_NAME}`);
    expect(uniqueColumns).toEqual(
      expect.arrayContaining(['users.email', 'payments.providerReference', 'payments.providerReceipt', 'payment_callbacks.deliveryKey']),
    );
  });
});
