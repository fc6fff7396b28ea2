import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { JOBS } from '@shop/contracts';
import { inTransaction, OutboxEvent, recordEvent } from '@shop/db';
import { settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { WorkersModule } from '../workers.module.js';

describe('outbox wakes', () => {
  let workers: INestApplication;
  let dataSource: DataSource;

  beforeAll(async () => {
    // A poll a minute apart: anything published sooner was woken by its commit.
    const config = testConfig({ OUTBOX_POLL_INTERVAL_MS: '60000' });
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    dataSource = workers.get(DataSource);
  });
  afterAll(() => workers?.close());

  const published = (event: OutboxEvent) =>
    waitFor(
      'the event to be published',
      async () => (await dataSource.getRepository(OutboxEvent).findOneByOrFail({ id: event.id })).publishedAt,
      3000,
    );

  it('publishes a committed event at once instead of at the next poll', async () => {
    // The relay's first pass runs at start; let it settle into its minute-long pause.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const event = await inTransaction(dataSource, (manager) => recordEvent(manager, JOBS.pipelineHeartbeat, { emittedAt: Date.now() }));
    await published(event);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('wakes for every commit, one after another', async () => {
    for (let round = 0; round < 3; round += 1) {
      const event = await inTransaction(dataSource, (manager) => recordEvent(manager, JOBS.pipelineHeartbeat, { emittedAt: Date.now() }));
      await published(event);
    }
  });
});
