import { DataSource } from 'typeorm';
import { testConfig } from '@shop/testing';
import { dataSourceOptions } from '../data-source.js';
import { inTransaction, Refusal } from '../transactions.js';
import { markShopWindowChanged, watchShopWindow } from './shop-window-changes.js';

describe('changes of the shop window', () => {
  let dataSource: DataSource;
  const told: string[] = [];
  beforeAll(async () => {
    dataSource = await new DataSource(dataSourceOptions(testConfig())).initialize();
    watchShopWindow(dataSource, {
      changed: async () => {
        told.push('changed');
      },
    });
  });
  afterAll(() => dataSource?.destroy());
  beforeEach(() => told.splice(0));

  it('are told once their transaction has committed, once per transaction, and before the commit returns', async () => {
    await inTransaction(dataSource, async (manager) => {
      await markShopWindowChanged(manager);
      await markShopWindowChanged(manager);
      expect(told).toEqual([]);
    });
    expect(told).toEqual(['changed']);
  });

  it('are not told when their transaction is rolled back, by a refusal or an error', async () => {
    await inTransaction(dataSource, async (manager) => (await markShopWindowChanged(manager), new Refusal('ORDER_NOT_PAID', 'no')));
    await expect(
      inTransaction(dataSource, async (manager) => {
        await markShopWindowChanged(manager);
        throw new Error('broken halfway');
      }),
    ).rejects.toThrow('broken halfway');
    // The runner's next transaction, with no change of its own, tells nothing either.
    await inTransaction(dataSource, async (manager) => manager.query('SELECT 1'));
    expect(told).toEqual([]);
  });

  it('are told at once outside a transaction', async () => {
    await markShopWindowChanged(dataSource.manager);
    expect(told).toEqual(['changed']);
  });
});
