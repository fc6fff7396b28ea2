import type { EntityManager } from 'typeorm';
import { Order } from '../entities/order.entity.js';
import { Payment } from '../entities/payment.entity.js';

export interface LockedOrder {
  order: Order;
  payment: Payment;
}

/**
 * Locks an order's row and then its payment's, always in that sequence, so that settlement,
 * expiry, checkout and the admin's changes queue behind each other instead of deadlocking. Every
 * decision about the order is taken on what is read here. The one place an order is locked.
 */
export async function lockOrder(manager: EntityManager, orderId: number): Promise<LockedOrder | null> {
  return withItsPaymentLocked(manager, await manager.findOne(Order, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } }));
}

export async function lockOrderOfPayment(manager: EntityManager, paymentId: number): Promise<LockedOrder | null> {
  // The payment's order found and locked in one statement.
  const order = await manager
    .createQueryBuilder(Order, 'order')
    .where('order.id = (SELECT `orderId` FROM `payments` WHERE `id` = :paymentId)', { paymentId })
    .setLock('pessimistic_write')
    .getOne();
  return withItsPaymentLocked(manager, order);
}

async function withItsPaymentLocked(manager: EntityManager, order: Order | null): Promise<LockedOrder | null> {
  if (!order) return null;
  const payment = await manager.findOne(Payment, { where: { orderId: order.id }, lock: { mode: 'pessimistic_write' } });
  return payment && { order, payment };
}
