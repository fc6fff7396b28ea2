import type { ApiSuccess } from './api-types.js';
import type { QueueName } from './queues.js';
import type { PipelineHeartbeatEvent, QueueStatsEvent } from './socket-events.js';

/** The queue console (admins only, by the /api/admin/ path). */
export const OPS_API = {
  /** The console's first paint; afterwards `queues:stats` and `pipeline:heartbeat` arrive through the socket. */
  snapshot: '/api/admin/queues/snapshot',
  failedJobs: (queue: QueueName) => `/api/admin/queues/${queue}/failed`,
  retryFailedJob: (queue: QueueName, jobId: string) => `/api/admin/queues/${queue}/failed/${encodeURIComponent(jobId)}/retry`,
  /** DELETE */
  removeFailedJob: (queue: QueueName, jobId: string) => `/api/admin/queues/${queue}/failed/${encodeURIComponent(jobId)}`,
  retryAllFailed: (queue: QueueName) => `/api/admin/queues/${queue}/failed/retry-all`,
  /** Bull Board, for inspecting any job in any state. */
  board: '/api/admin/queues/board',
} as const;

/** How often one worker process publishes `queues:stats` to the ops room. */
export const QUEUE_STATS_INTERVAL_MS = 2000;
/** Throughput and processing times cover the jobs that ended in this window. */
export const JOB_FIGURES_WINDOW_MS = 15 * 60_000;
/** Each worker process says, this often, which queues it serves; it counts as gone after `ttlMs` of silence. */
export const WORKER_PRESENCE = { intervalMs: 5000, ttlMs: 15_000 } as const;
/** A heartbeat older than this means the pipeline is stuck somewhere. */
export const PIPELINE_HEARTBEAT_LATE_MS = 15_000;

/** Redis keys of the queue console's figures, shared by every worker process and read by the api. */
export function operationsKeys(redisPrefix: string) {
  const base = `${redisPrefix}:ops`;
  return {
    /** One publisher per interval: the first process to take the slot's key publishes. */
    statsSlot: (slot: number) => `${base}:stats-slot:${slot}`,
    /** The figures last published, for the api's snapshot. */
    latestStats: `${base}:stats:latest`,
    /** Ended attempts: member → when it ended (score), and the same member → how long it took (score). */
    jobEnds: (queue: QueueName) => `${base}:jobs:${queue}:ended-at`,
    jobDurations: (queue: QueueName) => `${base}:jobs:${queue}:duration`,
    /** Worker process id → its last presence beat, ms. */
    workers: (queue: QueueName) => `${base}:workers:${queue}`,
  };
}

export interface QueuesSnapshot {
  queues: QueueStatsEvent[];
  /** The latest heartbeat the workers recorded, or null when none is kept. */
  heartbeat: PipelineHeartbeatEvent | null;
  /** The api's clock when it answered, so a browser can judge the figures' age whatever its own clock says. */
  serverTime: number;
}

/** A job in a queue's failed set, as the console lists it. */
export interface FailedJobView {
  id: string;
  name: string;
  /** The job's data in one short line, e.g. `imageId: 42`. */
  summary: string;
  error: string;
  /** The last attempt's stack trace, when BullMQ kept one. */
  stack: string | null;
  attemptsMade: number;
  /** Attempts the job was allowed. */
  attempts: number;
  createdAt: number;
  processedAt: number | null;
  failedAt: number | null;
}

export interface FailedJobPage extends ApiSuccess<FailedJobView[]> {
  pagination: { total: number; page: number; pageSize: number };
}
export type RetriedJobs = ApiSuccess<{ retried: number }>;

/** What an admin can do to failed jobs from the console; each one done is written to the operator audit. */
export const OPERATOR_ACTIONS = ['retry', 'retryAll', 'remove'] as const;
export type OperatorActionName = (typeof OPERATOR_ACTIONS)[number];
export type FailedJobAction = ApiSuccess<{ jobId: string }>;

/** A job's data in one short line for the failed jobs list. */
export function summariseJobData(data: unknown, maxLength = 120): string {
  const line =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? Object.entries(data as Record<string, unknown>)
          .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
          .join(', ')
      : (JSON.stringify(data) ?? '');
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

/** The nearest-rank percentile's 0-based index in `count` sorted values. */
export function percentileRank(count: number, percentile: number): number {
  return Math.min(count - 1, Math.max(0, Math.ceil((percentile / 100) * count) - 1));
}

/** The job states a queue card counts, in the order BullMQ is asked for them. */
export const QUEUE_DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** BullMQ's `getJobCounts` answer as the console's counts (a state BullMQ leaves out is 0). */
export function queueDepthsOf(counts: Record<string, number | undefined>): Pick<QueueStatsEvent, (typeof QUEUE_DEPTH_STATES)[number]> {
  return {
    waiting: counts.waiting ?? 0,
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    completed: counts.completed ?? 0,
  };
}
