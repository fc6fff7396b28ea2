import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { JOB_QUEUE, type JobName } from '@shop/contracts';
import { JobOutcomes, type JobOutcome } from '../infrastructure/job-outcomes.js';

/**
 * This worker process's Prometheus series, fed by JobOutcomes. One registry per application, not
 * prom-client's global one, so that two worker apps in one test process keep their own counts.
 */
@Injectable()
export class WorkerMetrics implements OnModuleInit, OnModuleDestroy {
  readonly registry = new Registry();

  private readonly completed = new Counter({
    name: 'toyduka_jobs_completed_total',
    help: 'Jobs this process completed, by queue and job name',
    labelNames: ['queue', 'name'] as const,
    registers: [this.registry],
  });

  private readonly failed = new Counter({
    name: 'toyduka_jobs_failed_total',
    help: 'Failed job attempts in this process; will_retry="false" when the job went to the failed set for good',
    labelNames: ['queue', 'name', 'will_retry'] as const,
    registers: [this.registry],
  });

  private readonly duration = new Histogram({
    name: 'toyduka_job_duration_seconds',
    help: 'Processing time of one attempt, from a worker taking the job to its end',
    labelNames: ['queue', 'name', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  private stopListening: (() => void) | undefined;

  constructor(private readonly outcomes: JobOutcomes) {
    collectDefaultMetrics({ register: this.registry });
    // Every series exists from the start at 0, so that rate() and increase() see the first job too.
    for (const [name, queue] of Object.entries(JOB_QUEUE) as [JobName, string][]) {
      this.completed.inc({ queue, name }, 0);
      for (const willRetry of ['true', 'false']) this.failed.inc({ queue, name, will_retry: willRetry }, 0);
    }
  }

  onModuleInit(): void {
    this.stopListening = this.outcomes.listen((outcome) => this.record(outcome));
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  private record({ queue, name, status, durationMs, willRetry }: JobOutcome): void {
    if (status === 'completed') this.completed.inc({ queue, name });
    else this.failed.inc({ queue, name, will_retry: String(willRetry) });
    this.duration.observe({ queue, name, status }, durationMs / 1000);
  }
}
