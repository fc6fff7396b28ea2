import type { OfflinePaymentMethod, PaymentMethod } from './orders.js';

/** What the shop tells people by SMS and e-mail (docs/notifications.md): the shopper about their order, the shop about sales and stock. */
export const NOTIFICATION_KINDS = {
  orderPaid: 'orderPaid',
  paymentFailed: 'paymentFailed',
  orderExpired: 'orderExpired',
  orderShipped: 'orderShipped',
  orderDelivered: 'orderDelivered',
  orderCancelled: 'orderCancelled',
  orderRefunded: 'orderRefunded',
  shopOrderPaid: 'shopOrderPaid',
  shopLowStock: 'shopLowStock',
} as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[keyof typeof NOTIFICATION_KINDS];

/** Mails about the account itself, sent whatever the account's message preferences: e-mail only. */
export const ACCOUNT_MESSAGE_KINDS = {
  emailVerification: 'emailVerification',
  passwordReset: 'passwordReset',
} as const;
export type AccountMessageKind = (typeof ACCOUNT_MESSAGE_KINDS)[keyof typeof ACCOUNT_MESSAGE_KINDS];

/** How long an e-mailed link works: a reset link half an hour, a verification link two days (docs/product.md, Accounts). */
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountMessageKind, number> = {
  emailVerification: 48 * 3600 * 1000,
  passwordReset: 30 * 60 * 1000,
};

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The languages messages are written in; a second one is a new template file, never a change to the senders. */
export const NOTIFICATION_LOCALES = ['en'] as const;
export type NotificationLocale = (typeof NOTIFICATION_LOCALES)[number];
export const DEFAULT_NOTIFICATION_LOCALE: NotificationLocale = 'en';

/** One line of an order as a message lists it; amounts are whole shillings. */
export interface NotificationLine {
  title: string;
  variationLabel?: string;
  quantity: number;
  lineTotal: number;
}

/** What every message about one order carries: its number (shown as "#id", as the web shows it), lines and total. */
export interface OrderNotificationFacts {
  orderId: number;
  lines: NotificationLine[];
  deliveryFee: number;
  /** Lines and delivery together, as the shopper paid or was asked to pay. */
  total: number;
  /** Where the reader opens the order: the shopper's My Orders, or the admin's orders page for the shop. */
  orderUrl: string;
}

/** The money's trace: an M-Pesa receipt, a PayPal capture id, or the reference an admin recorded for an offline payment. */
export interface NotificationPayment {
  method: PaymentMethod | OfflinePaymentMethod;
  reference: string;
}

export interface OrderPaidNotification extends OrderNotificationFacts {
  payment: NotificationPayment;
}

/** A payment that did not go through, or an order whose reservation ended unpaid: why, and where to try again. */
export interface OrderRetryNotification extends OrderNotificationFacts {
  reason: string;
  retryUrl: string;
}

export interface OrderCancelledNotification extends OrderNotificationFacts {
  reason: string;
  /** Shillings the shop owes back (paid before the order closed); absent when nothing was paid. */
  refundDue?: number;
}

export interface OrderRefundedNotification extends OrderNotificationFacts {
  refund: {
    amount: number;
    reference?: string;
    /** ISO 8601, as jobs carry dates. */
    refundedAt?: string;
  };
}

export interface ShopOrderPaidNotification extends OrderPaidNotification {
  shopperName: string;
}

/** A product an order took to or below the low-stock line (LIMITS.lowStockThreshold). */
export interface ShopLowStockNotification {
  orderId: number;
  product: {
    title: string;
    variationLabel?: string;
    unitsLeft: number;
    lowStockLine: number;
  };
  /** The admin's page of the product, where stock is topped up. */
  productUrl: string;
}

export interface NotificationData {
  orderPaid: OrderPaidNotification;
  paymentFailed: OrderRetryNotification;
  orderExpired: OrderRetryNotification;
  orderShipped: OrderNotificationFacts;
  orderDelivered: OrderNotificationFacts;
  orderCancelled: OrderCancelledNotification;
  orderRefunded: OrderRefundedNotification;
  shopOrderPaid: ShopOrderPaidNotification;
  shopLowStock: ShopLowStockNotification;
}

/** An SMS may be sent as at most this many concatenated parts (docs/notifications.md: one or two). */
export const SMS_MAX_PARTS = 2;

/**
 * Where one message stands. `pending`: not with the provider, safe to send (new, or the provider was
 * unavailable); `sending`: claimed and handed to the provider, so a redelivered event never sends it
 * again; `sent`; `failed`: refused, out of tries, or its outcome unknown, for a person to look at.
 */
export const NOTIFICATION_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/**
 * A row left in `sending` this long was handed to a provider by an attempt that never came back
 * (a crash, a lost connection to MySQL): well past the senders' own timeouts (15 s, 30 s). A later
 * attempt of its event gives it up as `failed`, and retention does when no attempt comes again.
 */
export const SENDING_ABANDONED_AFTER_MS = 5 * 60_000;

/**
 * Africa's Talking's final delivery statuses: nothing follows them. Sent, Submitted and Buffered
 * are on the way, and a report of one arriving late never replaces a final one.
 */
export const SMS_FINAL_DELIVERY_STATUSES: readonly string[] = ['Success', 'Failed', 'Rejected'];

/** One message as the admin sees it on an order: what was sent to whom, and the provider's delivery report. */
export interface NotificationRecord {
  id: number;
  kind: NotificationKind;
  channel: NotificationChannel;
  recipient: string;
  state: NotificationState;
  attempts: number;
  /** The last provider error, for a message still retrying or failed. */
  lastError: string | null;
  sentAt: string | null;
  /** Africa's Talking's delivery report for an SMS (Success, Failed, Rejected, …), when one came. */
  deliveryStatus: string | null;
  deliveryFailureReason: string | null;
  deliveryReportedAt: string | null;
  createdAt: string;
}
