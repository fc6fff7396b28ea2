import type { OrderStatus, PaymentMethod, PaymentStatus } from './orders.js';
import type { QueueName } from './queues.js';

export const SOCKET_PATH = '/socket.io';

export const SOCKET_EVENTS = {
  orderUpdated: 'order:updated',
  adminOrderPaid: 'admin:order-paid',
  adminPaymentAttention: 'admin:payment-attention',
  imageProcessed: 'image:processed',
  pipelineHeartbeat: 'pipeline:heartbeat',
  queueStats: 'queues:stats',
} as const;

export const SOCKET_ROOMS = {
  user: (userId: number) => `user:${userId}`,
  admins: 'admins',
  /** Operators' view of the pipeline and queues; admins only. */
  ops: 'ops',
  /** Every socket opened with one session, so that signing out closes them all. */
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

export interface OrderUpdatedEvent {
  orderId: number;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Why a payment failed, in the shopper's words. */
  reason?: string;
  updatedAt: string;
}
export interface AdminOrderPaidEvent {
  orderId: number;
  userName: string;
  totalAmount: number;
  paymentMethod: PaymentMethod;
  createdAt: string;
}
/** Why a payment needs a person: money that does not match its order, or an outcome M-Pesa could not tell. */
export const PAYMENT_ATTENTION_KINDS = ['amountMismatch', 'refundDue', 'outcomeUnknown'] as const;
export type PaymentAttentionKind = (typeof PAYMENT_ATTENTION_KINDS)[number];
export interface AdminPaymentAttentionEvent {
  orderId: number;
  kind: PaymentAttentionKind;
  /** For the admin, e.g. "Received KES 7 of KES 1,450: refund KES 7". */
  message: string;
  createdAt: string;
}
export interface ImageProcessedEvent {
  imageId: number;
  url: string;
  status: 'ready' | 'failed';
  reason?: string;
}
export interface PipelineHeartbeatEvent {
  outboxId: number;
  emittedAt: number;
  processedAt: number;
  /** Outbox write → worker emit, in ms. */
  latencyMs: number;
}
export interface QueueStatsEvent {
  queue: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
  /** Attempts that ended (completed or failed) per minute over the last 15 minutes; null when no worker keeps figures. */
  processedPerMinute: number | null;
  /** Processing time of those attempts, ms; null when none ended in the window. */
  p50Ms: number | null;
  p95Ms: number | null;
  /** Worker processes serving this queue now (fresh presence beats). */
  workers: number;
  /** When these figures were read, ms since epoch. */
  measuredAt: number;
}

export interface ServerToClientEvents {
  'order:updated': (event: OrderUpdatedEvent) => void;
  'admin:order-paid': (event: AdminOrderPaidEvent) => void;
  'admin:payment-attention': (event: AdminPaymentAttentionEvent) => void;
  'image:processed': (event: ImageProcessedEvent) => void;
  'pipeline:heartbeat': (event: PipelineHeartbeatEvent) => void;
  'queues:stats': (event: QueueStatsEvent[]) => void;
}
/** The only messages a browser may send: an admin's queue console asks to receive the ops room's figures, and stops. */
export const SOCKET_CLIENT_EVENTS = {
  opsWatch: 'ops:watch',
  opsUnwatch: 'ops:unwatch',
} as const;

export interface ClientToServerEvents {
  'ops:watch': () => void;
  'ops:unwatch': () => void;
}

/** The Redis channel prefix shared by the api's Socket.IO adapter and the workers' emitter. */
export function socketChannelKey(redisPrefix: string): string {
  return `${redisPrefix}:socket.io`;
}
