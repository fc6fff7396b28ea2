import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { JOBS, outboxJobId, QUEUES } from '@shop/contracts';
import { createDataSource, inTransaction, OutboxEvent, recordEvent, replayOutbox } from '@shop/db';
import { DisposableRedis, testConfig, waitFor } from '@shop/testing';
import { PipelineHeartbeatProcessor } from '../pipeline/pipeline-heartbeat.processor.js';
import { WorkersModule } from '../workers.module.js';
import { OutboxRelay } from './outbox-relay.service.js';

describe('outbox relay', () => {
  let redis: DisposableRedis;
  let workers: INestApplication;
  let dataSource: DataSource;
  /** Writes as a process that dies right after its commit: its events are the relay's to publish. */
  let orphanWriter: DataSource;
  const completedJobIds: string[] = [];

  beforeAll(async () => {
    redis = await DisposableRedis.start();
    const config = testConfig({ REDIS_URL: redis.url });
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    dataSource = workers.get(DataSource);
    orphanWriter = await createDataSource(config).initialize();
    workers.get(PipelineHeartbeatProcessor).worker.on('completed', (job: Job) => completedJobIds.push(job.id!));
    // Rows left by earlier runs would be published here too; this file counts only its own.
    await dataSource.getRepository(OutboxEvent).updateAll({ publishedAt: new Date() });
  });

  afterAll(async () => {
    await orphanWriter?.destroy();
    await workers?.close();
    await redis?.stop();
  });

  const writeHeartbeat = () =>
    inTransaction(orphanWriter, (manager) => recordEvent(manager, JOBS.pipelineHeartbeat, { emittedAt: Date.now() }));
  const reload = (event: Pick<OutboxEvent, 'id'>) => dataSource.getRepository(OutboxEvent).findOneByOrFail({ id: event.id });

  it('publishes an event written while Redis is down exactly once after Redis is back', async () => {
    await redis.stop();
    const event = await writeHeartbeat();

    const waiting = await waitFor('a failed publish attempt', async () => {
      const row = await reload(event);
      return row.publishAttempts > 0 && row;
    });
    expect(waiting.publishedAt).toBeNull();
    expect(waiting.lastError).toBeTruthy();

    await redis.resume();
    await waitFor('the job to complete', () => completedJobIds.includes(outboxJobId(event.id)), 20_000);
    expect((await reload(event)).publishedAt).toBeInstanceOf(Date);

    // A second chance to publish (another relay, the next poll) adds nothing.
    expect(await workers.get(OutboxRelay).relayBatch()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(completedJobIds.filter((id) => id === outboxJobId(event.id))).toHaveLength(1);
  });

  it('publishes, exactly once, an event its writer could not publish while Redis was down', async () => {
    await redis.stop();
    // Written by the workers' own DataSource, whose publisher tries at the commit and fails.
    const event = await inTransaction(dataSource, (manager) => recordEvent(manager, JOBS.pipelineHeartbeat, { emittedAt: Date.now() }));
    await waitFor('the relay to try as well', async () => (await reload(event)).publishAttempts > 0, 20_000);
    expect((await reload(event)).publishedAt).toBeNull();

    await redis.resume();
    await waitFor('the job to complete', () => completedJobIds.includes(outboxJobId(event.id)), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(completedJobIds.filter((id) => id === outboxJobId(event.id))).toHaveLength(1);
    expect((await reload(event)).publishedAt).toBeInstanceOf(Date);
  });

  it('publishes a row its writer never published once it is OUTBOX_RELAY_AFTER_MS old (100 here), not before', async () => {
    const event = await writeHeartbeat();
    await waitFor('the job to complete', () => completedJobIds.includes(outboxJobId(event.id)));
    const { createdAt, publishedAt } = await reload(event);
    expect(publishedAt!.getTime() - createdAt.getTime()).toBeGreaterThanOrEqual(100);
  });

  it('makes one job of a row published twice, as after a crash between publish and commit', async () => {
    const event = await writeHeartbeat();
    await waitFor('the job to complete', () => completedJobIds.includes(outboxJobId(event.id)));

    await dataSource.getRepository(OutboxEvent).update({ id: event.id }, { publishedAt: null });
    await waitFor('the row to be published again', async () => (await reload(event)).publishedAt !== null);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const queue = workers.get<Queue>(getQueueToken(QUEUES.pipeline));
    expect(completedJobIds.filter((id) => id === outboxJobId(event.id))).toHaveLength(1);
    expect(await queue.getJob(outboxJobId(event.id))).toBeDefined();
  });

  it('lets two relays share the outbox without publishing a row twice', async () => {
    const relay = workers.get(OutboxRelay);
    const events = await Promise.all(Array.from({ length: 20 }, writeHeartbeat));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const counts = await Promise.all([relay.relayBatch(), relay.relayBatch(), relay.relayBatch()]);

    await waitFor('every job to complete', () => events.every((event) => completedJobIds.includes(outboxJobId(event.id))));
    for (const event of events) {
      expect(completedJobIds.filter((id) => id === outboxJobId(event.id))).toHaveLength(1);
    }
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(events.length);
  });

  it('publishes again what a lost Redis took with it, once the outbox is replayed from the loss', async () => {
    const event = await writeHeartbeat();
    await waitFor('the job to complete', () => completedJobIds.includes(outboxJobId(event.id)));
    const { publishedAt } = await reload(event);

    // A Redis without persistence comes back empty: the job and its id are gone.
    await redis.stop();
    await redis.resume();
    expect(await replayOutbox(dataSource, { since: publishedAt!, queues: [QUEUES.pipeline] })).toBeGreaterThanOrEqual(1);

    await waitFor('the replayed job to complete', () => completedJobIds.filter((id) => id === outboxJobId(event.id)).length === 2, 20_000);
    expect((await reload(event)).publishedAt!.getTime()).toBeGreaterThan(publishedAt!.getTime());
  });
});
