import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { QueueName } from '@shop/contracts';
import { JobOutcomes } from './job-outcomes.js';

/**
 * Every processor logs its worker's connection errors through Nest instead of BullMQ's console
 * fallback, and reports the end of each job to JobOutcomes.
 */
export abstract class QueueProcessor extends WorkerHost {
  protected readonly logger = new Logger(this.constructor.name);

  // A property, not a constructor parameter, so that processors keep constructors of their own.
  @Inject(JobOutcomes)
  private readonly outcomes!: JobOutcomes;

  @OnWorkerEvent('error')
  onWorkerError(error: Error): void {
    this.logger.warn(`Queue connection problem: ${error.message}`);
  }

  @OnWorkerEvent('completed')
  onJobCompleted(job: Job): void {
    this.report(job, 'completed', false);
  }

  @OnWorkerEvent('failed')
  onJobFailed(job: Job | undefined): void {
    // BullMQ passes no job when one could not even be read (a stalled job's data was gone); it
    // stamps finishedOn only when the job goes to the failed set for good.
    if (job) this.report(job, 'failed', !job.finishedOn);
  }

  private report(job: Job, status: 'completed' | 'failed', willRetry: boolean): void {
    const finishedAt = job.finishedOn ?? Date.now();
    this.outcomes.report({
      queue: job.queueName as QueueName,
      name: job.name,
      status,
      durationMs: job.processedOn ? Math.max(0, finishedAt - job.processedOn) : 0,
      attemptsMade: job.attemptsMade,
      willRetry,
      finishedAt,
    });
  }
}
