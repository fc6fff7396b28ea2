import type { OfflinePaymentMethod, PaymentMethod } from './orders.js';

/** What the shop tells people by SMS and e-mail (issue 18): the shopper about their order, the shop about sales and stock. */
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

/** An SMS may be sent as at most this many concatenated parts (issue 18: one or two). */
export const SMS_MAX_PARTS = 2;
