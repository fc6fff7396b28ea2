import { randomBytes } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { DataSource, In } from 'typeorm';
import { JOB_QUEUE, JOBS, MESSAGES, QUEUES } from '@shop/contracts';
import { AccountToken, createDataSource, Notification, OutboxEvent, PaymentCallback, Session, type PrunedRows } from '@shop/db';
import { createTestAccount, sampleOf, settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { WorkerMetrics } from '../metrics/worker-metrics.js';
import { WorkersModule } from '../workers.module.js';
import { RETENTION_SCHEDULER_ID } from './retention.processor.js';

describe('the retention job', () => {
  // Every second, so that the first run comes one second after the schedule is made.
  const config = testConfig({ RETENTION_INTERVAL_MS: '1000' });
  const longAgo = new Date('1990-01-01T00:00:00Z');
  const lately = () => new Date(Date.now() - 3600 * 1000);
  let dataSource: DataSource;
  const apps: INestApplication[] = [];
  const rows = {
    outbox: [] as string[],
    callbacks: [] as number[],
    sessions: [] as string[],
    accountTokens: [] as number[],
    notifications: [] as number[],
  };

  const outboxRow = async (publishedAt: Date) => {
    const event = await dataSource.getRepository(OutboxEvent).save({
      jobName: JOBS.pipelineHeartbeat,
      queueName: JOB_QUEUE[JOBS.pipelineHeartbeat],
      payload: { emittedAt: 0 },
      createdAt: publishedAt,
      publishedAt,
    });
    rows.outbox.push(event.id);
  };
  const callback = async (receivedAt: Date) => {
    const saved = await dataSource.getRepository(PaymentCallback).save({
      provider: 'mpesa',
      deliveryKey: `retention-${randomBytes(6).toString('hex')}`,
      providerReference: null,
      attemptKey: null,
      payload: { body: 'the body as received' },
      processedAt: receivedAt,
      receivedAt,
    });
    rows.callbacks.push(saved.id);
  };
  const session = async (userId: number, expiresAt: Date) => {
    const tokenHash = randomBytes(32).toString('hex');
    await dataSource.getRepository(Session).save({ tokenHash, userId, expiresAt });
    rows.sessions.push(tokenHash);
  };
  const accountToken = async (userId: number, expiresAt: Date) => {
    const saved = await dataSource
      .getRepository(AccountToken)
      .save({ userId, purpose: 'emailVerification', tokenHash: randomBytes(32).toString('hex'), expiresAt, usedAt: null });
    rows.accountTokens.push(saved.id);
  };
  const sendingMessage = async (updatedAt: Date) => {
    const { identifiers } = await dataSource.getRepository(Notification).insert({
      outboxEventId: 1,
      kind: 'orderPaid',
      channel: 'email',
      recipient: `${randomBytes(6).toString('hex')}@retention.test`,
      orderId: null,
      userId: null,
      state: 'sending',
      attempts: 1,
    });
    const id = identifiers[0]!.id as number;
    // updatedAt is the database's own on every write: set after the insert.
    await dataSource.query('UPDATE `notifications` SET `updatedAt` = ? WHERE `id` = ?', [updatedAt, id]);
    rows.notifications.push(id);
  };
  const maintenance = () => apps[0]!.get<Queue>(getQueueToken(QUEUES.maintenance));

  beforeAll(async () => {
    await settleLeftoverWork(config);
    dataSource = await createDataSource(config).initialize();
    const { user } = await createTestAccount(dataSource);
    // One after the other: each list holds the old row first, then the one to keep.
    await outboxRow(longAgo);
    await outboxRow(lately());
    await callback(longAgo);
    await callback(lately());
    await session(user.id, longAgo);
    await session(user.id, new Date(Date.now() + 3600 * 1000));
    await accountToken(user.id, longAgo);
    await accountToken(user.id, new Date(Date.now() + 3600 * 1000));
    await sendingMessage(longAgo);
    // Sending now: its attempt is alive, well within the abandonment age for the whole of this file.
    await sendingMessage(new Date());
    for (let index = 0; index < 2; index += 1) {
      const app = await NestFactory.create(WorkersModule.register(config), { logger: false });
      await app.init();
      apps.push(app);
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await dataSource.getRepository(OutboxEvent).delete({ id: In(rows.outbox) });
    await dataSource.getRepository(PaymentCallback).delete({ id: In(rows.callbacks) });
    await dataSource.getRepository(Session).delete({ tokenHash: In(rows.sessions) });
    await dataSource.getRepository(Notification).delete({ id: In(rows.notifications) });
    await dataSource?.destroy();
  });

  it('keeps one schedule however many worker processes start', async () => {
    expect(await maintenance().getJobSchedulers()).toEqual([
      expect.objectContaining({ key: RETENTION_SCHEDULER_ID, name: JOBS.retentionPrune, every: 1000 }),
    ]);
  });

  it('prunes what is past its age, leaves what is not, and counts what it pruned', async () => {
    const [run] = await waitFor(
      'a retention run to complete',
      async () => (await maintenance().getCompleted()).length > 0 && maintenance().getCompleted(),
      10_000,
    );
    const pruned = run!.returnvalue as PrunedRows;
    // At least this file's rows: the test database may hold other old rows too.
    expect(pruned).toEqual({
      outboxEvents: expect.any(Number),
      callbackPayloads: expect.any(Number),
      sessions: expect.any(Number),
      accountTokens: expect.any(Number),
      abandonedMessages: expect.any(Number),
    });
    for (const count of Object.values(pruned)) expect(count).toBeGreaterThanOrEqual(1);

    expect((await dataSource.getRepository(OutboxEvent).findBy({ id: In(rows.outbox) })).map((event) => event.id)).toEqual([
      rows.outbox[1],
    ]);
    const callbacks = await dataSource.getRepository(PaymentCallback).find({ where: { id: In(rows.callbacks) }, order: { id: 'ASC' } });
    expect(callbacks.map((row) => [row.payload, row.payloadClearedAt === null])).toEqual([
      [{}, false],
      [{ body: 'the body as received' }, true],
    ]);
    expect((await dataSource.getRepository(Session).findBy({ tokenHash: In(rows.sessions) })).map((row) => row.tokenHash)).toEqual([
      rows.sessions[1],
    ]);
    expect((await dataSource.getRepository(AccountToken).findBy({ id: In(rows.accountTokens) })).map((row) => row.id)).toEqual([
      rows.accountTokens[1],
    ]);
    const messages = await dataSource.getRepository(Notification).find({ where: { id: In(rows.notifications) }, order: { id: 'ASC' } });
    expect(messages.map((row) => [row.state, row.lastError])).toEqual([
      ['failed', MESSAGES.notifications.outcomeUnknown],
      ['sending', null],
    ]);

    const counted = async (kind: keyof PrunedRows) => {
      const samples = await Promise.all(
        apps.map(
          async (app) => sampleOf(await app.get(WorkerMetrics).registry.metrics(), 'toyduka_retention_pruned_rows_total', { kind }) ?? 0,
        ),
      );
      return samples.reduce((sum, sample) => sum + sample, 0);
    };
    for (const kind of ['outboxEvents', 'callbackPayloads', 'sessions', 'accountTokens', 'abandonedMessages'] as const)
      expect(await counted(kind)).toBeGreaterThanOrEqual(pruned[kind]);
  });
});
