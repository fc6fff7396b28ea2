import type { EntityManager } from 'typeorm';
import {
  MESSAGES,
  ORDER_STATUS_LABELS,
  STATUSES_HOLDING_UNITS,
  STATUSES_KEEPING_UNITS_IN_STORE,
  STATUSES_NEEDING_PAYMENT,
  transitionRule,
  type OrderActor,
  type OrderNotifyJob,
  type OrderStatus,
  type OrderStatusChangedJob,
} from '@shop/contracts';
import { OrderStatusHistory } from '../entities/order-status-history.entity.js';
import { Order } from '../entities/order.entity.js';
import { insertRows } from '../inserts.js';
import { recordBeforeCommit, recordEvent } from '../outbox/outbox-writer.js';
import { markOnHandChanged, releaseOrderUnits, reserveOrderUnits, type Shortage, type StockMover } from '../stock/stock-ledger.js';
import { Refusal } from '../transactions.js';

/** Who moves an order, and why: the history row and the ledger rows say it. */
export interface OrderMove {
  by: OrderActor;
  /** The admin, or the shopper, who asked; absent when the shop moved it (a payment's outcome, expiry). */
  userId?: number | null;
  reason?: string;
  /**
   * `false`: the shopper hears nothing of this move, as they caused it in the same breath (a
   * checkout that replaces their waiting order): the new order's own messages follow.
   */
  tellShopper?: false;
}

export interface TransitionRequest extends OrderMove {
  to: OrderStatus;
}

const holdsUnits = (status: OrderStatus) => STATUSES_HOLDING_UNITS.includes(status);
const unitsInStore = (status: OrderStatus) => STATUSES_KEEPING_UNITS_IN_STORE.includes(status);

/** The refusal of a move that needs units no longer there: the shopper's checkout words, or the admin's revival words. */
function shortageRefusal({ title, available, retired }: Shortage, by: OrderActor): Refusal {
  const atCheckout = by === 'shopper';
  if (retired)
    return new Refusal(
      'PRODUCT_RETIRED',
      atCheckout ? MESSAGES.checkout.productGone(title) : MESSAGES.orders.productGoneForRevival(title),
      { productTitle: title },
    );
  return new Refusal(
    'STOCK_SHORT',
    atCheckout ? MESSAGES.checkout.outOfStock(title, available) : MESSAGES.orders.unitsGoneForRevival(title, available),
    { productTitle: title, available },
  );
}

async function writeHistory(
  manager: EntityManager,
  orderId: number,
  from: OrderStatus | null,
  to: OrderStatus,
  move: OrderMove,
): Promise<void> {
  await insertRows(manager, OrderStatusHistory, {
    orderId,
    fromStatus: from,
    toStatus: to,
    actor: move.by,
    changedByUserId: move.userId ?? null,
    reason: move.reason ?? '',
  });
}

const stockMover = (move: OrderMove): StockMover => ({ actor: move.by, byUserId: move.userId ?? null, reason: move.reason });

/**
 * What the shopper is told of a move, if anything. A cancellation by the payment's outcome is told
 * by the settlement that reached it (paymentFailed, or orderCancelled with the refund due when money
 * came in the wrong amount), so the shopper gets one message, not two; one the provider refused at
 * the start the shopper saw on the checkout's answer.
 */
function shopperNoticeOf(to: OrderStatus, move: OrderMove): OrderNotifyJob['kind'] | null {
  if (move.tellShopper === false) return null;
  if (to === 'inShipping') return 'orderShipped';
  if (to === 'delivered') return 'orderDelivered';
  if (to === 'cancelled' && move.by === 'expiry') return 'orderExpired';
  if ((to === 'cancelled' || to === 'rejected') && move.by !== 'payment') return 'orderCancelled';
  return null;
}

/**
 * The one way an order's status changes (docs/orders.md, Transitions), in the caller's transaction,
 * on an order the caller locked (`lockOrder`) and read under that lock. It asks the transition
 * table whether `by` may make this move with the payment as it stands; then it moves the order's
 * units exactly when the order starts or stops holding them (one ledger row per product), marks
 * stock forms stale when the units on hand change, writes the history row, and records the
 * `order.status-changed` event and the shopper's notice of the move, all or nothing. A refusal
 * changes nothing; `order` is updated in place otherwise.
 */
