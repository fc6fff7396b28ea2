import type { Server } from 'node:http';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Worker, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import request from 'supertest';
import {
  CATALOGUE_API,
  JOBS,
  MESSAGES,
  operationsKeys,
  ORDER_API,
  pipelineHeartbeatKeys,
  QUEUE_NAMES,
  QUEUES,
  WORKER_PRESENCE,
  type PipelineHeartbeatEvent,
  type QueueName,
} from '@shop/contracts';
import { inTransaction, OutboxEvent, recordEvent } from '@shop/db';
import {
  createTestAccount,
  createTestProduct,
  DisposableRedis,
  refusalAnswer,
  sampleOf,
  sessionCookieOf,
  settleLeftoverWork,
  testConfig,
  waitFor,
} from '@shop/testing';
import { UNMATCHED_ROUTE } from '../../../api/src/metrics/http-metrics.middleware.js';
import { PipelineHeartbeatService } from '../../../api/src/pipeline/pipeline-heartbeat.service.js';
import { startTestApi, useTestApi, type TestApi } from '../../../api/src/testing/test-api.js';
import { WorkersModule } from '../../../workers/src/workers.module.js';

const METRICS_PATH = '/api/metrics';

async function scrape(server: Server): Promise<string> {
  const response = await request(server).get(METRICS_PATH).expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text;
}

