import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { ERROR_CODES, ERROR_STATUS, MESSAGES, QUEUE_NAMES } from '@shop/contracts';
import { DisposableRedis, refusalAnswer, testConfig } from '@shop/testing';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';

async function startApi(overrides: Record<string, string> = {}): Promise<INestApplication> {
  const config = testConfig({ SWAGGER_ENABLED: 'true', ...overrides });
  const app = configureApp(await NestFactory.create(AppModule.register(config), { logger: false }), config);
  await app.init();
  return app;
}

describe('api', () => {
  let api: INestApplication;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api?.close());

  it('reports MySQL, Redis and every queue as up', async () => {
    const response = await request(api.getHttpServer()).get('/api/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', mysql: 'up', redis: 'up' });
    expect(Object.keys(response.body.queues).sort()).toEqual([...QUEUE_NAMES].sort());
    expect(Object.values(response.body.queues).every((queue) => (queue as { state: string }).state === 'up')).toBe(true);
  });

  it('answers an unknown api path with the catalogue shape, not an HTML page', async () => {
    const response = await request(api.getHttpServer()).get('/api/no-such-thing').expect(404);
    expect(response.body).toEqual(refusalAnswer('NOT_FOUND', MESSAGES.server.notFound));
  });

  it('answers a malformed JSON body with a 400 and a message', async () => {
    const response = await request(api.getHttpServer())
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"broken":')
      .expect(400);
    expect(response.body).toEqual(
      refusalAnswer('VALIDATION_FAILED', MESSAGES.server.validationFailed, {
        fields: [{ field: 'request', message: MESSAGES.server.validationFailed }],
      }),
    );
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const response = await request(api.getHttpServer()).get('/api/docs-json').expect(200);
    expect(response.body.paths).toHaveProperty('/api/health');
  });

  it('lists every refusal code, with its status, and the refusal as an answer of every operation', async () => {
    const { body } = await request(api.getHttpServer()).get('/api/docs-json').expect(200);
    const failure = body.components.schemas.ApiFailure;
    expect(failure.properties.code.enum).toEqual(ERROR_CODES);
    expect(failure['x-status-of-code']).toEqual(ERROR_STATUS);
    const operations = Object.values(body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(
      Object.values,
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) expect(operation.responses['4XX']).toMatchObject({ description: 'Refused: see the code' });
  });

  it('sends security headers', async () => {
    const response = await request(api.getHttpServer()).get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets the web origin call it with credentials', async () => {
    const response = await request(api.getHttpServer())
      .options('/api/health')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'GET');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('serves the web app for client routes and falls back to it for deep links', async () => {
    for (const path of ['/', '/shop/listing', '/auth/login']) {
      const response = await request(api.getHttpServer()).get(path).expect(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.text).toContain('<div id="root">');
    }
  });
});

describe('api health while Redis is away', () => {
  it('answers 503 naming Redis and the queues as down', async () => {
    const redis = await DisposableRedis.start();
    const api = await startApi({ REDIS_URL: redis.url });
    try {
      await redis.stop();
      const response = await request(api.getHttpServer()).get('/api/health').expect(503);
      expect(response.body).toMatchObject({ status: 'error', mysql: 'up', redis: 'down' });
      expect(response.body.queues.orders).toEqual({ state: 'down' });
    } finally {
      await api.close();
    }
  });
});