export async function transition(manager: EntityManager, order: Order, request: TransitionRequest): Promise<Refusal | null> {
  const { orderStatus: from, paymentStatus } = order;
  const { to, by } = request;
  if (!transitionRule(from, to, by, paymentStatus)) {
    const waitsForMoney = paymentStatus !== 'paid' && STATUSES_NEEDING_PAYMENT.includes(to) && !STATUSES_NEEDING_PAYMENT.includes(from);
    return waitsForMoney
      ? new Refusal('ORDER_NOT_PAID', MESSAGES.orders.notPaidYet)
      : new Refusal(
          'ORDER_TRANSITION_NOT_ALLOWED',
          MESSAGES.orders.transitionNotAllowed(ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to]),
          { from, to },
        );
  }
  if (to === 'pending' && (await manager.existsBy(Order, { pendingForUserId: order.userId })))
    return new Refusal('SHOPPER_HAS_PENDING_ORDER', MESSAGES.orders.shopperHasPendingOrder);
  const availableChange = holdsUnits(from) === holdsUnits(to) ? 0 : holdsUnits(to) ? -1 : 1;
  const heldChange = Number(unitsInStore(to)) - Number(unitsInStore(from));
  const bumpVersion = availableChange + heldChange !== 0;
  if (availableChange < 0) {
    const shortage = await reserveOrderUnits(manager, order.id, stockMover(request), { bumpVersion });
    if (shortage) return shortageRefusal(shortage, by);
  } else if (availableChange > 0) {
    await releaseOrderUnits(manager, order.id, stockMover(request), { bumpVersion });
  } else if (bumpVersion) {
    await markOnHandChanged(manager, order.id);
  }
  const pendingForUserId = to === 'pending' ? order.userId : null;
  await manager.update(Order, { id: order.id }, { orderStatus: to, pendingForUserId });
  await writeHistory(manager, order.id, from, to, request);
  await announceOrderChange(manager, order.id, { from, to });
  const notice = shopperNoticeOf(to, request);
  if (notice)
    await recordEvent(manager, 'notification.send', {
      kind: notice,
      orderId: order.id,
      ...(request.reason ? { reason: request.reason } : {}),
    });
  Object.assign(order, { orderStatus: to, pendingForUserId });
  return null;
}

/**
 * The first step of an order just inserted as pending (with its lines): its units are taken, all
 * or none, and its history begins. A shortage answers the checkout's message for the line, and
 * the caller's transaction rolls the order back.
 */
export async function openOrder(manager: EntityManager, order: Pick<Order, 'id'>, move: OrderMove): Promise<Refusal | null> {
  const shortage = await reserveOrderUnits(manager, order.id, stockMover(move));
  if (shortage) return shortageRefusal(shortage, move.by);
  await writeHistory(manager, order.id, null, 'pending', move);
  return null;
}

/**
 * Something the admin and the shopper should know of an order whose status stays (a refund now
 * due, an outcome unknown): a history row from the status to itself, and the live views told.
 */
export async function noteOnOrder(manager: EntityManager, order: Order, move: OrderMove): Promise<void> {
  await writeHistory(manager, order.id, order.orderStatus, order.orderStatus, move);
  await announceOrder(manager, order);
}

/** The order changed without a new status (its payment did): the live views are told once the transaction commits. */
export async function announceOrder(manager: EntityManager, order: Order): Promise<void> {
  await announceOrderChange(manager, order.id, { from: order.orderStatus, to: order.orderStatus });
}

/**
 * The order's money arrived and it was confirmed on it (after `transition`): its one announcement
 * also brings the admins' new-order alert, and the shopper and the shop are told by message.
 */
export async function announceOrderPaid(manager: EntityManager, order: Order): Promise<void> {
  await announceOrderChange(manager, order.id, { from: order.orderStatus, to: order.orderStatus, paid: true });
  await recordEvent(manager, 'notification.send', { kind: 'orderPaid', orderId: order.id });
}

type Announcement = Omit<OrderStatusChangedJob, 'orderId'>;

/** The order changes each open transaction is to announce at its commit, by order: the status it began from and the one it ends in. */
const announcedInTransaction = new WeakMap<EntityManager, Map<number, Announcement>>();

/**
 * Tells the live views that an order changed, once per transaction whatever moved in it (its
 * status, its payment, both): the event is written as the transaction commits, from the status the
 * order began in to the one it ends in, and the worker reads the order as committed.
 */
async function announceOrderChange(manager: EntityManager, orderId: number, change: Announcement): Promise<void> {
  let announced = announcedInTransaction.get(manager);
  if (!announced) announcedInTransaction.set(manager, (announced = new Map()));
  const earlier = announced.get(orderId);
  if (earlier) {
    earlier.to = change.to;
    if (change.paid) earlier.paid = true;
    return;
  }
  announced.set(orderId, change);
  await recordBeforeCommit(manager, async (committing) => {
    announced.delete(orderId);
    await recordEvent(committing, 'order.status-changed', { orderId, ...change });
  });
}
