import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES, type PaymentAttentionKind } from '@shop/contracts';
import {
  announceOrder,
  announceOrderPaid,
  Cart,
  inTransaction,
  lockOrderOfPayment,
  movePaymentOrThrow,
  noteOnOrder,
  Order,
  Payment,
  recordEvent,
  transition,
  type LockedOrder,
} from '@shop/db';
import { orderUpdateFrom, type OrderUpdate } from '../orders/order-updates.js';

/** What a provider says of one payment (docs/payments.md, Settlement). */
export type PaymentOutcome =
  /** The money was taken. `received` is what the provider says it took; absent when it does not say (an STK query). */
  | { kind: 'paid'; receipt: string | null; received?: { currency: string; value: number } }
  /** The payment did not happen and will not: the order is cancelled and its stock goes back. */
  | { kind: 'failed'; reason: string }
  /** This try failed but the shopper may try again (a declined PayPal card): the order keeps waiting. */
  | { kind: 'declined'; reason: string }
  /** The provider cannot tell, and the reservation is over: the order keeps its units for a person (`reason` is for the admin). */
  | { kind: 'unknown'; reason: string };

/** History reasons of the shop's own status changes, for the admin. */
export const SETTLEMENT_REASONS = {
  paid: 'Payment received',
  paidAfterExpiry: 'paid after expiry',
} as const;

/** Work to do in the settlement's transaction, such as marking the callback that brought the outcome processed. */
export type AlongsideSettlement = (manager: EntityManager) => Promise<unknown>;

type Received = { currency: string; value: number };

function amountDiffers(payment: Payment, received: Received | undefined): boolean {
  if (!received) return false;
  if (received.currency === 'KES') return received.value !== payment.amount;
  const cents = (value: number | null) => (value === null ? Number.NaN : Math.round(value * 100));
  return received.currency !== payment.providerCurrency || cents(received.value) !== cents(payment.providerAmount);
}

/** What was received, in whole KES: PayPal's amount back at the rate the order was charged at. */
function receivedKes(payment: Payment, received: Received): number {
  return received.currency === 'KES' ? received.value : Math.round(received.value * (payment.exchangeRate ?? Number.NaN));
}

/** A settled change, and what the admins must be told of it when it needs a person. */
interface Applied {
  changed: boolean;
  attention?: { kind: PaymentAttentionKind; message: string };
}
const UNCHANGED: Applied = { changed: false };
const CHANGED: Applied = { changed: true };

/**
 * Applies provider outcomes to payments and orders, each in one transaction under the order's and
 * the payment's row locks. Idempotent: an outcome that changes nothing (a duplicate, anything after
 * a success) answers null, and only real changes are announced.
 */
