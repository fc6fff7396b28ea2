import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { JOB_QUEUE, JOBS, QUEUES, type JobName } from '@shop/contracts';
import { inTransaction, recordEvent } from '@shop/db';
import { sampleOf, settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { JobOutcomes, type JobOutcome } from '../infrastructure/job-outcomes.js';
import { WorkersModule } from '../workers.module.js';

describe('workers metrics', () => {
  let workers: INestApplication;
  let dataSource: DataSource;
  const outcomes: JobOutcome[] = [];

  beforeAll(async () => {
    const config = testConfig();
    // This file counts only its own jobs: nothing left by earlier files may run once the relay starts.
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.listen(0, '127.0.0.1');
    dataSource = workers.get(DataSource);
    workers.get(JobOutcomes).listen((outcome) => outcomes.push(outcome));
  });
  afterAll(() => workers?.close());

  async function scrape(): Promise<string> {
    const response = await request(workers.getHttpServer()).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text;
  }
  const publish = <Name extends JobName>(name: Name, payload: Parameters<typeof recordEvent<Name>>[2]) =>
    inTransaction(dataSource, (manager) => recordEvent(manager, name, payload));

  it('serves process figures and a zero for every job before any ran', async () => {
    const exposition = await scrape();
    expect(sampleOf(exposition, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    for (const [name, queue] of Object.entries(JOB_QUEUE)) {
      expect(sampleOf(exposition, 'toyduka_jobs_completed_total', { queue, name })).toBe(0);
      expect(sampleOf(exposition, 'toyduka_jobs_failed_total', { queue, name, will_retry: 'false' })).toBe(0);
    }
  });

  it('counts a processed job and times it', async () => {
    const series = { queue: QUEUES.pipeline, name: JOBS.pipelineHeartbeat };
    const before = await scrape();
    await publish(JOBS.pipelineHeartbeat, { emittedAt: Date.now() });
    await waitFor(
      'the heartbeat job to complete',
      () => outcomes.some((outcome) => outcome.name === JOBS.pipelineHeartbeat && outcome.status === 'completed'),
      15_000,
    );

    const after = await scrape();
    expect(sampleOf(after, 'toyduka_jobs_completed_total', series)! - sampleOf(before, 'toyduka_jobs_completed_total', series)!).toBe(1);
    expect(sampleOf(after, 'toyduka_job_duration_seconds_count', { ...series, status: 'completed' })).toBe(1);
    expect(sampleOf(after, 'toyduka_job_duration_seconds_sum', { ...series, status: 'completed' })).toBeGreaterThanOrEqual(0);
  });

  it('counts a failed attempt, saying whether BullMQ tries again', async () => {
    const series = { queue: QUEUES.images, name: JOBS.imageResize };
    // An image id no row has: the attempt fails, and the images queue allows more.
    await publish(JOBS.imageResize, { imageId: 2_000_000_000 });
    await waitFor(
      'the resize attempt to fail',
      () => outcomes.some((outcome) => outcome.name === JOBS.imageResize && outcome.status === 'failed'),
      15_000,
    );

    const exposition = await scrape();
    expect(sampleOf(exposition, 'toyduka_jobs_failed_total', { ...series, will_retry: 'true' })).toBeGreaterThanOrEqual(1);
    expect(sampleOf(exposition, 'toyduka_jobs_failed_total', { ...series, will_retry: 'false' })).toBe(0);
    expect(sampleOf(exposition, 'toyduka_jobs_completed_total', series)).toBe(0);
    expect(sampleOf(exposition, 'toyduka_job_duration_seconds_count', { ...series, status: 'failed' })).toBeGreaterThanOrEqual(1);
  });
});
