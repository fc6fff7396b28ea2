import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { pipelineHeartbeatKeys, SOCKET_EVENTS, type PipelineHeartbeatEvent } from '@shop/contracts';
import { OutboxEvent } from '@shop/db';
import { createTestAccount, sessionCookieOf, settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { AppModule } from '../../../api/src/app.module.js';
import { configureApp } from '../../../api/src/app.setup.js';
import { PipelineHeartbeatService } from '../../../api/src/pipeline/pipeline-heartbeat.service.js';
import { WorkersModule } from '../../../workers/src/workers.module.js';

describe('pipeline heartbeat', () => {
  const config = testConfig();
  let api: INestApplication;
  let workers: INestApplication;
  let browser: Socket;
  let redis: Redis;

  beforeAll(async () => {
    api = configureApp(await NestFactory.create(AppModule.register(config), { logger: false }), config);
    await api.listen(0, '127.0.0.1');
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    redis = new Redis(config.REDIS_URL);
    const admin = await createTestAccount(api.get(DataSource), 'admin');
    browser = io(await api.getUrl(), {
      transports: ['websocket'],
      extraHeaders: { cookie: await sessionCookieOf(api.getHttpServer(), admin) },
    });
    await browser.emitWithAck('ops:watch');
  });

  afterAll(async () => {
    browser?.disconnect();
    redis?.disconnect();
    await workers?.close();
    await api?.close();
  });

  it('travels outbox → queue → worker → Socket.IO and arrives at a browser with its latency', async () => {
    const received: PipelineHeartbeatEvent[] = [];
    browser.on(SOCKET_EVENTS.pipelineHeartbeat, (event: PipelineHeartbeatEvent) => received.push(event));

    const row = await api.get(PipelineHeartbeatService).beat();
    const heartbeat = await waitFor('the heartbeat at the browser', () => received.find((event) => event.outboxId === Number(row.id)));

    expect(heartbeat.emittedAt).toBeLessThanOrEqual(heartbeat.processedAt);
    expect(heartbeat.latencyMs).toBe(heartbeat.processedAt - heartbeat.emittedAt);
    expect(heartbeat.latencyMs).toBeLessThan(10_000);
    // The api marks the rows it published a moment after putting them on their queues (ADR 0036): the job may run first.
    const publishedAt = await waitFor(
      'the api to mark its row published',
      async () => (await api.get(DataSource).getRepository(OutboxEvent).findOneByOrFail({ id: row.id })).publishedAt ?? undefined,
    );
    expect(publishedAt).toBeInstanceOf(Date);
    const recorded = (await redis.lrange(pipelineHeartbeatKeys(config.REDIS_PREFIX).recent, 0, -1)).map(
      (entry) => JSON.parse(entry) as PipelineHeartbeatEvent,
    );
    expect(recorded.filter((entry) => entry.outboxId === heartbeat.outboxId)).toEqual([heartbeat]);
  });

  it('reaches only the sockets that watch the pipeline', async () => {
    const shopper = await createTestAccount(api.get(DataSource));
    const bystander = io(await api.getUrl(), {
      transports: ['websocket'],
      extraHeaders: { cookie: await sessionCookieOf(api.getHttpServer(), shopper) },
    });
    const bystanderGot: unknown[] = [];
    bystander.on(SOCKET_EVENTS.pipelineHeartbeat, (event) => bystanderGot.push(event));
    await waitFor('the bystander to connect', () => bystander.connected);
    const watcherGot: PipelineHeartbeatEvent[] = [];
    browser.on(SOCKET_EVENTS.pipelineHeartbeat, (event: PipelineHeartbeatEvent) => watcherGot.push(event));

    const row = await api.get(PipelineHeartbeatService).beat();
    await waitFor('the heartbeat at the watcher', () => watcherGot.some((event) => event.outboxId === Number(row.id)));

    expect(bystanderGot).toEqual([]);
    bystander.disconnect();
  });
});
