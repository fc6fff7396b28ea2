import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { DiscoveryService, NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { JOBS, QUEUES } from '@shop/contracts';
import { HEALTH_CHECK_TIMEOUT_MS } from '@shop/infrastructure';
import { freePort, settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { WorkersModule } from '../workers.module.js';

/** A Redis of this test's own, which it may kill: never the machine's. */
function startRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

describe("the workers' health during a Redis outage", () => {
  let redisPort: number;
  let redis: ChildProcess;
  let app: INestApplication;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = startRedis(redisPort);
    const config = testConfig({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    await settleLeftoverWork(config);
    app = await NestFactory.create(WorkersModule.register(config), { logger: false, abortOnError: false });
    await app.init();
    await waitFor('the private Redis to answer', async () => (await request(app.getHttpServer()).get('/health')).status === 200, 10_000);
  });
  afterAll(async () => {
    try {
      await app?.close();
    } finally {
      redis?.kill('SIGKILL');
    }
  });

  const health = () =>
    request(app.getHttpServer())
      .get('/health')
      .timeout(HEALTH_CHECK_TIMEOUT_MS + 3000);
  const probe = (kind: 'live' | 'ready') =>
    request(app.getHttpServer())
      .get(`/health/${kind}`)
      .timeout(HEALTH_CHECK_TIMEOUT_MS + 3000);

  it('answers 200 with each dependency up, 503 within its timeout while Redis is killed, and 200 again once it is back', async () => {
    expect((await health().expect(200)).body).toEqual({ status: 'ok', mysql: 'up', redis: 'up' });
    expect((await probe('ready').expect(200)).body).toEqual({ status: 'ok', mysql: 'up', redis: 'up' });
    expect((await probe('live').expect(200)).body).toEqual({ status: 'ok' });

    redis.kill('SIGKILL');
    await once(redis, 'exit');
    // The workers' Redis client waits for Redis to come back; the health check must not.
    const askedAt = Date.now();
    expect((await health().expect(503)).body).toEqual({ status: 'error', mysql: 'up', redis: 'down' });
    expect(Date.now() - askedAt).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 1000);
    const readinessAskedAt = Date.now();
    expect((await probe('ready').expect(503)).body).toEqual({ status: 'error', mysql: 'up', redis: 'down' });
    expect(Date.now() - readinessAskedAt).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 1000);
    // Restarting the workers would not bring Redis back: they stay live.
    expect((await probe('live').expect(200)).body).toEqual({ status: 'ok' });

    redis = startRedis(redisPort);
    await waitFor('the workers to see Redis again', async () => (await health()).status === 200, 15_000);
    await probe('ready').expect(200);
    // The queues' own workers reconnect too, each on its own connections.
    const queueWorkers = app
      .get(DiscoveryService)
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
    expect(queueWorkers.length).toBeGreaterThan(0);
    await Promise.all(queueWorkers.map((host) => host.worker.waitUntilReady()));
    expect(queueWorkers.every((host) => host.worker.isRunning())).toBe(true);
  });

  it('takes queued work again within seconds of Redis coming back after a long outage, and still shuts down promptly', async () => {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
    // BullMQ's own reconnect pace (e^n seconds, up to 20 s) would have its clients' next try some
    // 20 s after this outage's end; the shop's pace keeps them at most 2 s apart.
    await new Promise((resolve) => setTimeout(resolve, 19_000));
    redis = startRedis(redisPort);
    const restartedAt = Date.now();

    const orders = app.get<Queue>(getQueueToken(QUEUES.orders));
    // An announcement of an order that does not exist: the orders worker completes it as 'order gone'.
    const job = await orders.add(JOBS.orderStatusChanged, { orderId: 2_000_000_000 });
    await waitFor('the orders worker to take the job', async () => (await job.getState()) === 'completed', 15_000);
    expect(Date.now() - restartedAt).toBeLessThan(5000);

    const closingAt = Date.now();
    await app.close();
    expect(Date.now() - closingAt).toBeLessThan(5000);
  }, 60_000);
});
