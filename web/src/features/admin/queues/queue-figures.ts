import type { QueueName } from '@shop/contracts';

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
