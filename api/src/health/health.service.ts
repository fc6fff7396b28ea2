import { setTimeout as sleep } from 'node:timers/promises';
import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { ApplicationConfig, ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { QUEUE_NAMES, type HealthReport, type HealthState, type ReadinessReport } from '@shop/contracts';
import { APP_CONFIG, HEALTH_CHECK_TIMEOUT_MS, probe, REDIS_CLIENT, withinTimeout } from '@shop/infrastructure';
import { RedisIoAdapter } from '../realtime/redis-io.adapter.js';

@Injectable()
export class HealthService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(HealthService.name);
  private readonly queues: Queue[];
  private draining = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly application: ApplicationConfig,
    moduleRef: ModuleRef,
  ) {
    this.queues = QUEUE_NAMES.map((name) => moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
    // An outage is reported by the health answer; without a listener BullMQ prints each reconnect failure.
    for (const queue of this.queues) queue.on('error', () => undefined);
  }

  async report(): Promise<HealthReport> {
    const [mysql, redis] = await this.mysqlAndRedis();
    const queues: HealthReport['queues'] = {};
    await Promise.all(
      this.queues.map(async (queue) => {
        try {
          // A queue is only as reachable as Redis; skip the wait when Redis already failed.
          if (redis === 'down') throw new Error('redis down');
          const counts = await withinTimeout(queue.getJobCounts('waiting', 'failed'), HEALTH_CHECK_TIMEOUT_MS);
          queues[queue.name] = { state: 'up', waiting: counts.waiting ?? 0, failed: counts.failed ?? 0 };
        } catch {
          queues[queue.name] = { state: 'down' };
        }
      }),
    );
    const allUp = mysql === 'up' && redis === 'up' && Object.values(queues).every((queue) => queue.state === 'up');
    return { status: allUp ? 'ok' : 'error', mysql, redis, queues };
  }

  async readiness(): Promise<ReadinessReport> {
    const [[mysql, redis], liveUpdates] = await Promise.all([this.mysqlAndRedis(), this.liveUpdates()]);
    const ready = mysql === 'up' && redis === 'up' && liveUpdates === 'up' && !this.draining;
    return { status: ready ? 'ok' : 'error', mysql, redis, liveUpdates, draining: this.draining };
  }

  /** Nest closes the HTTP server right after this hook: until then requests are served as usual. */
  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.draining = true;
    // SIGTERM is how orchestrators stop a replica; an interrupt at a terminal wants the process gone.
    if (signal !== 'SIGTERM' || this.config.SHUTDOWN_DRAIN_MS === 0) return;
    this.logger.log(`SIGTERM: not ready, serving ${this.config.SHUTDOWN_DRAIN_MS} ms more before closing`);
    await sleep(this.config.SHUTDOWN_DRAIN_MS);
  }

  private mysqlAndRedis(): Promise<[HealthState, HealthState]> {
    return Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
  }

  private liveUpdates(): Promise<HealthState> {
    const socketAdapter = this.application.getIoAdapter();
    // Only the Redis adapter brings the workers' events to this instance's sockets.
    return socketAdapter instanceof RedisIoAdapter ? socketAdapter.hearsRooms() : Promise.resolve('down');
  }
}
