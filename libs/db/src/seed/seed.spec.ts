import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { testConfig } from '@shop/testing';
import { dataSourceOptions } from '../data-source.js';
import { seedDemoData } from './seed.js';

describe('the demo seed', () => {
  const config = testConfig();
  const seedUrl = new URL(config.DATABASE_URL);
  seedUrl.pathname = `${seedUrl.pathname}_seed`;
  let uploadsDir: string;
  let seeded: DataSource;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'toyduka-seed-'));
    const server = new DataSource(dataSourceOptions(config));
    await server.initialize();
    await server.query(`DROP DATABASE IF EXISTS \`${seedUrl.pathname.slice(1)}\``);
    await server.query(`CREATE DATABASE \`${seedUrl.pathname.slice(1)}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await server.destroy();
    seeded = new DataSource(dataSourceOptions({ ...config, DATABASE_URL: seedUrl.toString() }));
    await seeded.initialize();
    await seeded.runMigrations();
  }, 60_000);
  afterAll(async () => {
    await seeded?.query(`DROP DATABASE IF EXISTS \`${seedUrl.pathname.slice(1)}\``);
    await seeded?.destroy();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it("opens each demo product's ledger with its stock, once however often it runs", async () => {
    const seedConfig = { ...config, DATABASE_URL: seedUrl.toString(), UPLOADS_DIR: uploadsDir };
    expect((await seedDemoData(seedConfig)).productsCreated).toBeGreaterThan(0);
    await seedDemoData(seedConfig);
    const drift = await seeded.query<{ id: number }[]>(
      'SELECT product.id FROM products product WHERE product.totalStock <> (SELECT COALESCE(SUM(movement.delta), 0) FROM stock_movements movement WHERE movement.productId = product.id)',
    );
    expect(drift).toEqual([]);
    const [{ openings }] = await seeded.query<{ openings: string }[]>(
      "SELECT COUNT(*) AS openings FROM stock_movements WHERE kind = 'opening'",
    );
    const [{ products }] = await seeded.query<{ products: string }[]>('SELECT COUNT(*) AS products FROM products');
    expect(Number(openings)).toBe(Number(products));
  }, 120_000);
});
