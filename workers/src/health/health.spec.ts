import type { INestApplication } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';
import { DiscoveryService, NestFactory } from '@nestjs/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import request from 'supertest';
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
    await app?.close();
    redis?.kill('SIGKILL');
  });

  const health = () => request(app.getHttpServer()).get('/health').timeout(HEALTH_CHECK_TIMEOUT_MS + 3000);

  it('answers 200 with each dependency up, 503 within its timeout while Redis is killed, and 200 again once it is back', async () => {
    expect((await health().expect(200)).body).toEqual({ status: 'ok', mysql: 'up', redis: 'up' });

    redis.kill('SIGKILL');
    await once(redis, 'exit');
    // The workers' Redis client waits for Redis to come back; the health check must not.
    const askedAt = Date.now();
    expect((await health().expect(503)).body).toEqual({ status: 'error', mysql: 'up', redis: 'down' });
    expect(Date.now() - askedAt).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 1000);

    redis = startRedis(redisPort);
    await waitFor('the workers to see Redis again', async () => (await health()).status === 200, 15_000);
    // The queues' own workers reconnect too, each on its own connections.
    const queueWorkers = app.get(DiscoveryService).getProviders().map((wrapper) => wrapper.instance as unknown).filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
    expect(queueWorkers.length).toBeGreaterThan(0);
    await Promise.all(queueWorkers.map((host) => host.worker.waitUntilReady()));
    expect(queueWorkers.every((host) => host.worker.isRunning())).toBe(true);
  });
});
