import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { operationsKeys, QUEUE_NAMES, WORKER_PRESENCE, type QueueName } from '@shop/contracts';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { queueProcessorsOf } from '../infrastructure/queue-concurrency.js';

/**
 * This process's beat, per queue it serves, so the console can count live workers and warn when a
 * queue has none. One sorted set per queue (worker id → last beat) rather than a key with a TTL
 * per worker: counting the live ones is then one ZCOUNT, not a SCAN of the keyspace.
 */
@Injectable()
export class WorkerPresence implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerPresence.name);
  private readonly keys: ReturnType<typeof operationsKeys>;
  /** Host, pid and a random part: unique across machines and restarts. */
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = operationsKeys(config.REDIS_PREFIX);
  }

  onApplicationBootstrap(): void {
    const beat = () => this.beat().catch((error: Error) => this.logger.warn(`Presence beat not recorded: ${error.message}`));
    void beat();
    this.timer = setInterval(beat, WORKER_PRESENCE.intervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    // Gone at once rather than after the TTL, so a deliberate stop shows immediately.
    await Promise.all(QUEUE_NAMES.map((queue) => this.redis.zrem(this.keys.workers(queue), this.workerId))).catch(() => undefined);
  }

  /** The queues whose BullMQ worker in this process is running and not paused. */
  servedQueues(): QueueName[] {
    return queueProcessorsOf(this.discovery)
      .filter((host) => host.worker.isRunning() && !host.worker.isPaused())
      .map((host) => host.worker.name as QueueName);
  }

  async beat(now = Date.now()): Promise<void> {
    const served = new Set(this.servedQueues());
    const multi = this.redis.multi();
    for (const queue of QUEUE_NAMES) {
      const key = this.keys.workers(queue);
      if (served.has(queue)) multi.zadd(key, now, this.workerId).pexpire(key, WORKER_PRESENCE.ttlMs);
      else multi.zrem(key, this.workerId);
      // Workers that died without a word leave their member behind until someone sweeps it.
      multi.zremrangebyscore(key, '-inf', `(${now - WORKER_PRESENCE.ttlMs}`);
    }
    await multi.exec();
  }

  async liveWorkers(queue: QueueName, now = Date.now()): Promise<number> {
    return this.redis.zcount(this.keys.workers(queue), now - WORKER_PRESENCE.ttlMs, '+inf');
  }
}
