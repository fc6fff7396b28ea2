import { nextStatuses, type Order } from '@shop/contracts';

/** The shopper's Cancel button: shown only where the transition table lets the shopper close the order now. */
export function shopperMayCancel(order: Pick<Order, 'orderStatus' | 'paymentStatus'>): boolean {
  return nextStatuses(order.orderStatus, 'shopper', order.paymentStatus).includes('cancelled');
}

/** Money is owed back once the order closes: it was paid, or the shop already owes some of it (docs/orders.md). */
export function refundFollowsCancel(order: Pick<Order, 'paymentStatus' | 'refundDue' | 'refund'>): boolean {
  return order.paymentStatus === 'paid' || (order.refund === null && order.refundDue !== null && order.refundDue > 0);
}

/**
 * An order placed and waiting for its money: M-Pesa's prompt or PayPal not yet settled, failed, or
 * an outcome nobody could tell. The admin may record a payment made another way for it.
 */
export function isAwaitingPayment(order: Pick<Order, 'orderStatus' | 'paymentStatus'>): boolean {
  return (
    order.orderStatus === 'pending' &&
    (order.paymentStatus === 'pending' || order.paymentStatus === 'unknown' || order.paymentStatus === 'failed')
  );
}
