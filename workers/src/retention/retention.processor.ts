import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { jobOptionsOf, JOBS, QUEUES } from '@shop/contracts';
import { pruneRetainedRows, type PrunedRows } from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';
import { QueueProcessor } from '../infrastructure/queue-processor.js';
import { WorkerMetrics } from '../metrics/worker-metrics.js';

/** One schedule for the whole shop: every process serving `maintenance` upserts the same one. */
export const RETENTION_SCHEDULER_ID = 'retention';

/**
 * `retention.prune`, every RETENTION_INTERVAL_MS: deletes published outbox rows, expired
 * sessions and expired e-mailed links, clears old callback payloads, past their configured ages,
 * and fails messages abandoned in `sending` (libs/db retention).
 * A run that fails is tried again by its job's retries, and in any case by the next run.
 */
@Processor(QUEUES.maintenance)
export class RetentionProcessor extends QueueProcessor implements OnApplicationBootstrap {
  private readonly pruned: Counter<'kind'>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.maintenance) private readonly maintenance: Queue,
    metrics: WorkerMetrics,
  ) {
    super();
    this.pruned = new Counter({
      name: 'toyduka_retention_pruned_rows_total',
      help: 'Rows retention deleted (outbox events, sessions, account tokens), cleared (callback payloads) or failed (abandoned messages) in this process',
      labelNames: ['kind'] as const,
      registers: [metrics.registry],
    });
  }

  /**
   * The same scheduler id from every process and every restart: BullMQ keeps one schedule and its
   * next run, however many processes upsert it (a changed interval replaces it). The first run
   * comes one interval after the schedule is made, not at each deployment's start. Not awaited:
   * the workers' Redis commands wait out an outage, and the process must start meanwhile.
   */
  onApplicationBootstrap(): void {
    const every = this.config.RETENTION_INTERVAL_MS;
    this.maintenance
      .upsertJobScheduler(
        RETENTION_SCHEDULER_ID,
        { every, startDate: Date.now() + every },
        { name: JOBS.retentionPrune, data: {}, opts: jobOptionsOf(QUEUES.maintenance) },
      )
      .catch((error: Error) => this.logger.warn(`Retention not scheduled: ${error.message}`));
  }

  async process(): Promise<PrunedRows> {
    const pruned = await pruneRetainedRows(this.dataSource, {
      outboxDays: this.config.RETENTION_OUTBOX_DAYS,
      callbackPayloadDays: this.config.RETENTION_CALLBACK_BODY_DAYS,
      expiredSessionDays: this.config.RETENTION_EXPIRED_SESSION_DAYS,
      batchSize: this.config.RETENTION_BATCH_SIZE,
    });
    for (const [kind, rows] of Object.entries(pruned)) this.pruned.inc({ kind }, rows);
    this.logger.log(
      `Retention: ${pruned.outboxEvents} published outbox row(s), ${pruned.sessions} expired session(s) and ${pruned.accountTokens} expired link(s) deleted, ` +
        `${pruned.callbackPayloads} callback payload(s) cleared, ${pruned.abandonedMessages} abandoned message(s) failed`,
    );
    return pruned;
  }
}
