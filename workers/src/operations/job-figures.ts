import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { JOB_FIGURES_WINDOW_MS, operationsKeys, percentileRank, type QueueName } from '@shop/contracts';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { JobOutcomes, type JobOutcome } from '../infrastructure/job-outcomes.js';

export interface QueueJobFigures {
  processedPerMinute: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

const WINDOW_MINUTES = JOB_FIGURES_WINDOW_MS / 60_000;
/** Outcomes that end within this long of each other are written together: one round trip, two ZADDs a queue. */
const RECORD_DELAY_MS = 250;

/** Removes both sets' members that ended before ARGV[1], in chunks that fit Lua's unpack. */
const TRIM_SCRIPT = `
local old = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
for first = 1, #old, 500 do
  local chunk = { unpack(old, first, math.min(first + 499, #old)) }
  redis.call('ZREM', KEYS[1], unpack(chunk))
  redis.call('ZREM', KEYS[2], unpack(chunk))
end
return #old`;

/**
 * Throughput and processing times per queue over the last 15 minutes, shared by every worker
 * process through Redis. Each ended attempt is one member of two sorted sets: scored by when it
 * ended (to count and trim the window) and by how long it took (so a percentile is one ZRANGE by
 * rank, however many jobs the window holds). Written a quarter of a second at a time: a figure per
 * job cost six commands and a round trip of every job.
 */
@Injectable()
export class JobFigures implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(JobFigures.name);
  private readonly keys: ReturnType<typeof operationsKeys>;
  private unrecorded: JobOutcome[] = [];
  private recording: NodeJS.Timeout | undefined;

  constructor(
    private readonly outcomes: JobOutcomes,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = operationsKeys(config.REDIS_PREFIX);
  }

  onModuleInit(): void {
    this.outcomes.listen((outcome) => {
      this.unrecorded.push(outcome);
      this.recording ??= setTimeout(() => void this.recordUnrecorded(), RECORD_DELAY_MS);
    });
  }

  onApplicationShutdown(): void {
    clearTimeout(this.recording);
  }

  private async recordUnrecorded(): Promise<void> {
    const outcomes = this.unrecorded;
    [this.unrecorded, this.recording] = [[], undefined];
    // Figures are for the console: losing some while Redis is away must not trouble the jobs.
    await this.record(outcomes).catch((error: Error) => this.logger.warn(`Job figures not recorded: ${error.message}`));
  }

  private async record(outcomes: readonly JobOutcome[]): Promise<void> {
    const transaction = this.redis.multi();
    for (const queue of new Set(outcomes.map((outcome) => outcome.queue))) {
      const ends = this.keys.jobEnds(queue);
      const durations = this.keys.jobDurations(queue);
      const members = outcomes
        .filter((outcome) => outcome.queue === queue)
        .map(({ durationMs, finishedAt }) => ({ durationMs, finishedAt, member: `${finishedAt}:${randomBytes(6).toString('hex')}` }));
      // Both sets go when a queue has been idle for a whole window; trimming handles the busy case.
      transaction
        .zadd(ends, ...members.flatMap(({ finishedAt, member }) => [finishedAt, member]))
        .zadd(durations, ...members.flatMap(({ durationMs, member }) => [durationMs, member]))
        .pexpire(ends, JOB_FIGURES_WINDOW_MS)
        .pexpire(durations, JOB_FIGURES_WINDOW_MS);
    }
    await transaction.exec();
  }

  /** Drops what ended before the window, then reads the window's figures. */
  async figures(queue: QueueName, now = Date.now()): Promise<QueueJobFigures> {
    const ends = this.keys.jobEnds(queue);
    const durations = this.keys.jobDurations(queue);
    await this.redis.eval(TRIM_SCRIPT, 2, ends, durations, String(now - JOB_FIGURES_WINDOW_MS));
    const count = await this.redis.zcard(durations);
    if (count === 0) return { processedPerMinute: 0, p50Ms: null, p95Ms: null };
    const [p50Ms, p95Ms] = await Promise.all(
      [50, 95].map((percentile) => this.durationAtRank(durations, percentileRank(count, percentile))),
    );
    return { processedPerMinute: Math.round((count / WINDOW_MINUTES) * 10) / 10, p50Ms: p50Ms ?? null, p95Ms: p95Ms ?? null };
  }

  private async durationAtRank(key: string, rank: number): Promise<number | undefined> {
    const [, score] = await this.redis.zrange(key, rank, rank, 'WITHSCORES');
    return score === undefined ? undefined : Number(score);
  }
}
