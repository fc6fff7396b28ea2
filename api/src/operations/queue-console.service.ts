import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import {
  MESSAGES,
  operationsKeys,
  pipelineHeartbeatKeys,
  QUEUE_DEPTH_STATES,
  QUEUE_NAMES,
  QUEUE_STATS_INTERVAL_MS,
  queueDepthsOf,
  summariseJobData,
  WORKER_PRESENCE,
  type FailedJobView,
  type PipelineHeartbeatEvent,
  type QueueName,
  type QueuesSnapshot,
  type QueueStatsEvent,
  type SessionUser,
} from '@shop/contracts';
import { Refusal } from '@shop/db';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { OperatorAuditService } from './operator-audit.service.js';

/** Figures older than this are not the workers' current word: someone should have published since. */
const STATS_FRESH_MS = 3 * QUEUE_STATS_INTERVAL_MS;
/** Retry all sends this many jobs' retries to Redis at once. */
const RETRY_BATCH = 200;

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
 * the jobs itself, so the console shows a queue piling up while every worker is down. Each retry and
 * removal is written to the operator audit, with the admin who made it.
 */
@Injectable()
export class QueueConsoleService implements OnModuleInit {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly keys: ReturnType<typeof operationsKeys>;

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: OperatorAuditService,
  ) {
    this.keys = operationsKeys(config.REDIS_PREFIX);
  }

  /** The queues' providers are made asynchronously: they exist by the time modules initialise, not when this is constructed. */
  onModuleInit(): void {
    for (const name of QUEUE_NAMES) this.queues.set(name, this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
  }

  async snapshot(now = Date.now()): Promise<QueuesSnapshot> {
    const [published, latestHeartbeat] = await Promise.all([
      this.redis.get(this.keys.latestStats),
      this.redis.lindex(pipelineHeartbeatKeys(this.config.REDIS_PREFIX).recent, 0),
    ]);
    const fresh = published ? (JSON.parse(published) as QueueStatsEvent[]).filter((stats) => now - stats.measuredAt <= STATS_FRESH_MS) : [];
    const queues =
      fresh.length === QUEUE_NAMES.length ? fresh : await Promise.all(QUEUE_NAMES.map((queue) => this.countedHere(queue, now)));
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
  async retry(queue: QueueName, jobId: string, admin: SessionUser): Promise<{ jobId: string } | Refusal> {
    const job = await this.failedJob(queue, jobId);
    if (job instanceof Refusal) return job;
    return this.audit.recorded({ admin, action: 'retry', queue, jobIds: [jobId] }, async (changed) => {
      // Another admin (or Retry all) may have got there first.
      if (!(await this.retried(job))) return new Refusal('JOB_NOT_FAILED', MESSAGES.operations.jobNotFailed);
      changed(jobId);
      return { jobId };
    });
  }

  /**
   * Retries the failed jobs one by one rather than with BullMQ's retryJobs, which moves whatever is
   * in the failed set by then: the audit must name exactly the jobs that were moved.
   */
  async retryAll(queue: QueueName, admin: SessionUser): Promise<{ retried: number }> {
    const bullQueue = this.queues.get(queue)!;
    const listed = await bullQueue.getRanges(['failed'], 0, -1, true);
    if (listed.length === 0) return { retried: 0 };
    return this.audit.recorded({ admin, action: 'retryAll', queue, jobIds: listed }, async (changed) => {
      let retried = 0;
      for (let start = 0; start < listed.length; start += RETRY_BATCH) {
        await Promise.all(
          listed.slice(start, start + RETRY_BATCH).map(async (jobId) => {
            // Removed meanwhile: nothing to retry.
            const job = await bullQueue.getJob(jobId);
            if (!job || !(await this.retried(job))) return;
            changed(jobId);
            retried += 1;
          }),
        );
      }
      return { retried };
    });
  }

  async remove(queue: QueueName, jobId: string, admin: SessionUser): Promise<{ jobId: string } | Refusal> {
    const job = await this.failedJob(queue, jobId);
    if (job instanceof Refusal) return job;
    return this.audit.recorded({ admin, action: 'remove', queue, jobIds: [jobId] }, async (changed) => {
      try {
        await job.remove();
      } catch (error) {
        if (!(await job.isFailed())) return new Refusal('JOB_NOT_FAILED', MESSAGES.operations.jobNotFailed);
        throw error;
      }
      changed(jobId);
      return { jobId };
    });
  }

  /** Retries a failed job as `retry` says; false when it had left the failed set by then. */
  private async retried(job: Job): Promise<boolean> {
    try {
      await job.retry('failed');
      return true;
    } catch (error) {
      if (!(await job.isFailed())) return false;
      throw error;
    }
  }

  /** Only jobs in the failed set are the console's to act on: never one a worker holds. */
  private async failedJob(queue: QueueName, jobId: string): Promise<Job | Refusal> {
    const job = await this.queues.get(queue)!.getJob(jobId);
    if (!job) return new Refusal('JOB_NOT_FOUND', MESSAGES.operations.jobNotFound);
    if (!(await job.isFailed())) return new Refusal('JOB_NOT_FAILED', MESSAGES.operations.jobNotFailed);
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
