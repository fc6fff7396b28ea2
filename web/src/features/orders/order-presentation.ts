import {
  formatKes,
  LOCALE,
  type MpesaAttemptState,
  type Order,
  type OrderStatus,
  type OrderStatusChange,
  type PaymentStatus,
} from '@shop/contracts';
import { SHOP_NAME } from '../../app/brand';

/** The shop is in Nairobi: an order placed at 01:30 there is dated that day, whatever the browser's zone. */
const orderDateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' });
const orderTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

/** An order's date is shown as its date part only, in Nairobi. */
export function formatOrderDate(iso: string): string {
  return orderDateFormat.format(new Date(iso));
}

/** When a status changed: the history needs the time as well. */
export function formatOrderTime(iso: string): string {
  return orderTimeFormat.format(new Date(iso));
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  unknown: 'Outcome unknown',
};

/** One STK push as the admin reads it while checking an order by hand (libs/contracts MPESA_ATTEMPT_STATES). */
export const MPESA_ATTEMPT_STATE_LABELS: Record<MpesaAttemptState, string> = {
  sending: 'Sending',
  pushed: 'Pushed',
  notPushed: 'Not pushed',
  settled: 'Settled',
  unknown: 'Outcome unknown',
};

/** The order status badge: green for confirmed, red for rejected, black for every other status. */
export type OrderStatusTone = 'confirmed' | 'rejected' | 'other';

export function orderStatusTone(status: OrderStatus): OrderStatusTone {
  if (status === 'confirmed' || status === 'rejected') return status;
  return 'other';
}

/** Who reads an order: its shopper, or an admin of the shop. */
export type OrderAudience = 'shopper' | 'admin';

/**
 * Who moved an order, as its history names them. A shopper reads "You" for their own moves and the
 * shop's name for everyone else's (an admin's name is the shop's business); an admin reads the
 * person's name, or what moved it when nobody did. Rows from before the mover was recorded name
 * nobody to a shopper, since the name on them may be an admin's.
 */
export function changedByLabel(change: Pick<OrderStatusChange, 'actor' | 'changedBy'>, audience: OrderAudience): string | null {
  if (audience === 'admin') {
    if (change.changedBy !== null) return change.actor === 'shopper' ? `${change.changedBy} (shopper)` : change.changedBy;
    if (change.actor === 'payment') return `${SHOP_NAME} (payment)`;
    if (change.actor === 'expiry') return `${SHOP_NAME} (reservation ended)`;
    return SHOP_NAME;
  }
  if (change.actor === 'shopper') return 'You';
  return change.actor === null ? null : SHOP_NAME;
}

/** Where the money owed back stands: refunded (when, and the refund's reference), still due, or nothing owed. */
export function refundStatusText(order: Pick<Order, 'refundDue' | 'refund'>): string | null {
  if (order.refund)
    return `Refunded ${formatKes(order.refund.amount)} on ${formatOrderDate(order.refund.refundedAt)} (${order.refund.reference})`;
  if (order.refundDue !== null && order.refundDue > 0) return `Refund due: ${formatKes(order.refundDue)}`;
  return null;
}
