import type { PaymentStatus } from './orders.js';

/**
 * Who moves a payment: the provider's outcome (a callback, a status query, a capture), the shopper
 * (closing an order, or a new checkout replacing it), an admin (a payment recorded by hand, a
 * refund, a revival), the end of the order's reservation, or the checkout itself when the provider
 * refused to start the payment.
 */
export const PAYMENT_ACTORS = ['provider', 'shopper', 'admin', 'expiry', 'checkout'] as const;
export type PaymentActor = (typeof PAYMENT_ACTORS)[number];

/** What a move asks of the order besides the payment's own status. */
export type PaymentMoveCondition = 'orderPending' | 'orderClosed' | 'none';

export interface PaymentTransitionRule {
  from: PaymentStatus;
  to: PaymentStatus;
  by: readonly PaymentActor[];
  requires: PaymentMoveCondition;
}

/**
 * Every status change a payment may make (docs/payments.md, The payment's states); the order's
 * `paymentStatus` moves with it, always. Anything not here is refused. Money that arrived is never
 * unsaid: a paid payment only becomes refunded (an admin gave it back on a closed order) or failed
 * (the provider's amount differs from the order's, and what came is owed back).
 */
export const PAYMENT_TRANSITIONS: readonly PaymentTransitionRule[] = [
  { from: 'pending', to: 'paid', by: ['provider', 'admin'], requires: 'none' },
  { from: 'pending', to: 'failed', by: ['provider', 'shopper', 'admin', 'expiry', 'checkout'], requires: 'none' },
  { from: 'pending', to: 'unknown', by: ['provider'], requires: 'orderPending' },

  { from: 'unknown', to: 'paid', by: ['provider', 'admin'], requires: 'none' },
  { from: 'unknown', to: 'failed', by: ['provider', 'shopper', 'admin', 'checkout'], requires: 'none' },

  // Money that came after the order closed (taken again, or owed back), or an admin's record of it.
  { from: 'failed', to: 'paid', by: ['provider', 'admin'], requires: 'none' },
  // An admin revived the unpaid (or refunded) order: it waits for its money again.
  { from: 'failed', to: 'pending', by: ['admin'], requires: 'orderPending' },
  { from: 'refunded', to: 'pending', by: ['admin'], requires: 'orderPending' },

  { from: 'paid', to: 'refunded', by: ['admin'], requires: 'orderClosed' },
  // Money the provider took in the wrong amount, given back once the order closed.
  { from: 'failed', to: 'refunded', by: ['admin'], requires: 'orderClosed' },
  { from: 'paid', to: 'failed', by: ['provider'], requires: 'none' },
  { from: 'refunded', to: 'failed', by: ['provider'], requires: 'none' },
];

/** The rule that lets `by` move a payment from `from` to `to`, if there is one (the order's condition is checked beside it). */
export function paymentTransitionRule(from: PaymentStatus, to: PaymentStatus, by: PaymentActor): PaymentTransitionRule | undefined {
  return PAYMENT_TRANSITIONS.find((rule) => rule.from === from && rule.to === to && rule.by.includes(by));
}
