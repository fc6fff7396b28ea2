import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { DiscoveryService, NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { outboxJobId, QUEUE_NAMES, QUEUE_SETTINGS, QUEUES, type QueueName } from '@shop/contracts';
import { recordEvent } from '@shop/db';
import { settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { queueProcessorsOf } from './infrastructure/queue-concurrency.js';
import { WorkerPresence } from './operations/worker-presence.js';
import { MpesaAttemptSweep } from './payments/mpesa-attempt-sweep.js';
import { WorkersModule } from './workers.module.js';

describe('workers by role', () => {
  let workers: INestApplication | undefined;

  const startWorkers = async (config: AppConfig) => {
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    return workers;
  };
  const concurrencies = (app: INestApplication) =>
    Object.fromEntries(queueProcessorsOf(app.get(DiscoveryService)).map(({ worker }) => [worker.name, worker.concurrency]));
  const queue = (app: INestApplication, name: QueueName) => app.get<Queue>(getQueueToken(name));
  const sweeps = (app: INestApplication) =>
    app
      .get(DiscoveryService)
      .getProviders()
      .some((wrapper) => wrapper.instance instanceof MpesaAttemptSweep);

  afterEach(async () => {
    await workers?.close();
    workers = undefined;
  });

  it("takes only the jobs of the queues it serves, and still relays every queue's events", async () => {
    const app = await startWorkers(testConfig({ WORKER_QUEUES: 'images', WORKER_CONCURRENCY: 'images=3' }));
    expect(app.get(WorkerPresence).servedQueues()).toEqual([QUEUES.images]);
    expect(concurrencies(app)).toEqual({ images: 3 });
    // The sweep queues payment checks: it runs only where payments are taken.
    expect(sweeps(app)).toBe(false);

    // Ids no row has: the image job fails where it runs, and the payments job would fail too if it ran.
    const [payment, image] = await app
      .get(DataSource)
      .transaction(async (manager) => [
        await recordEvent(manager, 'mpesa.reconcile', { attemptId: 2_000_000_001 }),
        await recordEvent(manager, 'image.resize', { imageId: 2_000_000_002 }),
      ]);
    await waitFor(
      'the image job to be taken',
      async () => (await queue(app, QUEUES.images).getJob(outboxJobId(image.id)))?.processedOn !== undefined,
      10_000,
    );

    const paymentJob = await queue(app, QUEUES.payments).getJob(outboxJobId(payment.id));
    expect(paymentJob).toBeDefined();
    expect(await paymentJob!.getState()).toBe('waiting');
    expect(paymentJob!.processedOn).toBeUndefined();
    expect([await queue(app, QUEUES.payments).getWorkersCount(), await queue(app, QUEUES.images).getWorkersCount()]).toEqual([0, 1]);
  });

  it('runs every queue by default, each at its configured concurrency or else its own default', async () => {
    const app = await startWorkers(testConfig({ WORKER_CONCURRENCY: 'images=1,payments=20' }));
    expect(app.get(WorkerPresence).servedQueues().sort()).toEqual([...QUEUE_NAMES].sort());
    expect(concurrencies(app)).toEqual({
      ...Object.fromEntries(QUEUE_NAMES.map((name) => [name, QUEUE_SETTINGS[name].concurrency])),
      images: 1,
      payments: 20,
    });
    expect(sweeps(app)).toBe(true);
  });
});
