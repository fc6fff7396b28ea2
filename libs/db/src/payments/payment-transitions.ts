import type { EntityManager } from 'typeorm';
import {
  CLOSED_ORDER_STATUSES,
  MESSAGES,
  paymentTransitionRule,
  type PaymentActor,
  type PaymentMoveCondition,
  type PaymentStatus,
} from '@shop/contracts';
import { Order } from '../entities/order.entity.js';
import { PaymentStatusHistory } from '../entities/payment-status-history.entity.js';
import { Payment } from '../entities/payment.entity.js';
import { insertRows } from '../inserts.js';
import type { LockedOrder } from '../orders/order-locks.js';
import { announceOrder } from '../orders/order-transitions.js';
import { Refusal } from '../transactions.js';

/** The payment's columns that may change beside its status, as one move writes them. */
export type PaymentDetails = Partial<Omit<Payment, 'id' | 'orderId' | 'order' | 'status' | 'createdAt' | 'updatedAt'>>;

export interface PaymentMove {
  to: PaymentStatus;
  by: PaymentActor;
  /** The admin, or the shopper, who asked; absent when the provider or the shop moved it. */
  userId?: number | null;
  reason?: string;
  /** What else the move records on the payment: why it failed, the receipt, a sum owed back. */
  details?: PaymentDetails;
}

function meets(condition: PaymentMoveCondition, order: Order): boolean {
  if (condition === 'orderPending') return order.orderStatus === 'pending';
  if (condition === 'orderClosed') return CLOSED_ORDER_STATUSES.includes(order.orderStatus);
  return true;
}

/**
 * The one way a payment's status changes (docs/payments.md, The payment's states), in the caller's
 * transaction, on an order and payment the caller locked (`lockOrder`) and read under that lock.
 * It asks the transition table whether `by` may make this move with the order as it stands; then
 * it writes the payment's status with `details`, the order's `paymentStatus` beside it, a history
 * row, and the order's `order.status-changed` event (one per transaction: libs/db order
 * transitions), all or nothing. A move to the status the payment has writes only `details`. A
 * refusal changes nothing; `payment` and `order` are updated in place otherwise.
 */
export async function movePayment(manager: EntityManager, { order, payment }: LockedOrder, move: PaymentMove): Promise<Refusal | null> {
  const from = payment.status;
  const details = move.details ?? {};
  if (from === move.to) {
    if (Object.keys(details).length > 0) await manager.update(Payment, { id: payment.id }, details);
    Object.assign(payment, details);
    return null;
  }
  const rule = paymentTransitionRule(from, move.to, move.by);
  if (!rule || !meets(rule.requires, order))
    return new Refusal('PAYMENT_TRANSITION_NOT_ALLOWED', MESSAGES.payment.transitionNotAllowed(from, move.to), { from, to: move.to });
  await manager.update(Payment, { id: payment.id }, { ...details, status: move.to });
  await manager.update(Order, { id: order.id }, { paymentStatus: move.to });
  await insertRows(manager, PaymentStatusHistory, {
    paymentId: payment.id,
    fromStatus: from,
    toStatus: move.to,
    actor: move.by,
    changedByUserId: move.userId ?? null,
    reason: (move.reason ?? '').slice(0, 255),
  });
  Object.assign(payment, details, { status: move.to });
  order.paymentStatus = move.to;
  await announceOrder(manager, order);
  return null;
}

/** For a move the caller has already checked: a refusal here is a defect, not an answer. */
export async function movePaymentOrThrow(manager: EntityManager, locked: LockedOrder, move: PaymentMove): Promise<void> {
  const refused = await movePayment(manager, locked, move);
  if (refused) throw new Error(`Payment ${locked.payment.id} of order ${locked.order.id}: ${refused.message}`);
}
