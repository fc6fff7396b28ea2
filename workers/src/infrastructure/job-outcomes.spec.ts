import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { recordEvent } from '@shop/db';
import { settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { WorkersModule } from '../workers.module.js';
import { JobOutcomes, type JobOutcome } from './job-outcomes.js';

describe('job outcomes', () => {
  let workers: INestApplication;
  const seen: JobOutcome[] = [];

  beforeAll(async () => {
    const config = testConfig();
    // Only this file's job may end here: rows earlier files left unpublished would run too.
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    workers.get(JobOutcomes).listen((outcome) => seen.push(outcome));
  });
  afterAll(() => workers?.close());

  it('reports each attempt with its queue, name, time and whether BullMQ tries again', async () => {
    // An image id no row has: the attempt fails, and the images queue allows more.
    await workers.get(DataSource).transaction((manager) => recordEvent(manager, 'image.resize', { imageId: 2_000_000_000 }));
    const outcome = await waitFor('the job to end', async () => seen.find((candidate) => candidate.name === 'image.resize'), 15_000);
    expect(outcome).toMatchObject({ queue: 'images', name: 'image.resize', status: 'failed', attemptsMade: 1, willRetry: true });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(outcome.finishedAt).toBeLessThanOrEqual(Date.now());
  });
});
