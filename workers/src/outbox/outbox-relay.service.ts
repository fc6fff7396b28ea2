import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { AppConfig } from '@shop/config';
import type { QueueName } from '@shop/contracts';
import { inTransaction, OutboxEvent, type RecordedEvent } from '@shop/db';
import { APP_CONFIG, publishEvents, queuesByName } from '@shop/infrastructure';

/**
 * The safety net of the outbox: publishes the rows that the process which committed them did not
 * (it died in between, Redis was away, the row was replayed), once they are OUTBOX_RELAY_AFTER_MS
 * old. Rows are claimed with SKIP LOCKED so several relays share the work, and the job id is the
 * row's id, so a row published twice (by its writer and by a relay, or a crash between publish and
 * commit) still makes one job.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queues: Record<QueueName, Queue>;
  private running = false;
  private loop: Promise<void> | undefined;
  private stopPause: (() => void) | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    moduleRef: ModuleRef,
  ) {
    this.queues = queuesByName(moduleRef);
    for (const queue of Object.values(this.queues)) {
      queue.on('error', (error) => this.logger.warn(`Queue ${queue.name} connection problem: ${error.message}`));
    }
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.relayUntilStopped();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.stopPause?.();
    await this.loop;
  }

  /** Publishes one batch; returns how many rows it published. */
  async relayBatch(): Promise<number> {
    // Nearly always nothing is left to publish: one plain read says so, without a transaction.
    if (!(await this.anyLeft())) return 0;
    // READ COMMITTED: the claim and the update lock only the rows they touch; REPEATABLE READ's gap
    // locks deadlocked with the api's inserts of new outbox rows.
    return inTransaction(
      this.dataSource,
      async (manager) => {
        const events = await this.leftUnpublished(manager)
          .orderBy('event.id', 'ASC')
          .limit(this.config.OUTBOX_BATCH_SIZE)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getMany();
        if (events.length === 0) return 0;
        const { published, unpublished, failure } = await publishEvents(this.queues, events as RecordedEvent[]);
        if (failure) await this.recordFailure(manager, unpublished, failure);
        if (published.length > 0) {
          await manager.update(OutboxEvent, { id: In(published.map((event) => event.id)) }, { publishedAt: new Date() });
        }
        return published.length;
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  private async anyLeft(): Promise<boolean> {
    return (await this.leftUnpublished(this.dataSource.manager).select('event.id').limit(1).getRawOne()) !== undefined;
  }

  /** Rows nobody published: unpublished, and older than their writer's own publish would take (the database's clock on both sides). */
  private leftUnpublished(manager: EntityManager) {
    return manager
      .createQueryBuilder(OutboxEvent, 'event')
      .where('event.publishedAt IS NULL')
      .andWhere('event.createdAt <= NOW(3) - INTERVAL :afterMs * 1000 MICROSECOND', { afterMs: this.config.OUTBOX_RELAY_AFTER_MS });
  }

  private async recordFailure(manager: EntityManager, unpublished: RecordedEvent[], error: Error): Promise<void> {
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
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.config.OUTBOX_POLL_INTERVAL_MS);
      this.stopPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
