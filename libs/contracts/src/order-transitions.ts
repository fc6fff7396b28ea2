import type { OrderStatus, PaymentStatus } from './orders.js';

/** Who moves an order: its shopper, an admin, a payment provider's outcome, or the end of its reservation. */
export const ORDER_ACTORS = ['shopper', 'admin', 'payment', 'expiry'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Whether the order's money has arrived: moving an order on to the shop's work asks for it, closing one unpaid does not. */
type PaymentCondition = 'paid' | 'unpaid' | 'any';

export interface OrderTransitionRule {
  from: OrderStatus;
  to: OrderStatus;
  by: readonly OrderActor[];
  payment: PaymentCondition;
}

/**
 * Every status change an order may make (docs/orders.md): anything not here is refused, whoever
 * asks. An unpaid order never reaches the shop's work (In Process onwards) until its money, or an
 * offline payment the admin records, arrives; a closed order comes back only by an admin's
 * revival or money that arrived after it closed, and takes its units again either way.
 */
export const ORDER_TRANSITIONS: readonly OrderTransitionRule[] = [
  { from: 'pending', to: 'confirmed', by: ['payment', 'admin'], payment: 'paid' },
  { from: 'pending', to: 'cancelled', by: ['shopper', 'payment', 'expiry'], payment: 'unpaid' },
  { from: 'pending', to: 'rejected', by: ['admin'], payment: 'unpaid' },

  { from: 'confirmed', to: 'inProcess', by: ['admin'], payment: 'paid' },
  { from: 'confirmed', to: 'inShipping', by: ['admin'], payment: 'paid' },
  { from: 'confirmed', to: 'delivered', by: ['admin'], payment: 'paid' },
  { from: 'confirmed', to: 'cancelled', by: ['shopper', 'payment'], payment: 'any' },
  { from: 'confirmed', to: 'rejected', by: ['admin'], payment: 'any' },

  { from: 'inProcess', to: 'inShipping', by: ['admin'], payment: 'paid' },
  { from: 'inProcess', to: 'delivered', by: ['admin'], payment: 'paid' },
  { from: 'inProcess', to: 'cancelled', by: ['shopper'], payment: 'any' },
  { from: 'inProcess', to: 'rejected', by: ['admin'], payment: 'any' },

  { from: 'inShipping', to: 'delivered', by: ['admin'], payment: 'paid' },
  { from: 'inShipping', to: 'rejected', by: ['admin'], payment: 'any' },

  { from: 'cancelled', to: 'pending', by: ['admin'], payment: 'unpaid' },
  { from: 'cancelled', to: 'confirmed', by: ['admin', 'payment'], payment: 'paid' },
  { from: 'rejected', to: 'pending', by: ['admin'], payment: 'unpaid' },
  { from: 'rejected', to: 'confirmed', by: ['admin'], payment: 'paid' },
];

/** Statuses whose order has its units off the shelf: taken when it enters one, given back when it leaves them all. */
export const STATUSES_HOLDING_UNITS: readonly OrderStatus[] = ['pending', 'confirmed', 'inProcess', 'inShipping', 'delivered'];
/** Statuses whose units are still in the shop's store room: with the shelf, the units on hand an admin counts. */
export const STATUSES_KEEPING_UNITS_IN_STORE: readonly OrderStatus[] = ['pending', 'confirmed', 'inProcess'];
/** Closed orders an admin may bring back. */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ['cancelled', 'rejected'];
/** The shop's work on an order, which waits for its money (or an offline payment the admin records). */
export const STATUSES_NEEDING_PAYMENT: readonly OrderStatus[] = ['confirmed', 'inProcess', 'inShipping', 'delivered'];

function meets(condition: PaymentCondition, paymentStatus: PaymentStatus): boolean {
  if (condition === 'any') return true;
  return (paymentStatus === 'paid') === (condition === 'paid');
}

/** The rule that lets `by` move an order from `from` to `to` with its payment as it is, if there is one. */
export function transitionRule(
  from: OrderStatus,
  to: OrderStatus,
  by: OrderActor,
  paymentStatus: PaymentStatus,
): OrderTransitionRule | undefined {
  return ORDER_TRANSITIONS.find(
    (rule) => rule.from === from && rule.to === to && rule.by.includes(by) && meets(rule.payment, paymentStatus),
  );
}

/** Where `by` may move an order now: the admin's choices and the shopper's Cancel button come from here. */
export function nextStatuses(from: OrderStatus, by: OrderActor, paymentStatus: PaymentStatus): OrderStatus[] {
  return ORDER_TRANSITIONS.filter((rule) => rule.from === from && rule.by.includes(by) && meets(rule.payment, paymentStatus)).map(
    (rule) => rule.to,
  );
}

/** Where a closed order goes when an admin revives it: back to its work when paid, back to waiting for its money when not. */
export function revivedStatus(paymentStatus: PaymentStatus): OrderStatus {
  return paymentStatus === 'paid' ? 'confirmed' : 'pending';
}

/**
 * Why a product's sellable units changed (the `stock_movements` ledger): `opening` the stock a
 * product started with, `reserved`/`released` an order taking or giving back its units,
 * `counted` an admin setting the units on hand.
 */
export const STOCK_MOVEMENT_KINDS = ['opening', 'reserved', 'released', 'counted'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
