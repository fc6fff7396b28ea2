import { ORDER_MOVED_ON_CODES, type Order, type OrderDetails, type OrderUpdatedEvent } from '@shop/contracts';
import { isRefusalOf, type ApiFailure } from '../../app/shop.api';

/** An answer read before the order last moved (a refresh that crossed an event or a change) is older than what is shown. */
export function isOlderThan(order: Order, shown: Order | null | undefined): boolean {
  return !!shown && shown.id === order.id && Date.parse(order.orderUpdateDate) < Date.parse(shown.orderUpdateDate);
}

/** Of two copies of one order, the one shown from now on: the answer, unless it was read before the shown copy last moved. */
export function laterCopy<Copy extends Order>(shown: Copy, answer: Copy): Copy {
  return isOlderThan(answer, shown) ? shown : answer;
}

/** The list holds orders; a details answer also carries the history and the M-Pesa attempts, which only the dialog shows. */
function asOrderRow(order: Order | OrderDetails): Order {
  if (!('history' in order)) return order;
  const { history: _history, mpesaAttempts: _mpesaAttempts, ...row } = order;
  return row;
}

/** A fresher copy of an order (a details read, the answer to a change) replaces the list's row in place. */
export function replaceOrderRow(rows: Order[], order: Order | OrderDetails): void {
  const index = rows.findIndex((row) => row.id === order.id);
  if (index >= 0 && !isOlderThan(order, rows[index])) rows[index] = asOrderRow(order);
}

/**
 * Moves an order (a list's row or a dialog's copy, inside a cache update) to where `order:updated`
 * says it stands. An event older than what is shown (events and answers may cross) changes nothing;
 * the reason stays when the event gives none.
 */
export function applyOrderUpdate(order: Order, event: OrderUpdatedEvent): void {
  if (order.id !== event.orderId || Date.parse(event.updatedAt) < Date.parse(order.orderUpdateDate)) return;
  order.orderStatus = event.orderStatus;
  order.paymentStatus = event.paymentStatus;
  if (event.reason !== undefined) order.paymentFailureReason = event.reason;
  order.orderUpdateDate = event.updatedAt;
}

/**
 * A change of an order refused because the order moved on meanwhile (paid, shipped, someone else's
 * change): its details are read again, so that the dialog shows where it stands and what it allows now.
 */
export function readAgainWhenMovedOn(_answer: unknown, failure: ApiFailure | undefined, { orderId }: { orderId: number }) {
  return isRefusalOf(failure, ORDER_MOVED_ON_CODES) ? [{ type: 'Order' as const, id: orderId }] : [];
}
