import { MESSAGES, type Order } from '@shop/contracts';

/**
 * waiting: nothing settled yet; paid; failed: the order will not be paid (a new payment starts a
 * new order); declined: PayPal refused the payment method, and the shopper may choose another one
 * on PayPal's page for the same order; unknown: M-Pesa could not tell whether the shopper paid, and
 * the order keeps its units until a person has looked, which may take hours: the checkout stops
 * following it there, and offers no way to pay again (that could pay twice).
 */
export type PaymentOutcome = 'waiting' | 'paid' | 'failed' | 'declined' | 'unknown';

export interface PaymentStanding {
  outcome: PaymentOutcome;
  /** Why it failed or was declined, or that its outcome is unknown, in the shopper's words (MESSAGES.payment.*); null otherwise or when the server gave none. */
  reason: string | null;
  /** Where a declined PayPal payer approves again. */
  approvalUrl: string | null;
}

export const WAITING: PaymentStanding = { outcome: 'waiting', reason: null, approvalUrl: null };

/** Where an order's payment stands, as the waiting panel and the PayPal return page show it. */
export function paymentStandingOf(order: Order): PaymentStanding {
  const closed = order.orderStatus === 'cancelled' || order.orderStatus === 'rejected';
  // Money that came after the order closed is refunded, not a sale: the shopper reads why.
  if (order.paymentStatus === 'paid' && !closed) return { outcome: 'paid', reason: null, approvalUrl: null };
  if (closed || order.paymentStatus === 'failed' || order.paymentStatus === 'refunded') {
    return { outcome: 'failed', reason: order.paymentFailureReason, approvalUrl: null };
  }
  if (order.paymentStatus === 'unknown') return { outcome: 'unknown', reason: MESSAGES.payment.outcomeUnknown, approvalUrl: null };
  // A PayPal capture that failed leaves the order pending with a reason: the payer can fix it on PayPal's page.
  if (order.paymentMethod === 'paypal' && order.paymentFailureReason !== null) {
    return { outcome: 'declined', reason: order.paymentFailureReason, approvalUrl: order.paypalApprovalUrl };
  }
  return WAITING;
}
