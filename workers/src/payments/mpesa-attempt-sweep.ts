import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { JOB_RETENTION, JOBS, QUEUES } from '@shop/contracts';
import { inTransaction, MpesaAttempt } from '@shop/db';
import { APP_CONFIG, PUBLISH_TIMEOUT_MS, withinTimeout } from '@shop/infrastructure';

/** Attempts claimed per sweep; a full batch sweeps again at once. */
const SWEEP_BATCH = 50;
/** How long a claimed attempt is left to its job before the sweep looks at it again. */
const CLAIM_MS = 60_000;

/** One job per claim: a check added twice (a crash between the add and the claim's commit) is one job. */
export function reconcileJobId(attemptId: number, claim: number): string {
  return `reconcile-${attemptId}-${claim}`;
}

/**
 * The schedule of the STK push checks, kept in MySQL rather than in delayed jobs: every attempt
 * row carries the time of its next check (written with the attempt, before the push), and each
 * workers process sweeps for the due ones and queues an `mpesa.reconcile` job for each. A lost
 * job, a Redis restart or a worker killed mid-check only delays a check: the row stays due.
 */
@Injectable()
export class MpesaAttemptSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MpesaAttemptSweep.name);
  private running = false;
  private loop: Promise<void> | undefined;
  private stop: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.payments) private readonly payments: Queue,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.sweepUntilStopped();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.stop?.();
    await this.loop;
  }

  /**
   * Claims the due attempts (SKIP LOCKED: several workers share them), queues their checks, counts
   * the claim and moves their next check a claim's length on, all before the claim commits; the
   * check itself sets the real next time. Answers how many checks were queued.
   */
  sweep(): Promise<number> {
    return inTransaction(
      this.dataSource,
      async (manager) => {
        const due = await manager
          .createQueryBuilder(MpesaAttempt, 'attempt')
          .select(['attempt.id', 'attempt.checks'])
          .where('attempt.nextCheckAt <= NOW(3)')
          .orderBy('attempt.nextCheckAt', 'ASC')
          .limit(SWEEP_BATCH)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getMany();
        if (due.length === 0) return 0;
        // Bounded: the workers' Redis client waits out an outage, and the claim's row locks must not.
        await withinTimeout(
          this.payments.addBulk(
            due.map((attempt) => ({
              name: JOBS.mpesaReconcile,
              data: { attemptId: attempt.id },
              // The sweep is the retry: a failed check stays in the failed set for the operator, and the row comes due again.
              opts: { jobId: reconcileJobId(attempt.id, attempt.checks + 1), attempts: 1, ...JOB_RETENTION },
            })),
          ),
          PUBLISH_TIMEOUT_MS,
          'Redis',
        );
        await manager
          .createQueryBuilder()
          .update(MpesaAttempt)
          .set({ checks: () => '`checks` + 1', nextCheckAt: () => `NOW(3) + INTERVAL ${CLAIM_MS * 1000} MICROSECOND` })
          .whereInIds(due.map((attempt) => attempt.id))
          .execute();
        return due.length;
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  private async sweepUntilStopped(): Promise<void> {
    while (this.running) {
      let queued = 0;
      try {
        queued = await this.sweep();
      } catch (error) {
        this.logger.warn(`M-Pesa attempt sweep failed, trying again: ${(error as Error).message}`);
      }
      if (queued < SWEEP_BATCH) await this.pause();
    }
  }

  private pause(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.config.MPESA_SWEEP_INTERVAL_MS);
      this.stop = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
