import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { testConfig } from '@shop/testing';
import { dataSourceOptions } from './data-source.js';
import { inTransaction, Refusal } from './transactions.js';

describe('inTransaction, the one way to open a transaction', () => {
  let dataSource: DataSource;
  const table = `transactions_probe_${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    dataSource = await new DataSource(dataSourceOptions(testConfig())).initialize();
    await dataSource.query(`CREATE TABLE \`${table}\` (\`id\` int PRIMARY KEY, \`note\` varchar(20) NOT NULL) ENGINE=InnoDB`);
  });
  afterAll(async () => {
    await dataSource?.query(`DROP TABLE IF EXISTS \`${table}\``);
    await dataSource?.destroy();
  });

  const insert = (manager: { query(sql: string, parameters?: unknown[]): Promise<unknown> }, id: number) =>
    manager.query(`INSERT INTO \`${table}\` (\`id\`, \`note\`) VALUES (?, 'written')`, [id]);
  const stored = async (id: number) =>
    ((await dataSource.query(`SELECT COUNT(*) AS n FROM \`${table}\` WHERE \`id\` = ?`, [id])) as { n: string }[])[0]!.n === '1';

  it('commits what the work wrote and answers what it answered', async () => {
    expect(await inTransaction(dataSource, async (manager) => (await insert(manager, 1), 'done'))).toBe('done');
    expect(await stored(1)).toBe(true);
  });

  it('rolls back everything written before a refusal, and answers the refusal', async () => {
    const refusal = new Refusal('ORDER_NOT_PAID', 'no');
    expect(await inTransaction(dataSource, async (manager) => (await insert(manager, 2), refusal))).toBe(refusal);
    expect(await stored(2)).toBe(false);
  });

  it('rolls back what was written before an error, and throws it', async () => {
    await expect(
      inTransaction(dataSource, async (manager) => {
        await insert(manager, 3);
        throw new Error('broken halfway');
      }),
    ).rejects.toThrow('broken halfway');
    expect(await stored(3)).toBe(false);
  });

  it('runs at the isolation level asked for, and at the database default otherwise', async () => {
    /** Whether a row another connection commits mid-transaction shows in a second read: READ COMMITTED's mark, not REPEATABLE READ's. */
    const seesOthersCommits = (id: number) => async (manager: { query(sql: string, parameters?: unknown[]): Promise<unknown> }) => {
      const count = async () =>
        ((await manager.query(`SELECT COUNT(*) AS n FROM \`${table}\` WHERE \`id\` = ?`, [id])) as { n: string }[])[0]!.n;
      await count();
      await insert(dataSource, id);
      return (await count()) === '1';
    };
    expect(await inTransaction(dataSource, seesOthersCommits(20), { isolation: 'READ COMMITTED' })).toBe(true);
    expect(await inTransaction(dataSource, seesOthersCommits(21))).toBe(false);
  });

  it('runs a real deadlock victim again, and leaves it to the caller when told not to', async () => {
    await Promise.all([10, 11].map((id) => dataSource.query(`INSERT INTO \`${table}\` (\`id\`, \`note\`) VALUES (?, 'start')`, [id])));
    /** Two transactions that lock 10 and 11 in opposite orders, each waiting for the other: MySQL kills one. */
    const crossing = (options: { retryDeadlocks?: boolean }) => {
      let runs = 0;
      let bothHoldOne: () => void;
      const firstLocks = new Promise<void>((resolve) => (bothHoldOne = resolve));
      let locked = 0;
      const lockInOrder = (first: number, second: number) =>
        inTransaction(
          dataSource,
          async (manager) => {
            runs += 1;
            await manager.query(`UPDATE \`${table}\` SET \`note\` = 'a' WHERE \`id\` = ?`, [first]);
            if ((locked += 1) === 2) bothHoldOne();
            await firstLocks;
            await manager.query(`UPDATE \`${table}\` SET \`note\` = 'b' WHERE \`id\` = ?`, [second]);
          },
          options,
        );
      return { outcomes: Promise.allSettled([lockInOrder(10, 11), lockInOrder(11, 10)]), runs: () => runs };
    };

    const retried = crossing({});
    expect((await retried.outcomes).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(retried.runs()).toBe(3);

    const left = crossing({ retryDeadlocks: false });
    const outcomes = await left.outcomes;
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason)).toEqual(
      [expect.objectContaining({ code: 'ER_LOCK_DEADLOCK' })],
    );
    expect(left.runs()).toBe(2);
  });
});