describe('api metrics', () => {
  const config = testConfig();
  const shop = useTestApi(config);
  let redis: Redis;
  const queue = (name: QueueName) => shop.app.get<Queue>(getQueueToken(name));

  beforeAll(() => {
    redis = new Redis(config.REDIS_URL);
  });
  afterAll(() => redis?.disconnect());

  it('answers Prometheus without a session, with process figures and MySQL and Redis up', async () => {
    const exposition = await scrape(shop.server);
    expect(sampleOf(exposition, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sampleOf(exposition, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleOf(exposition, 'toyduka_dependency_up', { dependency: 'mysql' })).toBe(1);
    expect(sampleOf(exposition, 'toyduka_dependency_up', { dependency: 'redis' })).toBe(1);
  });

  it('times requests by route pattern and status, never by the URL they were made to', async () => {
    const product = await createTestProduct(shop.dataSource);
    const productRoute = { method: 'GET', route: '/api/shop/products/get/:id', status: '200' };
    const callbackRoute = { method: 'POST', route: '/api/shop/mpesa-callback/:token{/:attemptKey}', status: '404' };
    const unmatched = { method: 'GET', route: UNMATCHED_ROUTE, status: '404' };
    const before = await scrape(shop.server);
    const countOf = (exposition: string, labels: Record<string, string>) =>
      sampleOf(exposition, 'toyduka_http_request_duration_seconds_count', labels) ?? 0;

    await request(shop.server).get(CATALOGUE_API.shopProduct(product.id)).expect(200);
    await request(shop.server).get(CATALOGUE_API.shopProduct(product.id)).expect(200);
    const guessedToken = 'guessed-token-that-must-not-be-recorded';
    await request(shop.server).post(ORDER_API.mpesaCallback(guessedToken)).send({}).expect(404);
    await request(shop.server).get('/api/no/such/route').expect(404);
    const after = await scrape(shop.server);

    expect(countOf(after, productRoute) - countOf(before, productRoute)).toBe(2);
    expect(countOf(after, callbackRoute) - countOf(before, callbackRoute)).toBe(1);
    expect(countOf(after, unmatched) - countOf(before, unmatched)).toBe(1);
    expect(sampleOf(after, 'toyduka_http_request_duration_seconds_sum', productRoute)).toBeGreaterThan(0);
    expect(sampleOf(after, 'toyduka_http_request_duration_seconds_bucket', { ...productRoute, le: '+Inf' })).toBe(
      countOf(after, productRoute),
    );
    expect(after).not.toContain(guessedToken);
    expect(after).not.toContain(`/get/${product.id}`);
    expect(after).not.toContain('/no/such/route');
  });

  it('reads queue depths at scrape time', async () => {
    await queue(QUEUES.images).add(JOBS.imageResize, { imageId: 1 });
    await queue(QUEUES.orders).add(JOBS.orderExpire, { orderId: 1 }, { delay: 60_000 });
    const exposition = await scrape(shop.server);
    expect(sampleOf(exposition, 'toyduka_queue_jobs', { queue: QUEUES.images, state: 'waiting' })).toBe(1);
    expect(sampleOf(exposition, 'toyduka_queue_jobs', { queue: QUEUES.orders, state: 'delayed' })).toBe(1);
    expect(sampleOf(exposition, 'toyduka_queue_jobs', { queue: QUEUES.payments, state: 'failed' })).toBe(0);

    // A worker of the test's own, failing every job: the api process runs none.
    const worker = new Worker(QUEUES.payments, () => Promise.reject(new Error('refused by the test')), {
      connection: { url: config.REDIS_URL },
      prefix: config.REDIS_PREFIX,
    });
    try {
      await queue(QUEUES.payments).add(JOBS.mpesaReconcile, { paymentId: 1 }, { attempts: 1 });
      await waitFor(
        'the job in the failed set',
        async () => sampleOf(await scrape(shop.server), 'toyduka_queue_jobs', { queue: QUEUES.payments, state: 'failed' }) === 1,
      );
    } finally {
      await worker.close();
    }
  });

  it('counts the worker processes whose presence beat is recent, per queue', async () => {
    const workersOn = async (name: QueueName) => sampleOf(await scrape(shop.server), 'toyduka_queue_workers', { queue: name });
    for (const name of QUEUE_NAMES) expect(await workersOn(name)).toBe(0);
    // What each worker process writes every few seconds (workers/src/operations/worker-presence.ts).
    const presence = operationsKeys(config.REDIS_PREFIX).workers(QUEUES.orders);
    await redis.zadd(presence, Date.now(), 'host-a:1:live', Date.now() - WORKER_PRESENCE.ttlMs - 1000, 'host-b:2:gone-silent');
    expect(await workersOn(QUEUES.orders)).toBe(1);
    expect(await workersOn(QUEUES.images)).toBe(0);
  });

  it('shows an unpublished outbox row in the backlog and the age of the oldest one', async () => {
    const outbox = shop.dataSource.getRepository(OutboxEvent);
    // The oldest row is read by id, the relay's order: rows earlier files left must not be older than this one.
    await settleLeftoverWork(config);
    const before = sampleOf(await scrape(shop.server), 'toyduka_outbox_backlog')!;
    // No relay runs in an api process: the row stays unpublished until the test publishes it.
    const event = await inTransaction(shop.dataSource, (manager) => recordEvent(manager, JOBS.orderExpire, { orderId: 1 }));
    try {
      await outbox
        .createQueryBuilder()
        .update()
        .set({ createdAt: () => 'NOW(3) - INTERVAL 90 SECOND' })
        .where({ id: event.id })
        .execute();
      const waiting = await scrape(shop.server);
      expect(sampleOf(waiting, 'toyduka_outbox_backlog')).toBe(before + 1);
      expect(sampleOf(waiting, 'toyduka_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(90);

      await outbox.update({ id: event.id }, { publishedAt: new Date() });
      expect(sampleOf(await scrape(shop.server), 'toyduka_outbox_backlog')).toBe(before);
    } finally {
      await outbox.delete({ id: event.id });
    }
  });

  it("reports the latest pipeline heartbeat's latency and when it was processed", async () => {
    // The shape and key the heartbeat processor writes (workers/src/pipeline).
    const heartbeat: PipelineHeartbeatEvent = { outboxId: 1, emittedAt: 1_760_000_000_000, processedAt: 1_760_000_000_250, latencyMs: 250 };
    await redis.lpush(pipelineHeartbeatKeys(config.REDIS_PREFIX).recent, JSON.stringify(heartbeat));
    const exposition = await scrape(shop.server);
    expect(sampleOf(exposition, 'toyduka_pipeline_heartbeat_latency_seconds')).toBe(0.25);
    expect(sampleOf(exposition, 'toyduka_pipeline_heartbeat_timestamp_seconds')).toBe(1_760_000_000.25);
  });

  it('counts the signed-in sockets this instance holds', async () => {
    const account = await createTestAccount(shop.dataSource);
    const connections = () => scrape(shop.server).then((exposition) => sampleOf(exposition, 'toyduka_socket_connections'));
    expect(await connections()).toBe(0);
    const browser = io(await shop.app.getUrl(), {
      transports: ['websocket'],
      extraHeaders: { cookie: await sessionCookieOf(shop.server, account) },
    });
    try {
      await waitFor('the socket to connect', () => browser.connected);
      expect(await connections()).toBe(1);
    } finally {
      browser.disconnect();
    }
    await waitFor('the socket to be gone', async () => (await connections()) === 0);
  });
});

describe('api metrics behind METRICS_TOKEN', () => {
  const token = 'test-metrics-token-0123456789abcdefghij';
  const shop = useTestApi(testConfig({ METRICS_TOKEN: token }));

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer test-metrics-token-0123456789abcdefghiX'],
    ['the token with a character missing', `Bearer ${token.slice(0, -1)}`],
    ['the token in another scheme', `Basic ${token}`],
    ['the token bare', token],
  ])('refuses a scrape with %s: 401, naming the Bearer scheme, and no figures', async (_case, authorization) => {
    const scrapeRequest = request(shop.server).get(METRICS_PATH);
    const response = await (authorization === undefined ? scrapeRequest : scrapeRequest.set('Authorization', authorization)).expect(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.body).toEqual(refusalAnswer('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated));
    expect(response.text).not.toContain('toyduka_');
  });

  it('answers Prometheus that sends the token as its bearer token', async () => {
    const response = await request(shop.server).get(METRICS_PATH).set('Authorization', `Bearer ${token}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sampleOf(response.text, 'toyduka_dependency_up', { dependency: 'mysql' })).toBe(1);
  });
});

describe('api metrics while Redis is down', () => {
  let redis: DisposableRedis;
  let shop: TestApi;

  beforeAll(async () => {
    redis = await DisposableRedis.start();
    shop = await startTestApi(testConfig({ REDIS_URL: redis.url }));
  });
  afterAll(async () => {
    await shop?.app.close();
    await redis?.stop();
  });

  it('still answers within a scrape timeout, saying Redis is down and leaving queue figures out', async () => {
    expect(sampleOf(await scrape(shop.server), 'toyduka_queue_jobs', { queue: QUEUES.orders, state: 'waiting' })).toBe(0);
    await redis.stop();
    try {
      const startedAt = Date.now();
      const exposition = await scrape(shop.server);
      expect(Date.now() - startedAt).toBeLessThan(5000);
      expect(sampleOf(exposition, 'toyduka_dependency_up', { dependency: 'redis' })).toBe(0);
      expect(sampleOf(exposition, 'toyduka_dependency_up', { dependency: 'mysql' })).toBe(1);
      expect(sampleOf(exposition, 'toyduka_queue_jobs')).toBeUndefined();
      expect(sampleOf(exposition, 'toyduka_queue_workers')).toBeUndefined();
    } finally {
      // Closing the app waits on the queues' connections: they get their Redis back first.
      await redis.resume();
    }
    expect(sampleOf(await scrape(shop.server), 'toyduka_dependency_up', { dependency: 'redis' })).toBe(1);
  });
});

describe('api metrics with a worker process running', () => {
  const config = testConfig();
  let shop: TestApi;
  let workers: INestApplication;
  let redis: Redis;

  beforeAll(async () => {
    shop = await startTestApi(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    redis = new Redis(config.REDIS_URL);
  });
  afterAll(async () => {
    redis?.disconnect();
    await workers?.close();
    await shop?.app.close();
  });

  it('shows the workers serving every queue and a heartbeat that went the whole way', async () => {
    const row = await shop.app.get(PipelineHeartbeatService).beat();
    const heartbeat = await waitFor('the heartbeat processed', async () => {
      const latest = await redis.lindex(pipelineHeartbeatKeys(config.REDIS_PREFIX).recent, 0);
      const recorded = latest ? (JSON.parse(latest) as PipelineHeartbeatEvent) : undefined;
      return recorded?.outboxId === Number(row.id) && recorded;
    });

    const exposition = await scrape(shop.server);
    expect(sampleOf(exposition, 'toyduka_pipeline_heartbeat_latency_seconds')).toBe(heartbeat.latencyMs / 1000);
    expect(sampleOf(exposition, 'toyduka_pipeline_heartbeat_timestamp_seconds')).toBe(heartbeat.processedAt / 1000);
    for (const name of QUEUE_NAMES) expect(sampleOf(exposition, 'toyduka_queue_workers', { queue: name })).toBe(1);
  });
});
