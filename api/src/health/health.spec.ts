import type { NestApplication } from '@nestjs/core';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import request from 'supertest';
import { socketChannelKey } from '@shop/contracts';
import { HEALTH_CHECK_TIMEOUT_MS } from '@shop/infrastructure';
import { DisposableRedis, testConfig, waitFor } from '@shop/testing';
import { EventsGateway } from '../realtime/events.gateway.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';

describe("the api's liveness and readiness", () => {
  // Long enough for the test's requests to land in it on a loaded machine; development and test have none by default.
  const config = testConfig({ SHUTDOWN_DRAIN_MS: '3000' });
  let redis: DisposableRedis;
  let api: TestApi;
  let closed = false;

  beforeAll(async () => {
    redis = await DisposableRedis.start();
    api = await startTestApi({ ...config, REDIS_URL: redis.url });
  });
  afterAll(async () => {
    try {
      if (!closed) await api?.app.close();
    } finally {
      await redis?.stop();
    }
  });

  const ready = () =>
    request(api.server)
      .get('/api/health/ready')
      .timeout(HEALTH_CHECK_TIMEOUT_MS + 3000);
  const live = () =>
    request(api.server)
      .get('/api/health/live')
      .timeout(HEALTH_CHECK_TIMEOUT_MS + 3000);
  const allUp = { status: 'ok', mysql: 'up', redis: 'up', liveUpdates: 'up', draining: false };
  /** The connection Socket.IO hears the workers' events on: the one a deaf instance has lost its subscription on. */
  const roomsSubscriber = () => {
    const { server } = api.app.get(EventsGateway) as unknown as { server: Server };
    return (server.of('/').adapter as unknown as RedisAdapter).subClient as Pick<Redis, 'psubscribe' | 'punsubscribe'>;
  };

  it('is ready with MySQL, Redis and live updates up, and live', async () => {
    // The adapter subscribes once its Redis clients are ready, a moment after the api starts.
    await waitFor('the api to be ready', async () => (await ready()).status === 200);
    expect((await ready().expect(200)).body).toEqual(allUp);
    expect((await live().expect(200)).body).toEqual({ status: 'ok' });
  });

  it('is not ready while it is deaf to live updates, though Redis answers, and ready again once it hears them', async () => {
    // The adapter's own pattern: every room of the default namespace.
    const roomsPattern = `${socketChannelKey(config.REDIS_PREFIX)}#/#*`;
    await roomsSubscriber().punsubscribe(roomsPattern);
    expect((await ready().expect(503)).body).toEqual({ ...allUp, status: 'error', liveUpdates: 'down' });
    await live().expect(200);

    await roomsSubscriber().psubscribe(roomsPattern);
    expect((await ready().expect(200)).body).toEqual(allUp);
  });

  it('is not ready, within its timeout, while Redis is away, stays live, and is ready again once Redis is back', async () => {
    await redis.stop();
    const askedAt = Date.now();
    expect((await ready().expect(503)).body).toEqual({ ...allUp, status: 'error', redis: 'down', liveUpdates: 'down' });
    expect(Date.now() - askedAt).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 1000);
    expect((await live().expect(200)).body).toEqual({ status: 'ok' });

    await redis.resume();
    await waitFor('the api to be ready again', async () => (await ready()).status === 200, 15_000);
  }, 30_000);

  it('turns not ready at SIGTERM and keeps serving for the drain period before it closes', async () => {
    const signalledAt = Date.now();
    // As Nest's shutdown hook does on SIGTERM; a real signal would end the test process with the api.
    const closing = (api.app as unknown as NestApplication).close('SIGTERM');
    closed = true;
    await waitFor('readiness to turn', async () => (await ready()).status === 503);
    expect((await ready().expect(503)).body).toEqual({ ...allUp, status: 'error', draining: true });
    expect((await live().expect(200)).body).toEqual({ status: 'ok' });

    await closing;
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(config.SHUTDOWN_DRAIN_MS);
    expect(api.server.listening).toBe(false);
  }, 30_000);
});
