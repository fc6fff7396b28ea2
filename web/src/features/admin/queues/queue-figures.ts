import {
  PIPELINE_HEARTBEAT_LATE_MS,
  QUEUE_NAMES,
  QUEUE_STATS_INTERVAL_MS,
  type PipelineHeartbeatEvent,
  type QueueName,
  type QueueStatsEvent,
} from '@shop/contracts';

/** Figures older than a few pushes mean no worker process is publishing. */
export const STATS_STALE_MS = 3 * QUEUE_STATS_INTERVAL_MS;

const QUEUE_LABELS: Record<QueueName, string> = {
  orders: 'Orders',
  payments: 'Payments',
  images: 'Images',
  pipeline: 'Pipeline',
  maintenance: 'Maintenance',
  notifications: 'Notifications',
};

export function queueLabel(queue: QueueName): string {
  return QUEUE_LABELS[queue];
}

/** A processing time or latency: whole milliseconds under a second, tenths of a second above. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** How long ago, in the largest unit that reads naturally. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}

export function formatTime(at: number | null): string {
  return at === null ? '–' : new Date(at).toLocaleString('en-KE', { dateStyle: 'medium', timeStyle: 'medium' });
}

export function workersText(count: number): string {
  return `${count} ${count === 1 ? 'worker' : 'workers'}`;
}

/** A snapshot and a push may cross on the way: per queue, the later measurement wins. */
export function mergeStats(held: QueueStatsEvent[], arrived: QueueStatsEvent[]): QueueStatsEvent[] {
  return QUEUE_NAMES.flatMap((queue) => {
    const before = held.find((stats) => stats.queue === queue);
    const after = arrived.find((stats) => stats.queue === queue);
    const later = !before || (after && after.measuredAt >= before.measuredAt) ? after : before;
    return later ? [later] : [];
  });
}

export function laterHeartbeat(held: PipelineHeartbeatEvent | null, arrived: PipelineHeartbeatEvent | null): PipelineHeartbeatEvent | null {
  if (!arrived) return held;
  return !held || arrived.processedAt >= held.processedAt ? arrived : held;
}

/** When the newest figures were measured; 0 before any arrived. */
export function newestMeasurement(queues: QueueStatsEvent[]): number {
  return queues.length > 0 ? Math.max(...queues.map((stats) => stats.measuredAt)) : 0;
}

/** The newest figures are older than a few pushes: no worker process is publishing them. `now` is the server's time, 0 while unknown. */
export function statsAreStale(queues: QueueStatsEvent[], now: number): boolean {
  return queues.length > 0 && now !== 0 && now - newestMeasurement(queues) > STATS_STALE_MS;
}

/** The last heartbeat is too old: something between the outbox and the workers is stuck. `now` is the server's time, 0 while unknown. */
export function heartbeatIsLate(heartbeat: PipelineHeartbeatEvent | null, now: number): boolean {
  return heartbeat !== null && now !== 0 && now - heartbeat.processedAt > PIPELINE_HEARTBEAT_LATE_MS;
}

/** The server's time as it told it, and the browser's clock when it was told. */
export interface ServerTimeTold {
  serverTime: number;
  receivedAt: number;
}

/**
 * The server's time at a moment of the browser's clock, so that figures are aged by the clock that
 * measured them however far the browser's is off; never before the moment it was told.
 */
export function serverTimeAt(browserNow: number, { serverTime, receivedAt }: ServerTimeTold): number {
  return serverTime + Math.max(0, browserNow - receivedAt);
}

/** Where a failed list goes when retries emptied the page on show: the last page that holds jobs. */
export function lastPageWithJobs(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
