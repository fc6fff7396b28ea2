import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { jobOptionsOf, outboxJobId, outboxWakeChannel, QUEUE_NAMES, type QueueName } from '@shop/contracts';
import { inTransaction, OutboxEvent } from '@shop/db';
import { APP_CONFIG, REDIS_CLIENT, withinTimeout } from '@shop/infrastructure';

/** Longest wait for one publish: past it Redis counts as away and the batch is tried again later. */
export const PUBLISH_TIMEOUT_MS = 5000;

/**
 * Publishes outbox rows to their BullMQ queues. Rows are claimed with SKIP LOCKED so several
 * relays share the work, and the job id is the row's id, so a row published twice (a crash
 * between publish and commit) still makes one job.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queues: Record<QueueName, Queue>;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** A commit's wake that came while a batch was being published: the next pause is skipped. */
  private wokenDuringBatch = false;
  private wakes: Redis | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    moduleRef: ModuleRef,
  ) {
    // Every queue, whatever this process's roles: a relay publishes each row whoever will process it.
    this.queues = Object.fromEntries(
      QUEUE_NAMES.map((name) => [name, moduleRef.get<Queue>(getQueueToken(name), { strict: false })]),
    ) as Record<QueueName, Queue>;
    for (const queue of Object.values(this.queues)) {
      queue.on('error', (error) => this.logger.warn(`Queue ${queue.name} connection problem: ${error.message}`));
    }
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.relayUntilStopped();
    this.listenForWakes();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wakes?.disconnect();
    this.wake?.();
    await this.loop;
  }

  /** Commits announce new rows on a Redis channel (libs/db wakeRelaysOnCommit); polling stays as the fallback. */
  private listenForWakes(): void {
    const wakes = this.redis.duplicate();
    this.wakes = wakes;
    wakes.on('error', (error: Error) => this.logger.warn(`Outbox wake channel problem: ${error.message}`));
    wakes.on('message', () => {
      if (this.wake) this.wake();
      else this.wokenDuringBatch = true;
    });
    wakes
      .subscribe(outboxWakeChannel(this.config.REDIS_PREFIX))
      .catch((error: Error) => this.logger.warn(`Outbox relay polls only: ${error.message}`));
  }

  /** Publishes one batch; returns how many rows it published. */
  async relayBatch(): Promise<number> {
    // READ COMMITTED: the claim and the update lock only the rows they touch; REPEATABLE READ's gap
    // locks deadlocked with the api's inserts of new outbox rows.
    return inTransaction(
      this.dataSource,
      async (manager) => {
        const events = await manager
          .createQueryBuilder(OutboxEvent, 'event')
          .where('event.publishedAt IS NULL')
          .orderBy('event.id', 'ASC')
          .limit(this.config.OUTBOX_BATCH_SIZE)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getMany();
        const published: OutboxEvent[] = [];
        try {
          for (const event of events) {
            await withinTimeout(this.publish(event), PUBLISH_TIMEOUT_MS, 'Redis');
            published.push(event);
          }
        } catch (error) {
          await this.recordFailure(manager, events.slice(published.length), error as Error);
        }
        if (published.length > 0) {
          await manager.update(OutboxEvent, { id: In(published.map((event) => event.id)) }, { publishedAt: new Date() });
        }
        return published.length;
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  private publish(event: OutboxEvent): Promise<unknown> {
    return this.queues[event.queueName].add(event.jobName, event.payload, {
      jobId: outboxJobId(event.id),
      delay: event.delayMs,
      ...jobOptionsOf(event.queueName),
    });
  }

  private async recordFailure(manager: EntityManager, unpublished: OutboxEvent[], error: Error): Promise<void> {
    this.logger.warn(`Outbox publish paused, ${unpublished.length} event(s) wait for Redis: ${error.message}`);
    await manager
      .createQueryBuilder()
      .update(OutboxEvent)
      .set({ publishAttempts: () => 'publishAttempts + 1', lastError: error.message.slice(0, 500) })
      .whereInIds(unpublished.map((event) => event.id))
      .execute();
  }

  private async relayUntilStopped(): Promise<void> {
    while (this.running) {
      let published = 0;
      try {
        published = await this.relayBatch();
      } catch (error) {
        this.logger.warn(`Outbox relay could not read the outbox: ${(error as Error).message}`);
      }
      // A full batch means more may be waiting: go again at once.
      if (published < this.config.OUTBOX_BATCH_SIZE) await this.pause();
    }
  }

  private pause(): Promise<void> {
    // Shutting down during a batch: no pause, so that the shutdown does not wait out the poll.
    if (!this.running) return Promise.resolve();
    if (this.wokenDuringBatch) {
      this.wokenDuringBatch = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.config.OUTBOX_POLL_INTERVAL_MS);
      this.wake = () => {
        this.wake = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