@Injectable()
export class PaymentSettlement {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  settle(paymentId: number, outcome: PaymentOutcome, alongside?: AlongsideSettlement): Promise<OrderUpdate | null> {
    return inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrderOfPayment(manager, paymentId);
      if (!locked) throw new Error(`Payment ${paymentId} does not exist`);
      const applied = await this.apply(manager, locked, outcome);
      await alongside?.(manager);
      if (!applied.changed) return null;
      const update = orderUpdateFrom(locked);
      return applied.attention
        ? { ...update, attention: { orderId: locked.order.id, ...applied.attention, createdAt: new Date().toISOString() } }
        : update;
    });
  }

  private async apply(manager: EntityManager, locked: LockedOrder, outcome: PaymentOutcome): Promise<Applied> {
    const { payment } = locked;
    if (payment.status === 'paid' || payment.status === 'refunded') {
      // The money arrived once: nothing said afterwards undoes that, but an amount the STK query
      // could not tell is checked when a callback or a status result brings it.
      if (outcome.kind !== 'paid') return UNCHANGED;
      if (amountDiffers(payment, outcome.received)) return this.paidWrongAmount(manager, locked, outcome.receipt, outcome.received!);
      if (outcome.receipt && payment.providerReceipt && outcome.receipt !== payment.providerReceipt)
        return this.paidTwice(manager, locked, outcome.receipt);
      // Paid by hand (an admin recorded it), and now by the provider too: the provider's money is a second payment.
      if (outcome.receipt && payment.offlineMethod && !payment.providerReceipt) {
        await manager.update(Payment, { id: payment.id }, { providerReceipt: outcome.receipt });
        return this.paidTwice(manager, locked, outcome.receipt);
      }
      if (outcome.receipt && !payment.providerReceipt)
        await manager.update(Payment, { id: payment.id }, { providerReceipt: outcome.receipt });
      return UNCHANGED;
    }
    switch (outcome.kind) {
      case 'paid':
        return amountDiffers(payment, outcome.received)
          ? this.paidWrongAmount(manager, locked, outcome.receipt, outcome.received!)
          : this.paid(manager, locked, outcome.receipt);
      case 'failed':
        return this.failed(manager, locked, outcome.reason);
      case 'declined':
        return this.declined(manager, locked, outcome.reason);
      case 'unknown':
        return this.unknown(manager, locked, outcome.reason);
    }
  }

  private async paid(manager: EntityManager, locked: LockedOrder, receipt: string | null): Promise<Applied> {
    const { order, payment } = locked;
    const details = { providerReceipt: receipt ?? payment.providerReceipt, failureReason: null };
    await movePaymentOrThrow(manager, locked, { to: 'paid', by: 'provider', reason: SETTLEMENT_REASONS.paid, details });
    // Pending, or closed by the shop before the money came (expired, a push that seemed to fail):
    // taken again when its units are still there. One the shopper closed stays closed.
    const closedByShopper = order.orderStatus !== 'pending' && (await this.lastMoveWasShoppers(manager, order));
    const reason = order.orderStatus === 'pending' ? SETTLEMENT_REASONS.paid : SETTLEMENT_REASONS.paidAfterExpiry;
    const refused = closedByShopper || (await transition(manager, order, { to: 'confirmed', by: 'payment', reason }));
    if (!refused) {
      await announceOrderPaid(manager, order);
      await this.removeOrderedLinesFromCart(manager, order);
      return CHANGED;
    }
    // The status stays; the history row tells the admin, and the payment's reason the shopper, that this money goes back.
    const message = closedByShopper
      ? MESSAGES.paymentAttention.paidAfterShopperClosed(payment.amount)
      : MESSAGES.paymentAttention.refundDue(payment.amount);
    await manager.update(Payment, { id: payment.id }, { failureReason: MESSAGES.payment.refundDue, refundDue: payment.amount });
    await noteOnOrder(manager, order, { by: 'payment', reason: message });
    return { changed: true, attention: { kind: 'refundDue', message } };
  }

  /** A second receipt for an order already paid (two prompts of one order both answered): the second sum is owed back. */
  private async paidTwice(manager: EntityManager, { order, payment }: LockedOrder, receipt: string): Promise<Applied> {
    const message = MESSAGES.paymentAttention.paidTwice(payment.amount, receipt);
    await manager.update(Payment, { id: payment.id }, { refundDue: (payment.refundDue ?? 0) + payment.amount });
    await noteOnOrder(manager, order, { by: 'payment', reason: message });
    return { changed: true, attention: { kind: 'refundDue', message } };
  }

  /**
   * The receipt is kept (the money is real) but the order is not sold on it, whichever came first,
   * the payment or the amount: a pending or just confirmed order is cancelled and its units go
   * back; one an admin has moved on keeps its status. Either way the money received is owed back.
   */
  private async paidWrongAmount(manager: EntityManager, locked: LockedOrder, receipt: string | null, received: Received): Promise<Applied> {
    const { order, payment } = locked;
    const amountReceived = receivedKes(payment, received);
    if (
      payment.status === 'failed' &&
      payment.amountReceived === amountReceived &&
      (receipt === null || receipt === payment.providerReceipt)
    )
      return UNCHANGED;
    const cancels = order.orderStatus === 'pending' || order.orderStatus === 'confirmed';
    const message = MESSAGES.paymentAttention.amountMismatch(amountReceived, payment.amount, cancels);
    const details = {
      providerReceipt: receipt ?? payment.providerReceipt,
      failureReason: MESSAGES.payment.amountMismatch,
      amountReceived,
      refundDue: amountReceived,
    };
    await movePaymentOrThrow(manager, locked, { to: 'failed', by: 'provider', reason: message, details });
    // Never "try again": the money arrived. The cancellation is told with the refund due (read when
    // the message is written). An order the admin moved on is not cancelled, and nothing is sent:
    // its page shows the mismatch and the refund due, and the admins, alerted, settle it with the shopper.
    if (cancels) {
      await this.cancel(manager, order, message);
      await recordEvent(manager, 'notification.send', {
        kind: 'orderCancelled',
        orderId: order.id,
        reason: MESSAGES.payment.amountMismatch,
      });
    } else {
      await noteOnOrder(manager, order, { by: 'payment', reason: message });
    }
    return { changed: true, attention: { kind: 'amountMismatch', message } };
  }

  /** An outcome the shop was waiting for (pending), or had given up learning (unknown). */
  private async failed(manager: EntityManager, locked: LockedOrder, reason: string): Promise<Applied> {
    const { order, payment } = locked;
    if (payment.status !== 'pending' && payment.status !== 'unknown') return UNCHANGED;
    await movePaymentOrThrow(manager, locked, { to: 'failed', by: 'provider', reason, details: { failureReason: reason } });
    await this.tellPaymentFailed(manager, order, reason);
    if (order.orderStatus === 'pending') await this.cancel(manager, order, reason);
    return CHANGED;
  }

  private async cancel(manager: EntityManager, order: Order, reason: string): Promise<void> {
    const refused = await transition(manager, order, { to: 'cancelled', by: 'payment', reason });
    if (refused) throw new Error(`Order ${order.id} could not be cancelled on its payment's outcome: ${refused.message}`);
  }

  /**
   * The same decline settled again (a capture job re-run after its commit, the DENIED webhook of
   * that capture) changes nothing and tells nothing: one attempt, one message. A new attempt
   * clears the reason (checkout.service.ts), so its decline is told afresh.
   */
  private async declined(manager: EntityManager, { order, payment }: LockedOrder, reason: string): Promise<Applied> {
    if (payment.status !== 'pending' || payment.failureReason === reason) return UNCHANGED;
    await manager.update(Payment, { id: payment.id }, { failureReason: reason });
    await this.tellPaymentFailed(manager, order, reason);
    await announceOrder(manager, order);
    return CHANGED;
  }

  /** The shopper hears why, in the words the order page shows (the payment's failureReason); the order's own cancellation is not told again (transition). */
  private async tellPaymentFailed(manager: EntityManager, order: Order, reason: string): Promise<void> {
    await recordEvent(manager, 'notification.send', { kind: 'paymentFailed', orderId: order.id, reason });
  }

  /** Never a silent cancel: the payment is marked unknown, the order stays pending with its units, and the admins are told. */
  private async unknown(manager: EntityManager, locked: LockedOrder, reason: string): Promise<Applied> {
    const { order, payment } = locked;
    if (payment.status !== 'pending' || order.orderStatus !== 'pending') return UNCHANGED;
    await movePaymentOrThrow(manager, locked, {
      to: 'unknown',
      by: 'provider',
      reason,
      details: { failureReason: MESSAGES.payment.outcomeUnknown },
    });
    await noteOnOrder(manager, order, { by: 'payment', reason });
    return { changed: true, attention: { kind: 'outcomeUnknown', message: reason } };
  }

  private async lastMoveWasShoppers(manager: EntityManager, order: Order): Promise<boolean> {
    // The last move, not a note (a row from a status to itself) written since.
    const [last] = await manager.query<{ actor: string | null }[]>(
      'SELECT `actor` FROM `order_status_history` WHERE `orderId` = ? AND (`fromStatus` IS NULL OR `fromStatus` <> `toStatus`) ORDER BY `id` DESC LIMIT 1',
      [order.id],
    );
    return last?.actor === 'shopper';
  }

  /** What was bought leaves the cart; anything added since stays. */
  private async removeOrderedLinesFromCart(manager: EntityManager, order: Order): Promise<void> {
    // The cart by a plain read: a locking one would hold the cart, which a checkout locks before the products.
    const cart = await manager.findOne(Cart, { where: { userId: order.userId }, select: { id: true } });
    if (!cart) return;
    // A cart line's variation 0 is an order item's null: each ordered (product, variation) line, and no other line of the product.
    await manager.query(
      'DELETE `line` FROM `cart_items` `line` JOIN `order_items` `item` ON `item`.`productId` = `line`.`productId` ' +
        'AND COALESCE(`item`.`variationId`, 0) = `line`.`variationId` WHERE `line`.`cartId` = ? AND `item`.`orderId` = ?',
      [cart.id, order.id],
    );
  }
}
