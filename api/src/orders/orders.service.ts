import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { AppConfig } from '@shop/config';
import {
  CLOSED_ORDER_STATUSES,
  MESSAGES,
  type OrderDetails,
  type OrderStatus,
  type Order as OrderView,
  type SessionUser,
} from '@shop/contracts';
import {
  inTransaction,
  isDuplicateKey,
  lockOrder,
  movePaymentOrThrow,
  MpesaAttempt,
  Order,
  OrderStatusHistory,
  Payment,
  recordEvent,
  Refusal,
  transition,
  type LockedOrder,
} from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';
import { toOrderDetails, toOrderView, toStatusChange, type LoadedOrder } from './order-view.js';

// Another shopper's order answers exactly as a missing one.
export const orderNotFound = () => new Refusal('ORDER_NOT_FOUND', MESSAGES.orders.notFound);

export interface ShopperCancel {
  reason?: string;
  /** PayPal's cancel return: the PayPal order the shopper left, which must be this order's; only a pending order is closed by it. */
  paypalReference?: string;
}

export interface OrderPage {
  orders: OrderView[];
  total: number;
}

/** Orders as the shopper and the admin see them, and the admin's status changes. */
@Injectable()
export class OrdersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The shopper's own orders, newest first, whatever their state. */
  async ordersOf(userId: number): Promise<OrderView[]> {
    return this.views(this.dataSource.manager, { userId });
  }

  orderOf(userId: number, orderId: number): Promise<OrderDetails | Refusal> {
    return this.details(this.dataSource.manager, { id: orderId, userId });
  }

  /** One order as its owner's answers show it, read with the caller's manager (inside its transaction). */
  async view(orderId: number, manager: EntityManager = this.dataSource.manager): Promise<OrderView> {
    const [order] = await this.views(manager, { id: orderId });
    return order!;
  }

  async page(status: OrderStatus | undefined, page: number, pageSize: number): Promise<OrderPage> {
    const where: FindOptionsWhere<Order> = status ? { orderStatus: status } : {};
    const [orders, total] = await Promise.all([
      this.views(this.dataSource.manager, where, { skip: (page - 1) * pageSize, take: pageSize }),
      this.dataSource.getRepository(Order).countBy(where),
    ]);
    return { orders, total };
  }

  /** Any shopper's order, read with the caller's manager (inside its transaction). */
  adminOrder(orderId: number, manager: EntityManager = this.dataSource.manager): Promise<OrderDetails | Refusal> {
    return this.details(manager, { id: orderId });
  }

  /**
   * The admin's status change, as the transition table allows it (docs/orders.md): the history
   * row names the admin, and the order's units move with it. An unpaid order goes no further than
   * pending until its money or an offline payment arrives.
   */
  updateStatus(admin: SessionUser, orderId: number, to: OrderStatus): Promise<OrderDetails | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrder(manager, orderId);
      if (!locked) return orderNotFound();
      if (locked.order.orderStatus === to) return this.details(manager, { id: orderId });
      const from = locked.order.orderStatus;
      const refused = await transition(manager, locked.order, { to, by: 'admin', userId: admin.id });
      if (refused) return refused;
      if (to === 'rejected') await this.close(manager, locked, MESSAGES.orders.rejectedByShop, admin);
      if (to === 'pending' && CLOSED_ORDER_STATUSES.includes(from)) await this.waitForPaymentAgain(manager, locked, admin);
      // A paid order revived is sold on its money again: what its closing made owed is owed no more.
      if (to === 'confirmed' && CLOSED_ORDER_STATUSES.includes(from) && !locked.payment.refundedAt) {
        const stillOwed = (locked.payment.refundDue ?? 0) - locked.payment.amount;
        await manager.update(Payment, { id: locked.payment.id }, { refundDue: stillOwed > 0 ? stillOwed : null, failureReason: null });
      }
      return this.details(manager, { id: orderId });
    }).catch((error: unknown) => {
      // A checkout of the same shopper placed a pending order between the revival's check and its write.
      if (isDuplicateKey(error)) return new Refusal('SHOPPER_HAS_PENDING_ORDER', MESSAGES.orders.shopperHasPendingOrder);
      throw error;
    });
  }

  /**
   * The shopper closes their own order: one waiting for its money is cancelled (its push or PayPal
   * order can no longer sell it); one paid and not yet shipped is cancelled with its money owed back.
   */
  cancelByShopper(
    shopper: SessionUser,
    orderId: number,
    { reason = MESSAGES.orders.cancelledByShopper, paypalReference }: ShopperCancel = {},
  ): Promise<OrderDetails | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrder(manager, orderId);
      if (!locked || locked.order.userId !== shopper.id) return orderNotFound();
      const { order, payment } = locked;
      if (paypalReference !== undefined) {
        if (payment.method !== 'paypal' || payment.providerReference !== paypalReference)
          return new Refusal('PAYPAL_RETURN_INVALID', MESSAGES.checkout.paypalReturnInvalid);
        // A cancel link opened late (the order paid or closed meanwhile) changes nothing.
        if (order.orderStatus !== 'pending') return this.details(manager, { id: orderId });
      }
      if (order.orderStatus === 'cancelled') return this.details(manager, { id: orderId });
      const refused = await transition(manager, order, { to: 'cancelled', by: 'shopper', userId: shopper.id, reason });
      if (refused) return new Refusal('CANCEL_NOT_ALLOWED', MESSAGES.orders.cancelNotAllowed);
      await this.close(manager, locked, reason, shopper);
      return this.details(manager, { id: orderId });
    });
  }

  /** A revived unpaid order waits for its money again, for a new reservation window, as a new order would. */
  private async waitForPaymentAgain(manager: EntityManager, locked: LockedOrder, admin: SessionUser): Promise<void> {
    const { order } = locked;
    await movePaymentOrThrow(manager, locked, { to: 'pending', by: 'admin', userId: admin.id, details: { failureReason: null } });
    await manager.update(Order, { id: order.id }, { reservationExpiresAt: new Date(Date.now() + this.config.ORDER_RESERVATION_MS) });
    await recordEvent(manager, 'order.expire', { orderId: order.id }, { delayMs: this.config.ORDER_RESERVATION_MS });
  }

  /** An order just closed: a paid one's money is owed back until an admin refunds it; an unpaid one waits for no payment. */
  private async close(manager: EntityManager, locked: LockedOrder, reason: string, by: SessionUser): Promise<void> {
    const { order, payment } = locked;
    if (order.paymentStatus === 'paid') {
      // Added to what may be owed already (a second payment of the order).
      await manager.update(Payment, { id: payment.id }, { refundDue: (payment.refundDue ?? 0) + payment.amount });
    } else if (order.paymentStatus !== 'failed' && order.paymentStatus !== 'refunded') {
      const actor = by.role === 'admin' ? 'admin' : 'shopper';
      await movePaymentOrThrow(manager, locked, { to: 'failed', by: actor, userId: by.id, reason, details: { failureReason: reason } });
    }
  }

  private async views(
    manager: EntityManager,
    where: FindOptionsWhere<Order>,
    window: { skip?: number; take?: number } = {},
  ): Promise<OrderView[]> {
    const orders = (await manager.find(Order, {
      where,
      relations: { user: true, items: true },
      order: { createdAt: 'DESC', id: 'DESC' },
      ...window,
    })) as LoadedOrder[];
    const payments = await this.paymentsOf(manager, orders);
    return orders.map((order) => toOrderView(order, payments.get(order.id) ?? null));
  }

  private async details(manager: EntityManager, where: FindOptionsWhere<Order>): Promise<OrderDetails | Refusal> {
    const order = (await manager.findOne(Order, { where, relations: { user: true, items: true } })) as LoadedOrder | null;
    if (!order) return orderNotFound();
    const [payments, history, mpesaAttempts] = await Promise.all([
      this.paymentsOf(manager, [order]),
      manager.find(OrderStatusHistory, {
        where: { orderId: order.id },
        relations: { changedBy: true },
        order: { createdAt: 'ASC', id: 'ASC' },
      }),
      manager.find(MpesaAttempt, { where: { orderId: order.id }, order: { id: 'ASC' } }),
    ]);
    return toOrderDetails(order, payments.get(order.id) ?? null, history.map(toStatusChange), mpesaAttempts);
  }

  private async paymentsOf(manager: EntityManager, orders: Order[]): Promise<Map<number, Payment>> {
    if (orders.length === 0) return new Map();
    const payments = await manager.find(Payment, { where: { orderId: In(orders.map((order) => order.id)) } });
    return new Map(payments.map((payment) => [payment.orderId, payment]));
  }
}
