import { CLOSED_ORDER_STATUSES, nextStatuses, revivedStatus, type Order, type OrderStatus } from '@shop/contracts';
import { isAwaitingPayment } from '../../orders/order-moves';

/**
 * The statuses the dialog's select offers: where the transition table lets an admin move the order
 * now. A closed order comes back only through Revive, whose confirmation says that its units are
 * taken again, so the select offers it nothing.
 */
export function adminStatusChoices(order: Pick<Order, 'orderStatus' | 'paymentStatus'>): OrderStatus[] {
  if (CLOSED_ORDER_STATUSES.includes(order.orderStatus)) return [];
  return nextStatuses(order.orderStatus, 'admin', order.paymentStatus);
}

/** Record payment: an order still waiting for its money, which the shopper paid some other way. */
export function mayRecordPayment(order: Pick<Order, 'orderStatus' | 'paymentStatus'>): boolean {
  return isAwaitingPayment(order);
}

/** Refund: the shop owes money back and has not yet given it. */
export function mayRefund(order: Pick<Order, 'refundDue' | 'refund'>): boolean {
  return order.refund === null && order.refundDue !== null && order.refundDue > 0;
}

/** Money PayPal took goes back through PayPal's api, needing no reference; any other (M-Pesa, recorded offline) is sent by the admin, who names it. */
export function refundsThroughPaypal(order: Pick<Order, 'paymentMethod' | 'offlinePayment'>): boolean {
  return order.paymentMethod === 'paypal' && order.offlinePayment === null;
}

/** Where Revive takes a closed order, or null when it is not closed (or the table allows no revival of it). */
export function revivalOf(order: Pick<Order, 'orderStatus' | 'paymentStatus'>): OrderStatus | null {
  if (!CLOSED_ORDER_STATUSES.includes(order.orderStatus)) return null;
  const target = revivedStatus(order.paymentStatus);
  return nextStatuses(order.orderStatus, 'admin', order.paymentStatus).includes(target) ? target : null;
}
