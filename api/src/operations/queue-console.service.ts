import { getQueueToken } from '@nestjs/bullmq';
import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { MESSAGES, QUEUE_NAMES, QUEUE_STATS_INTERVAL_MS, WORKER_PRESENCE, operationsKeys, pipelineHeartbeatKeys, summariseJobData, type FailedJobView, type PipelineHeartbeatEvent, type QueueName, type QueueStatsEvent, type QueuesSnapshot, QUEUE_DEPTH_STATES, queueDepthsOf } from '@shop/contracts';
import type { AppConfig } from '@shop/config';
import { BusinessFailure } from '../common/business-failure.js';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';

/** Figures older than this are not the workers' current word: someone should have published since. */
const STATS_FRESH_MS = 3 * QUEUE_STATS_INTERVAL_MS;
/** Retry all moves the failed set to waiting this many jobs per Redis call. */
const RETRY_BATCH = 1000;

function viewOf(job: Job): FailedJobView {
  return {
    id: job.id!,
    name: job.name,
    summary: summariseJobData(job.data),
    error: job.failedReason ?? '',
    stack: job.stacktrace?.at(-1) ?? null,
    attemptsMade: job.attemptsMade,
    attempts: job.opts.attempts ?? 1,
    createdAt: job.timestamp,
    processedAt: job.processedOn ?? null,
    failedAt: job.finishedOn ?? null,
  };
}

/**
 * The queue console's reads and actions. Figures come from the workers (they publish them every
 * ~2 s and keep the last set in Redis); when no worker has published lately the api still counts
 * the jobs itself, so the console shows a queue piling up while every worker is down.
 */
@Injectable()
export class QueueConsoleService implements OnModuleInit {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly keys: ReturnType<typeof operationsKeys>;

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.keys = operationsKeys(config.REDIS_PREFIX);
  }

  /** The queues' providers are made asynchronously: they exist by the time modules initialise, not when this is constructed. */
  onModuleInit(): void {
    for (const name of QUEUE_NAMES) this.queues.set(name, this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
  }

  async snapshot(now = Date.now()): Promise<QueuesSnapshot> {
    const [published, latestHeartbeat] = await Promise.all([this.redis.get(this.keys.latestStats), this.redis.lindex(pipelineHeartbeatKeys(this.config.REDIS_PREFIX).recent, 0)]);
    const fresh = published ? (JSON.parse(published) as QueueStatsEvent[]).filter((stats) => now - stats.measuredAt <= STATS_FRESH_MS) : [];
    const queues = fresh.length === QUEUE_NAMES.length ? fresh : await Promise.all(QUEUE_NAMES.map((queue) => this.countedHere(queue, now)));
    return { queues, heartbeat: latestHeartbeat ? (JSON.parse(latestHeartbeat) as PipelineHeartbeatEvent) : null, serverTime: now };
  }

  async failedJobs(queue: QueueName, page: number, pageSize: number): Promise<{ jobs: FailedJobView[]; total: number }> {
    const start = (page - 1) * pageSize;
    const bullQueue = this.queues.get(queue)!;
    const [jobs, total] = await Promise.all([bullQueue.getFailed(start, start + pageSize - 1), bullQueue.getFailedCount()]);
    // A job removed between the two reads comes back as a gap.
    return { jobs: jobs.filter((job): job is Job => Boolean(job)).map(viewOf), total };
  }

  /**
   * One more try for a failed job, with the attempts it already made: if it fails again it goes
   * straight back to the failed set instead of starting a new round of backoff. Safe whatever
   * happened since it failed, because every processor is idempotent.
   */
  async retry(queue: QueueName, jobId: string): Promise<{ jobId: string } | BusinessFailure> {
    const job = await this.failedJob(queue, jobId);
    if (job instanceof BusinessFailure) return job;
    try {
      await job.retry('failed');
    } catch (error) {
      // Another admin (or Retry all) got there first.
      if (!(await job.isFailed())) return new BusinessFailure(HttpStatus.CONFLICT, MESSAGES.operations.jobNotFailed);
      throw error;
    }
    return { jobId };
  }

  async retryAll(queue: QueueName): Promise<{ retried: number }> {
    const bullQueue = this.queues.get(queue)!;
    const retried = await bullQueue.getFailedCount();
    await bullQueue.retryJobs({ state: 'failed', count: RETRY_BATCH });
    return { retried };
  }

  async remove(queue: QueueName, jobId: string): Promise<{ jobId: string } | BusinessFailure> {
    const job = await this.failedJob(queue, jobId);
    if (job instanceof BusinessFailure) return job;
    try {
      await job.remove();
    } catch (error) {
      if (!(await job.isFailed())) return new BusinessFailure(HttpStatus.CONFLICT, MESSAGES.operations.jobNotFailed);
      throw error;
    }
    return { jobId };
  }

  /** Only jobs in the failed set are the console's to act on: never one a worker holds. */
  private async failedJob(queue: QueueName, jobId: string): Promise<Job | BusinessFailure> {
    const job = await this.queues.get(queue)!.getJob(jobId);
    if (!job) return new BusinessFailure(HttpStatus.NOT_FOUND, MESSAGES.operations.jobNotFound);
    if (!(await job.isFailed())) return new BusinessFailure(HttpStatus.CONFLICT, MESSAGES.operations.jobNotFailed);
    return job;
  }

  private async countedHere(queue: QueueName, now: number): Promise<QueueStatsEvent> {
    const [counts, workers] = await Promise.all([
      this.queues.get(queue)!.getJobCounts(...QUEUE_DEPTH_STATES),
      this.redis.zcount(this.keys.workers(queue), now - WORKER_PRESENCE.ttlMs, '+inf'),
    ]);
    return {
      queue,
      ...queueDepthsOf(counts),
      processedPerMinute: null,
      p50Ms: null,
      p95Ms: null,
      workers,
      measuredAt: now,
    };
  }
}
