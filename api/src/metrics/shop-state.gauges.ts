import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import {
  operationsKeys,
  pipelineHeartbeatKeys,
  QUEUE_NAMES,
  WORKER_PRESENCE,
  type PipelineHeartbeatEvent,
  type QueueName,
} from '@shop/contracts';
import { OutboxEvent } from '@shop/db';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { EventsGateway } from '../realtime/events.gateway.js';
import { ApiMetrics } from './api-metrics.js';

/** Queue states the console and the alerts watch; completed is left to the job counters. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * A scrape must answer within Prometheus' timeout even while MySQL or Redis does not (BullMQ's
 * connection queues commands until Redis is back): each probe gives up after this long.
 */
const PROBE_TIMEOUT_MS = 2000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS).unref()),
  ]);
}

/** Whether the probe answered; a probe that did not leaves its series out rather than stale. */
function succeeded(work: Promise<unknown>): Promise<boolean> {
  return withinTimeout(work).then(
    () => true,
    () => false,
  );
}

/** Reads the shop's state into the gauges when Prometheus scrapes: cheap queries, nothing kept between scrapes. */
@Injectable()
export class ShopStateGauges {
  private readonly queues: Queue[];

  constructor(
    private readonly metrics: ApiMetrics,
    private readonly dataSource: DataSource,
    private readonly gateway: EventsGateway,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    moduleRef: ModuleRef,
  ) {
    this.queues = QUEUE_NAMES.map((name) => moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
  }

  async refresh(): Promise<void> {
    this.metrics.socketConnections.set(this.gateway.connectedSockets());
    const [mysql, redis] = await Promise.all([
      succeeded(this.readOutbox()),
      succeeded(this.redis.ping()),
      Promise.all(this.queues.map((queue) => this.readQueue(queue))),
      this.readHeartbeat(),
    ]);
    this.metrics.dependencyUp.set({ dependency: 'mysql' }, mysql ? 1 : 0);
    this.metrics.dependencyUp.set({ dependency: 'redis' }, redis ? 1 : 0);
  }

  private async readOutbox(): Promise<void> {
    const unpublished = () => this.dataSource.getRepository(OutboxEvent).createQueryBuilder('event').where('event.publishedAt IS NULL');
    try {
      // Both walk the (publishedAt, id) index: the count over the unpublished rows only, the age from the first of them.
      const [count, oldest] = await Promise.all([
        unpublished().select('COUNT(*)', 'backlog').getRawOne<{ backlog: string | number }>(),
        unpublished()
          .select('TIMESTAMPDIFF(MICROSECOND, event.createdAt, NOW(3))', 'ageMicros')
          .orderBy('event.id', 'ASC')
          .limit(1)
          .getRawOne<{ ageMicros: string | number }>(),
      ]);
      this.metrics.outboxBacklog.set(Number(count?.backlog ?? 0));
      this.metrics.outboxOldestAge.set(oldest ? Number(oldest.ageMicros) / 1e6 : 0);
    } catch (error) {
      this.metrics.outboxBacklog.reset();
      this.metrics.outboxOldestAge.reset();
      throw error;
    }
  }

  private async readQueue(queue: Queue): Promise<void> {
    const name = queue.name as QueueName;
    const [counts, workers] = await Promise.allSettled([
      withinTimeout(queue.getJobCounts(...QUEUE_STATES)),
      withinTimeout(this.liveWorkers(name)),
    ]);
    for (const state of QUEUE_STATES) {
      if (counts.status === 'fulfilled') this.metrics.queueJobs.set({ queue: name, state }, counts.value[state] ?? 0);
      else this.metrics.queueJobs.remove({ queue: name, state });
    }
    if (workers.status === 'fulfilled') this.metrics.queueWorkers.set({ queue: name }, workers.value);
    else this.metrics.queueWorkers.remove({ queue: name });
  }

  /** Worker processes whose presence beat for this queue is recent: the count the queue console shows. */
  private liveWorkers(queue: QueueName): Promise<number> {
    return this.redis.zcount(operationsKeys(this.config.REDIS_PREFIX).workers(queue), Date.now() - WORKER_PRESENCE.ttlMs, '+inf');
  }

  private async readHeartbeat(): Promise<void> {
    const latest = await withinTimeout(this.redis.lindex(pipelineHeartbeatKeys(this.config.REDIS_PREFIX).recent, 0)).catch(() => null);
    const heartbeat = latest ? (JSON.parse(latest) as PipelineHeartbeatEvent) : undefined;
    if (!heartbeat) {
      this.metrics.heartbeatLatency.reset();
      this.metrics.heartbeatTimestamp.reset();
      return;
    }
    this.metrics.heartbeatLatency.set(heartbeat.latencyMs / 1000);
    this.metrics.heartbeatTimestamp.set(heartbeat.processedAt / 1000);
  }
}
