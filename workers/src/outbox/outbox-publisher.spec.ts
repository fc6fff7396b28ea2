import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { DataSource, In, IsNull } from 'typeorm';
import { JOBS, outboxJobId, QUEUES } from '@shop/contracts';
import { createDataSource, inTransaction, OutboxEvent, publishOnCommit, recordEvent, type RecordedEvent } from '@shop/db';
import { OutboxPublisher, queuesByName } from '@shop/infrastructure';
import { settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { WorkersModule } from '../workers.module.js';

describe('outbox events published by the process that commits them', () => {
  let workers: INestApplication;
  let dataSource: DataSource;
  let pipeline: Queue;

  beforeAll(async () => {
    // The relay looks a minute apart: anything published sooner was published by its commit.
    const config = testConfig({ OUTBOX_POLL_INTERVAL_MS: '60000' });
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    dataSource = workers.get(DataSource);
    pipeline = workers.get<Queue>(getQueueToken(QUEUES.pipeline));
    // The relay's first pass runs at start; let it settle into its minute-long pause.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(() => workers?.close());

  // Each heartbeat's payload is its own, so a row or job can be told from every other.
  let beats = Date.now();
  const heartbeat = (manager: Parameters<typeof recordEvent>[0]) => recordEvent(manager, JOBS.pipelineHeartbeat, { emittedAt: ++beats });
  const row = (event: Pick<RecordedEvent, 'id'>) => dataSource.getRepository(OutboxEvent).findOneBy({ id: event.id });

  it('puts a committed event on its queue at once and marks its row published', async () => {
    const event = await inTransaction(dataSource, heartbeat);
    const publishedAt = await waitFor('the row to be marked published', async () => (await row(event))?.publishedAt ?? undefined, 3000);
    expect(publishedAt).toBeInstanceOf(Date);
    expect((await pipeline.getJob(outboxJobId(event.id)))?.data).toEqual(event.payload);
  });

  it('publishes every transaction of a burst, each event once, under the id of its own row', async () => {
    const events = (
      await Promise.all(
        Array.from({ length: 30 }, () =>
          inTransaction(dataSource, async (manager) => [await heartbeat(manager), await heartbeat(manager), await heartbeat(manager)]),
        ),
      )
    ).flat();
    const ids = events.map((event) => event.id);
    await waitFor(
      'every row to be marked published',
      async () => (await dataSource.getRepository(OutboxEvent).countBy({ id: In(ids), publishedAt: IsNull() })) === 0,
      5000,
    );
    // A transaction's events are one multi-row INSERT: each must have learnt its own row's id.
    const rows = await dataSource.getRepository(OutboxEvent).findBy({ id: In(ids) });
    const payloadById = new Map(rows.map((stored) => [stored.id, stored.payload]));
    expect(events.map((event) => payloadById.get(event.id))).toEqual(events.map((event) => event.payload));
    const jobs = await Promise.all(ids.map((id) => pipeline.getJob(outboxJobId(id))));
    expect(jobs.map((job) => job?.data)).toEqual(events.map((event) => event.payload));
  });

  it('publishes nothing of a transaction rolled back', async () => {
    let recorded: RecordedEvent<typeof JOBS.pipelineHeartbeat> | undefined;
    await expect(
      inTransaction(dataSource, async (manager) => {
        recorded = await heartbeat(manager);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [{ written }] = await dataSource.query<{ written: number }[]>(
      "SELECT COUNT(*) AS `written` FROM `outbox_events` WHERE `jobName` = ? AND JSON_EXTRACT(`payload`, '$.emittedAt') = ?",
      [JOBS.pipelineHeartbeat, recorded!.payload.emittedAt],
    );
    expect(Number(written)).toBe(0);
    expect(recorded!.id).toBe('');
  });

  describe('an event whose work the committing process does itself', () => {
    let writer: DataSource;
    let publisher: OutboxPublisher;
    const handled: number[] = [];
    let failing = false;

    beforeAll(async () => {
      writer = await createDataSource(testConfig()).initialize();
      publisher = new OutboxPublisher(writer, queuesByName(workers.get(ModuleRef)));
      publishOnCommit(writer, publisher);
      publisher.handleHere(JOBS.pipelineHeartbeat, async ({ emittedAt }) => {
        if (failing) throw new Error('the emitter is away');
        handled.push(emittedAt);
      });
    });
    afterAll(async () => {
      await publisher?.drain();
      await writer?.destroy();
    });
    const published = (event: RecordedEvent) =>
      waitFor('the row to be marked published', async () => (await row(event))?.publishedAt ?? undefined, 3000);

    it('is done once after the commit, becomes no job, and its row is marked published', async () => {
      const event = await inTransaction(writer, heartbeat);
      await published(event);
      expect(handled.filter((emittedAt) => emittedAt === (event.payload as { emittedAt: number }).emittedAt)).toHaveLength(1);
      expect(await pipeline.getJob(outboxJobId(event.id))).toBeUndefined();
    });

    it('goes to its queue when the work fails here', async () => {
      failing = true;
      try {
        const event = await inTransaction(writer, heartbeat);
        await published(event);
        expect((await pipeline.getJob(outboxJobId(event.id)))?.data).toEqual(event.payload);
      } finally {
        failing = false;
      }
    });

    it('waits for its queue when it is delayed', async () => {
      const event = await inTransaction(writer, (manager) =>
        recordEvent(manager, JOBS.pipelineHeartbeat, { emittedAt: ++beats }, { delayMs: 60_000 }),
      );
      await published(event);
      const job = await pipeline.getJob(outboxJobId(event.id));
      try {
        expect(await job?.getState()).toBe('delayed');
        expect(handled).not.toContain(event.payload.emittedAt);
      } finally {
        await job?.remove();
      }
    });
  });

  it('leaves to the relay a row whose writer never published it, as when it dies after its commit', async () => {
    const orphanWriter = await createDataSource(testConfig()).initialize();
    try {
      const event = await inTransaction(orphanWriter, heartbeat);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await row(event))?.publishedAt).toBeNull();
      expect(await pipeline.getJob(outboxJobId(event.id))).toBeUndefined();
    } finally {
      await orphanWriter.destroy();
    }
  });
});
