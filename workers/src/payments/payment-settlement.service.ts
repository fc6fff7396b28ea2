import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { MESSAGES } from '@shop/contracts';
import { Cart, CartItem, Order, OrderItem, Payment, changeOrderStatus, releaseReservedStock, reserveReleasedStockAgain } from '@shop/db';
import { lockOrderOfPayment, type LockedOrder } from '../orders/order-locks.js';
import { orderUpdateOf, type OrderUpdate } from '../orders/order-updates.js';

/** What a provider says of one payment (docs/payments.md, Settlement). */
export type PaymentOutcome =
  /** The money was taken. `received` is what the provider says it took; absent when it does not say (an STK query). */
  | { kind: 'paid'; receipt: string | null; received?: { currency: string; value: number } }
  /** The payment did not happen and will not: the order is cancelled and its stock goes back. */
  | { kind: 'failed'; reason: string }
  /** This try failed but the shopper may try again (a declined PayPal card): the order keeps waiting. */
  | { kind: 'declined'; reason: string };

/** History reasons of the shop's own status changes, for the admin. */
export const SETTLEMENT_REASONS = {
  paid: 'Payment received',
  paidAfterExpiry: 'paid after expiry',
  refundDue: 'refund due: paid after the order was closed and its items could not be reserved again',
} as const;

/** Work to do in the settlement's transaction, such as marking the callback that brought the outcome processed. */
export type AlongsideSettlement = (manager: EntityManager) => Promise<unknown>;

function amountDiffers(payment: Payment, received: { currency: string; value: number } | undefined): boolean {
  if (!received) return false;
  if (received.currency === 'KES') return received.value !== payment.amount;
  const cents = (value: number | null) => (value === null ? Number.NaN : Math.round(value * 100));
  return received.currency !== payment.providerCurrency || cents(received.value) !== cents(payment.providerAmount);
}

/**
 * Applies provider outcomes to payments and orders, each in one transaction under the order's and
 * the payment's row locks. Idempotent: an outcome that changes nothing (a duplicate, anything after
 * a success) answers null, and only real changes are announced.
 */
@Injectable()
export class PaymentSettlement {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  settle(paymentId: number, outcome: PaymentOutcome, alongside?: AlongsideSettlement): Promise<OrderUpdate | null> {
    return this.dataSource.transaction(async (manager) => {
      const locked = await lockOrderOfPayment(manager, paymentId);
      if (!locked) throw new Error(`Payment ${paymentId} does not exist`);
      const changed = await this.apply(manager, locked, outcome);
      await alongside?.(manager);
      return changed ? orderUpdateOf(manager, locked.order.id) : null;
    });
  }

  private async apply(manager: EntityManager, locked: LockedOrder, outcome: PaymentOutcome): Promise<boolean> {
    const { payment } = locked;
    if (payment.status === 'paid' || payment.status === 'refunded') {
      // The money arrived once: nothing said afterwards changes that. Only a receipt the STK query
      // could not give is filled in when the callback brings it.
      if (outcome.kind === 'paid' && outcome.receipt && !payment.providerReceipt && !amountDiffers(payment, outcome.received)) {
        await manager.update(Payment, { id: payment.id }, { providerReceipt: outcome.receipt });
      }
      return false;
    }
    switch (outcome.kind) {
      case 'paid':
        return amountDiffers(locked.payment, outcome.received) ? this.paidWrongAmount(manager, locked, outcome.receipt) : this.paid(manager, locked, outcome.receipt);
      case 'failed':
        return this.failed(manager, locked, outcome.reason);
      case 'declined':
        return this.declined(manager, locked, outcome.reason);
    }
  }

  private async paid(manager: EntityManager, { order, payment }: LockedOrder, receipt: string | null): Promise<boolean> {
    await manager.update(Payment, { id: payment.id }, { status: 'paid', providerReceipt: receipt ?? payment.providerReceipt, failureReason: null });
    await manager.update(Order, { id: order.id }, { paymentStatus: 'paid' });
    if (order.orderStatus === 'pending') {
      await changeOrderStatus(manager, order.id, 'pending', 'confirmed', { reason: SETTLEMENT_REASONS.paid });
      await this.removeOrderedLinesFromCart(manager, order);
    } else if (order.orderStatus === 'cancelled' && (await reserveReleasedStockAgain(manager, order.id))) {
      await changeOrderStatus(manager, order.id, 'cancelled', 'confirmed', { reason: SETTLEMENT_REASONS.paidAfterExpiry });
      await this.removeOrderedLinesFromCart(manager, order);
    } else if (order.orderStatus === 'cancelled' || order.orderStatus === 'rejected') {
      // The status stays; the history row tells the admin, and the payment's reason the shopper, that this money goes back.
      await manager.update(Payment, { id: payment.id }, { failureReason: MESSAGES.payment.refundDue });
      await changeOrderStatus(manager, order.id, order.orderStatus, order.orderStatus, { reason: SETTLEMENT_REASONS.refundDue });
    }
    return true;
  }

  /** The receipt is kept (the money is real) but the order is not sold on it; the team sorts it out with the shopper. */
  private async paidWrongAmount(manager: EntityManager, { order, payment }: LockedOrder, receipt: string | null): Promise<boolean> {
    const reason = MESSAGES.payment.amountMismatch;
    if (payment.failureReason === reason && (receipt === null || receipt === payment.providerReceipt)) return false;
    await manager.update(Payment, { id: payment.id }, { status: 'failed', providerReceipt: receipt ?? payment.providerReceipt, failureReason: reason });
    await manager.update(Order, { id: order.id }, { paymentStatus: 'failed' });
    if (order.orderStatus === 'pending') await this.cancel(manager, order.id, reason);
    return true;
  }

  private async failed(manager: EntityManager, { order, payment }: LockedOrder, reason: string): Promise<boolean> {
    if (payment.status !== 'pending') return false;
    await manager.update(Payment, { id: payment.id }, { status: 'failed', failureReason: reason });
    await manager.update(Order, { id: order.id }, { paymentStatus: 'failed' });
    if (order.orderStatus === 'pending') await this.cancel(manager, order.id, reason);
    return true;
  }

  private async declined(manager: EntityManager, { payment }: LockedOrder, reason: string): Promise<boolean> {
    if (payment.status !== 'pending') return false;
    await manager.update(Payment, { id: payment.id }, { failureReason: reason });
    return true;
  }

  /** Only a pending order's stock is still held: a cancelled or rejected one gave it back already. */
  private async cancel(manager: EntityManager, orderId: number, reason: string): Promise<void> {
    await changeOrderStatus(manager, orderId, 'pending', 'cancelled', { reason });
    await releaseReservedStock(manager, orderId);
  }

  /**
   * Takes the order's units off the shelf again, all or none, with the same conditional update as
   * placement (stock never goes below zero). Products in id order, as placement locks them.
   */
  /** What was bought leaves the cart; anything added since stays. */
  private async removeOrderedLinesFromCart(manager: EntityManager, order: Order): Promise<void> {
    const cart = await manager.findOne(Cart, { where: { userId: order.userId }, select: { id: true } });
    if (!cart) return;
    const items = await manager.find(OrderItem, { where: { orderId: order.id }, select: { productId: true } });
    if (items.length > 0) await manager.delete(CartItem, { cartId: cart.id, productId: In(items.map((item) => item.productId)) });
  }
}
