export const ORDER_STATUSES = ['pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The statuses an admin may ask for (the old dialog's list, and Confirmed for an order paid offline or
 * revived); which of them an order may take now is the transition table's answer (`nextStatuses`).
 * Cancelled is the shopper's, the payment's or expiry's.
 */
export const ADMIN_SELECTABLE_ORDER_STATUSES: readonly OrderStatus[] = [
  'pending',
  'confirmed',
  'inProcess',
  'inShipping',
  'delivered',
  'rejected',
];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  inProcess: 'In Process',
  inShipping: 'In Shipping',
  delivered: 'Delivered',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/**
 * `unknown`: an M-Pesa push may have been paid, but Daraja could not tell by the time the order's
 * reservation ended; the order keeps its units until a person looks (docs/payments.md).
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'unknown'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One STK push of a payment, recorded before Daraja is asked (docs/payments.md, Attempts):
 * `sending` the push may or may not have reached Daraja; `pushed` Daraja took it; `notPushed`
 * nothing reached the phone; `settled` its outcome is known; `unknown` Daraja could not tell in time.
 */
export const MPESA_ATTEMPT_STATES = ['sending', 'pushed', 'notPushed', 'settled', 'unknown'] as const;
export type MpesaAttemptState = (typeof MPESA_ATTEMPT_STATES)[number];

export const PAYMENT_METHODS = ['paypal', 'mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How a paid order's money reached the shop, as shoppers and the admin read it. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { mpesa: 'M-Pesa', paypal: 'PayPal' };

/** How money an admin records by hand reached the shop (an unpaid order shipped on it: docs/orders.md, Offline payments). */
export const OFFLINE_PAYMENT_METHODS = ['cash', 'mpesaTill', 'bankTransfer'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
export const OFFLINE_PAYMENT_METHOD_LABELS: Record<OfflinePaymentMethod, string> = {
  cash: 'Cash on delivery',
  mpesaTill: 'M-Pesa to the shop’s till',
  bankTransfer: 'Bank transfer',
};

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The AccountReference of an order's STK pushes (Daraja takes at most 12 characters): how the order is found in M-Pesa's records. */
export function mpesaAccountReference(orderId: number): string {
  return `TD${orderId}`;
}
