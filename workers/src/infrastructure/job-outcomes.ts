import { Injectable } from '@nestjs/common';
import type { QueueName } from '@shop/contracts';

/** One job's end as this worker process saw it. */
export interface JobOutcome {
  queue: QueueName;
  name: string;
  status: 'completed' | 'failed';
  /** Processing time of this attempt, from when a worker took it to when it ended. */
  durationMs: number;
  /** Attempts made so far, this one included. */
  attemptsMade: number;
  /** For a failure: whether BullMQ will try again, or the job now sits in the failed set. */
  willRetry: boolean;
  finishedAt: number;
}

export type JobOutcomeListener = (outcome: JobOutcome) => void;

/**
 * Every processor reports each job's end here (see QueueProcessor); whoever keeps figures about
 * jobs (the queue console's throughput and timings, the Prometheus counters) listens, so no
 * processor knows about either.
 */
@Injectable()
export class JobOutcomes {
  private readonly listeners = new Set<JobOutcomeListener>();

  listen(listener: JobOutcomeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  report(outcome: JobOutcome): void {
    for (const listener of this.listeners) listener(outcome);
  }
}
