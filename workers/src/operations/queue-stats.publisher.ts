import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Emitter } from '@socket.io/redis-emitter';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import {
  operationsKeys,
  QUEUE_DEPTH_STATES,
  QUEUE_NAMES,
  QUEUE_STATS_INTERVAL_MS,
  queueDepthsOf,
  SOCKET_EVENTS,
  SOCKET_ROOMS,
  type QueueName,
  type QueueStatsEvent,
} from '@shop/contracts';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { SOCKET_EMITTER } from '../infrastructure/socket-emitter.js';
import { JobFigures } from './job-figures.js';
import { WorkerPresence } from './worker-presence.js';

/** The api's snapshot trusts the stored figures for a few intervals; after that they are stale. */
const LATEST_STATS_KEPT_MS = 3 * QUEUE_STATS_INTERVAL_MS;

/** How far into its interval a process ticks: timers may fire a little early or late, never by this much early. */
const TICK_INTO_INTERVAL_MS = 50;

/** The wait from `now` to this process's next tick, just after the next interval begins. */
export function untilNextTick(now: number): number {
  return QUEUE_STATS_INTERVAL_MS - (now % QUEUE_STATS_INTERVAL_MS) + TICK_INTO_INTERVAL_MS;
}

/**
 * Pushes every queue's figures to the ops room every ~2 s. Every worker process runs this, whatever
 * queues it serves, and in each interval the first one to claim the interval's slot in Redis
 * publishes: N processes, one event per interval, and the figures go on as long as any process
 * lives. Every process ticks just after an interval begins, so they compete for the same slot:
 * timers running free would straddle an interval's end, and two processes would push milliseconds
 * apart. A push still reaches browsers whenever the process gets to send it: one that stalls
 * between its claim and its push sends that interval's figures late, just before the next
 * interval's, and the figures' `measuredAt` tells which interval each belongs to.
 */
@Injectable()
export class QueueStatsPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueStatsPublisher.name);
  private readonly keys: ReturnType<typeof operationsKeys>;
  private readonly queues = new Map<QueueName, Queue>();
  private timer: NodeJS.Timeout | undefined;
  private tick: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly figures: JobFigures,
    private readonly presence: WorkerPresence,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(SOCKET_EMITTER) private readonly emitter: Emitter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = operationsKeys(config.REDIS_PREFIX);
  }

  onApplicationBootstrap(): void {
    // The queues' providers are made asynchronously: they exist by now, not when this is constructed.
    for (const name of QUEUE_NAMES) this.queues.set(name, this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
    this.tickInNextInterval();
  }

  /** A tick under way finishes first: its reads and its push would otherwise meet queues and a client already closed. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.tick;
  }

  private tickInNextInterval(): void {
    this.timer = setTimeout(() => {
      this.tick = this.publishIfFirst()
        .then(() => undefined)
        .catch((error: Error) => this.logger.warn(`Queue figures not published: ${error.message}`))
        .finally(() => {
          this.tick = undefined;
          if (!this.stopped) this.tickInNextInterval();
        });
    }, untilNextTick(Date.now()));
  }

  /** Publishes unless another process already did in this interval; answers whether it did. */
  async publishIfFirst(now = Date.now()): Promise<boolean> {
    const slot = Math.floor(now / QUEUE_STATS_INTERVAL_MS);
    const claimed = await this.redis.set(this.keys.statsSlot(slot), this.presence.workerId, 'PX', 2 * QUEUE_STATS_INTERVAL_MS, 'NX');
    // A claim answered after its interval ended (Redis away, this process stalled) may have found
    // the slot's key already expired: it would push that interval's figures a second time, after a
    // newer interval's, and put older figures in the api's snapshot.
    if (claimed === null || Date.now() >= (slot + 1) * QUEUE_STATS_INTERVAL_MS) return false;
    await this.publish(now);
    return true;
  }

  async publish(now = Date.now()): Promise<QueueStatsEvent[]> {
    const stats = await Promise.all(QUEUE_NAMES.map((queue) => this.statsOf(queue, now)));
    await this.redis.set(this.keys.latestStats, JSON.stringify(stats), 'PX', LATEST_STATS_KEPT_MS);
    this.emitter.to(SOCKET_ROOMS.ops).emit(SOCKET_EVENTS.queueStats, stats);
    return stats;
  }

  private async statsOf(queue: QueueName, now: number): Promise<QueueStatsEvent> {
    const [counts, figures, workers] = await Promise.all([
      this.queues.get(queue)!.getJobCounts(...QUEUE_DEPTH_STATES),
      this.figures.figures(queue, now),
      this.presence.liveWorkers(queue, now),
    ]);
    return {
      queue,
      ...queueDepthsOf(counts),
      ...figures,
      workers,
      measuredAt: now,
    };
  }
}
