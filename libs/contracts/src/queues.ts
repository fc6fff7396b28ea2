import type { AccountMessageKind, NotificationKind } from './notifications.js';
import type { OrderStatus } from './orders.js';

/** BullMQ queues, split by kind of work so one cannot starve another (docs/architecture.md). */
export const QUEUES = {
  orders: 'orders',
  payments: 'payments',
  images: 'images',
  pipeline: 'pipeline',
  maintenance: 'maintenance',
  notifications: 'notifications',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export const JOBS = {
  orderExpire: 'order.expire',
  orderStatusChanged: 'order.status-changed',
  mpesaCallback: 'mpesa.callback',
  mpesaReconcile: 'mpesa.reconcile',
  mpesaStatusResult: 'mpesa.status-result',
  paypalCapture: 'paypal.capture',
  paypalWebhook: 'paypal.webhook',
  imageResize: 'image.resize',
  pipelineHeartbeat: 'pipeline.heartbeat',
  retentionPrune: 'retention.prune',
  notificationSend: 'notification.send',
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** Which queue carries each job: the outbox relay publishes by this table. */
export const JOB_QUEUE: Record<JobName, QueueName> = {
  'order.expire': 'orders',
  'order.status-changed': 'orders',
  'mpesa.callback': 'payments',
  'mpesa.reconcile': 'payments',
  'mpesa.status-result': 'payments',
  'paypal.capture': 'payments',
  'paypal.webhook': 'payments',
  'image.resize': 'images',
  'pipeline.heartbeat': 'pipeline',
  'retention.prune': 'maintenance',
  'notification.send': 'notifications',
};

export interface PipelineHeartbeatJob {
  /** When the api wrote the outbox row, ms since epoch. */
  emittedAt: number;
}
export interface OrderJob {
  orderId: number;
}
export interface OrderStatusChangedJob extends OrderJob {
  from: OrderStatus;
  to: OrderStatus;
  /** The change is the order's money arriving: the admins get their new-order alert with the update. */
  paid?: true;
}
export interface MpesaCallbackJob {
  callbackId: number;
}
/** Asks Daraja how one STK push attempt ended; added by the workers' sweep when the attempt's check is due. */
export interface MpesaReconcileJob {
  attemptId: number;
}
/** A Transaction Status result Daraja sent to the attempt's ResultURL (stored in payment_callbacks). */
export interface MpesaStatusResultJob {
  callbackId: number;
}
export interface PaypalCaptureJob {
  paymentId: number;
  /** The shopper's n-th capture of this payment (a declined card may be retried): one job, and one PayPal-Request-Id, per attempt. */
  attempt: number;
}
export interface PaypalWebhookJob {
  callbackId: number;
}
export interface ImageResizeJob {
  imageId: number;
}
/**
 * Someone is to be told of something, recorded in the transaction that made it so. The worker reads
 * the order (or account) as it stands when the job runs and writes each message once, keyed by
 * (event, channel, recipient) in MySQL.
 */
export type NotifyJob = OrderNotifyJob | LowStockNotifyJob | AccountNotifyJob;
/** `orderPaid` also tells the shop (shopOrderPaid); `reason` is the words of a failure, expiry or cancellation. */
export interface OrderNotifyJob {
  kind: Exclude<NotificationKind, 'shopOrderPaid' | 'shopLowStock'>;
  orderId: number;
  reason?: string;
}
/** Variations share their product's stock, so the product is the whole subject. */
export interface LowStockNotifyJob {
  kind: 'shopLowStock';
  orderId: number;
  productId: number;
  /** The product's sellable units right after this order's reservation, as recorded then. */
  unitsLeft: number;
}
/** The worker issues the link's token itself when it writes the e-mail, so the raw token lives only in the mail. */
export interface AccountNotifyJob {
  kind: AccountMessageKind;
  userId: number;
}
/** Added by the retention job scheduler every RETENTION_INTERVAL_MS: the ages and batch size come from the configuration. */
export type RetentionPruneJob = Record<string, never>;

export interface JobPayloads {
  'order.expire': OrderJob;
  'order.status-changed': OrderStatusChangedJob;
  'mpesa.callback': MpesaCallbackJob;
  'mpesa.reconcile': MpesaReconcileJob;
  'mpesa.status-result': MpesaStatusResultJob;
  'paypal.capture': PaypalCaptureJob;
  'paypal.webhook': PaypalWebhookJob;
  'image.resize': ImageResizeJob;
  'pipeline.heartbeat': PipelineHeartbeatJob;
  'retention.prune': RetentionPruneJob;
  'notification.send': NotifyJob;
}

/** Per-queue worker settings, published-job retry policy and retention (one place). */
export const QUEUE_SETTINGS: Record<QueueName, { concurrency: number; attempts: number; backoffMs: number }> = {
  // The live updates' way to the screen (order.status-changed): short reads and an emit.
  orders: { concurrency: 20, attempts: 5, backoffMs: 1000 },
  // A payment job mostly waits on Daraja (its STK query takes about a second there) or PayPal: at 10
  // at once, a sale-day burst of callbacks queued behind each other for seconds.
  payments: { concurrency: 50, attempts: 8, backoffMs: 2000 },
  images: { concurrency: 2, attempts: 3, backoffMs: 5000 },
  pipeline: { concurrency: 1, attempts: 1, backoffMs: 1000 },
  // Housekeeping on a queue of its own, so a long prune never delays the heartbeat's latency figure.
  maintenance: { concurrency: 1, attempts: 3, backoffMs: 60_000 },
  // Providers' outages last minutes: 5 s doubling over 8 tries waits about 10 minutes in all before a person is asked.
  notifications: { concurrency: 5, attempts: 8, backoffMs: 5000 },
};
export const JOB_RETENTION = {
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
} as const;

/** What every job the shop adds carries: its queue's retries with exponential backoff, and how long BullMQ keeps it once ended. */
export function jobOptionsOf(queue: QueueName) {
  const { attempts, backoffMs } = QUEUE_SETTINGS[queue];
  return { attempts, backoff: { type: 'exponential', delay: backoffMs }, ...JOB_RETENTION } as const;
}

export const PIPELINE_HEARTBEAT_INTERVAL_MS = 5000;

/** Redis keys where the workers keep the heartbeat's recent figures for the ops page. */
export function pipelineHeartbeatKeys(redisPrefix: string) {
  return {
    recent: `${redisPrefix}:pipeline:heartbeats`,
    seen: (outboxId: number) => `${redisPrefix}:pipeline:heartbeat:${outboxId}`,
  };
}
export const PIPELINE_HEARTBEATS_KEPT = 100;

/** BullMQ job id of an outbox row: publishing the same row twice finds the job already there. */
export function outboxJobId(outboxId: number | string): string {
  return `outbox-${outboxId}`;
}
export function outboxIdOfJob(jobId: string | undefined): number {
  return Number(jobId?.replace(/^outbox-/, ''));
}
