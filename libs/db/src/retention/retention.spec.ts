import { randomBytes } from 'node:crypto';
import { DataSource, In, type Logger } from 'typeorm';
import { JOB_QUEUE, JOBS, MESSAGES, SENDING_ABANDONED_AFTER_MS, type NotificationState } from '@shop/contracts';
import { createTestAccount, testConfig } from '@shop/testing';
import { createDataSource, dataSourceOptions, ShopDataSource } from '../data-source.js';
import { AccountToken } from '../entities/account-token.entity.js';
import { Notification } from '../entities/notification.entity.js';
import { OutboxEvent } from '../entities/outbox-event.entity.js';
import { PaymentCallback } from '../entities/payment-callback.entity.js';
import { Session } from '../entities/session.entity.js';
import { pruneRetainedRows, type RetentionPolicy } from './retention.js';

describe('retention', () => {
  const config = testConfig();
  let dataSource: DataSource;
  // Every row of this file is dated in 1985: no other file's rows are that old (the workers' retention spec dates its own in 1990), so the counts are this file's.
  const now = new Date('1985-03-01T00:00:00Z');
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
  const policy: RetentionPolicy = { outboxDays: 7, callbackPayloadDays: 90, expiredSessionDays: 1, batchSize: 2 };
  const written = { outbox: [] as string[], callbacks: [] as number[], sessions: [] as string[], notifications: [] as number[] };

  const outboxRow = async (createdDaysAgo: number, publishedDaysAgo: number | null) => {
    const event = await dataSource.getRepository(OutboxEvent).save({
      jobName: JOBS.pipelineHeartbeat,
      queueName: JOB_QUEUE[JOBS.pipelineHeartbeat],
      payload: { emittedAt: 0 },
      createdAt: daysBefore(createdDaysAgo),
      publishedAt: publishedDaysAgo === null ? null : daysBefore(publishedDaysAgo),
    });
    written.outbox.push(event.id);
    return event.id;
  };
  const callback = async (receivedDaysAgo: number, { processed = true } = {}) => {
    const body = JSON.stringify({ Body: { stkCallback: { ResultCode: 0 } } });
    const saved = await dataSource.getRepository(PaymentCallback).save({
      provider: 'mpesa',
      deliveryKey: `retention-${randomBytes(6).toString('hex')}`,
      providerReference: 'ws_CO_retention',
      attemptKey: null,
      payload: { body },
      processedAt: processed ? daysBefore(receivedDaysAgo) : null,
      receivedAt: daysBefore(receivedDaysAgo),
    });
    written.callbacks.push(saved.id);
    return saved.id;
  };
  const session = async (userId: number, expiredDaysAgo: number) => {
    const tokenHash = randomBytes(32).toString('hex');
    await dataSource
      .getRepository(Session)
      .save({ tokenHash, userId, expiresAt: daysBefore(expiredDaysAgo), createdAt: daysBefore(expiredDaysAgo + 30) });
    written.sessions.push(tokenHash);
    return tokenHash;
  };

  beforeAll(async () => {
    dataSource = await createDataSource(config).initialize();
  });
  afterAll(async () => {
    // An unpublished row left behind would reach the relays of the files after this one.
    if (written.outbox.length > 0) await dataSource.getRepository(OutboxEvent).delete({ id: In(written.outbox) });
    if (written.callbacks.length > 0) await dataSource.getRepository(PaymentCallback).delete({ id: In(written.callbacks) });
    if (written.sessions.length > 0) await dataSource.getRepository(Session).delete({ tokenHash: In(written.sessions) });
    if (written.notifications.length > 0) await dataSource.getRepository(Notification).delete({ id: In(written.notifications) });
    await dataSource?.destroy();
  });

  it('deletes outbox rows published longer ago than their age, and never an unpublished or a younger one', async () => {
    const old = await Promise.all([outboxRow(40, 8), outboxRow(9, 8), outboxRow(8, 7.01)]);
    const young = await outboxRow(30, 6.99);
    // Never published, however old: the relay still owes it to its queue.
    const unpublished = await outboxRow(60, null);

    expect(await pruneRetainedRows(dataSource, policy, now)).toEqual({
      outboxEvents: 3,
      callbackPayloads: 0,
      sessions: 0,
      accountTokens: 0,
      abandonedMessages: 0,
    });
    const left = await dataSource.getRepository(OutboxEvent).findBy({ id: In([...old, young, unpublished]) });
    expect(left.map((event) => event.id).sort()).toEqual([young, unpublished].sort());
  });

  it('clears the payload of callbacks received longer ago than their age, and keeps the rows', async () => {
    const old = await callback(91);
    const young = await callback(89);
    // A callback whose job has not run yet (a retry, a replay after a Redis loss) still needs its body.
    const unprocessed = await callback(120, { processed: false });

    expect(await pruneRetainedRows(dataSource, policy, now)).toEqual({
      outboxEvents: 0,
      callbackPayloads: 1,
      sessions: 0,
      accountTokens: 0,
      abandonedMessages: 0,
    });
    const callbacks = await dataSource
      .getRepository(PaymentCallback)
      .find({ where: { id: In([old, young, unprocessed]) }, order: { id: 'ASC' } });
    expect(callbacks).toEqual([
      expect.objectContaining({
        id: old,
        payload: {},
        payloadClearedAt: expect.any(Date),
        providerReference: 'ws_CO_retention',
        processedAt: daysBefore(91),
      }),
      expect.objectContaining({ id: young, payload: { body: expect.any(String) }, payloadClearedAt: null }),
      expect.objectContaining({ id: unprocessed, payload: { body: expect.any(String) }, payloadClearedAt: null }),
    ]);
  });

  it('deletes sessions expired longer ago than their age, and keeps the others', async () => {
    const { user } = await createTestAccount(dataSource);
    const [long, lately, live] = [await session(user.id, 1.01), await session(user.id, 0.5), await session(user.id, -30)];

    expect(await pruneRetainedRows(dataSource, policy, now)).toEqual({
      outboxEvents: 0,
      callbackPayloads: 0,
      sessions: 1,
      accountTokens: 0,
      abandonedMessages: 0,
    });
    const left = await dataSource.getRepository(Session).findBy({ tokenHash: In([long, lately, live]) });
    expect(left.map((row) => row.tokenHash).sort()).toEqual([lately, live].sort());
  });

  it("deletes e-mailed links expired longer ago than the sessions' age, used or not, and keeps the others", async () => {
    const { user } = await createTestAccount(dataSource);
    const link = async (expiredDaysAgo: number, used: boolean) =>
      (
        await dataSource.getRepository(AccountToken).save({
          userId: user.id,
          purpose: 'passwordReset',
          tokenHash: randomBytes(32).toString('hex'),
          expiresAt: daysBefore(expiredDaysAgo),
          usedAt: used ? daysBefore(expiredDaysAgo + 0.01) : null,
        })
      ).id;
    const [longUnused, longUsed, lately, live] = [
      await link(1.01, false),
      await link(2, true),
      await link(0.5, false),
      await link(-30, false),
    ];

    expect(await pruneRetainedRows(dataSource, policy, now)).toEqual({
      outboxEvents: 0,
      callbackPayloads: 0,
      sessions: 0,
      accountTokens: 2,
      abandonedMessages: 0,
    });
    const left = await dataSource.getRepository(AccountToken).findBy({ id: In([longUnused, longUsed, lately, live]) });
    expect(left.map((row) => row.id).sort()).toEqual([lately, live].sort());
  });

  it('fails messages left sending longer than the abandonment age, as outcome unknown, and no other', async () => {
    const message = async (state: NotificationState, updatedAt: Date) => {
      const { identifiers } = await dataSource.getRepository(Notification).insert({
        outboxEventId: 1,
        kind: 'orderPaid',
        channel: 'email',
        recipient: `${randomBytes(6).toString('hex')}@retention.test`,
        orderId: null,
        userId: null,
        state,
        attempts: 1,
      });
      const id = identifiers[0]!.id as number;
      // updatedAt is the database's own on every write: set after the insert, as a stalled attempt would have left it.
      await dataSource.query('UPDATE `notifications` SET `updatedAt` = ? WHERE `id` = ?', [updatedAt, id]);
      written.notifications.push(id);
      return id;
    };
    const abandonedAt = new Date(now.getTime() - SENDING_ABANDONED_AFTER_MS);
    const [abandoned, stillSending, oldPending, oldSent] = [
      await message('sending', new Date(abandonedAt.getTime() - 1)),
      await message('sending', new Date(abandonedAt.getTime() + 1000)),
      await message('pending', daysBefore(3)),
      await message('sent', daysBefore(3)),
    ];

    expect(await pruneRetainedRows(dataSource, policy, now)).toEqual({
      outboxEvents: 0,
      callbackPayloads: 0,
      sessions: 0,
      accountTokens: 0,
      abandonedMessages: 1,
    });
    const rows = await dataSource
      .getRepository(Notification)
      .find({ where: { id: In([abandoned, stillSending, oldPending, oldSent]) }, order: { id: 'ASC' } });
    expect(rows.map(({ state, lastError }) => [state, lastError])).toEqual([
      ['failed', MESSAGES.notifications.outcomeUnknown],
      ['sending', null],
      ['pending', null],
      ['sent', null],
    ]);
  });

  /** The statements one run sends, with their parameters, and what it returned. */
  const statementsOf = async (): Promise<{ pruned: unknown; statements: [string, unknown[]][] }> => {
    const statements: [string, unknown[]][] = [];
    const ignore = () => undefined;
    const seeingStatements: Logger = {
      logQuery: (query, parameters) => {
        if (/^(DELETE|UPDATE) /.test(query)) statements.push([query, parameters as unknown[]]);
      },
      logQueryError: ignore,
      logQuerySlow: ignore,
      logSchemaBuild: ignore,
      logMigration: ignore,
      log: ignore,
    };
    const watched = await new ShopDataSource({ ...dataSourceOptions(config), logging: ['query'], logger: seeingStatements }).initialize();
    try {
      return { pruned: await pruneRetainedRows(watched, policy, now), statements };
    } finally {
      await watched.destroy();
    }
  };

  it('prunes in statements of at most the batch size, until one comes back short', async () => {
    await Promise.all([outboxRow(20, 10), outboxRow(20, 10), outboxRow(20, 10), outboxRow(20, 10), outboxRow(20, 10)]);
    const { pruned, statements } = await statementsOf();
    expect(pruned).toEqual({ outboxEvents: 5, callbackPayloads: 0, sessions: 0, accountTokens: 0, abandonedMessages: 0 });
    // 2, 2 and the short 1 that ends the loop.
    const outboxStatements = statements
      .filter(([query]) => query.startsWith('DELETE FROM `outbox_events`'))
      .map(([, parameters]) => parameters);
    expect(outboxStatements).toEqual([
      [daysBefore(7), 2],
      [daysBefore(7), 2],
      [daysBefore(7), 2],
    ]);
  });

  it('reads an index in its own order for every kind, never sorting the old rows', async () => {
    const { statements } = await statementsOf();
    expect(statements).toHaveLength(5);
    for (const [query, parameters] of statements) {
      const [plan] = await dataSource.query<{ table: string; key: string | null; Extra: string }[]>(`EXPLAIN ${query}`, parameters);
      expect({ table: plan!.table, byIndex: plan!.key !== null, sorts: plan!.Extra.includes('filesort') }).toEqual({
        table: plan!.table,
        byIndex: true,
        sorts: false,
      });
    }
  });

  it('changes nothing when run again', async () => {
    await Promise.all([outboxRow(20, 10), callback(100)]);
    expect(await pruneRetainedRows(dataSource, policy, now)).toEqual({
      outboxEvents: 1,
      callbackPayloads: 1,
      sessions: 0,
      accountTokens: 0,
      abandonedMessages: 0,
    });
    expect(await pruneRetainedRows(dataSource, policy, now)).toEqual({
      outboxEvents: 0,
      callbackPayloads: 0,
      sessions: 0,
      accountTokens: 0,
      abandonedMessages: 0,
    });
  });
});
