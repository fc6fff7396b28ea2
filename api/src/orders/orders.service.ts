import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { MESSAGES, type OrderDetails, type OrderStatus, type Order as OrderView, type SessionUser } from '@shop/contracts';
import { MpesaAttempt, Order, OrderStatusHistory, Payment, changeOrderStatus, inTransaction, lockOrder, recordEvent, releaseReservedStock } from '@shop/db';
import { BusinessFailure } from '../common/business-failure.js';
import { toOrderDetails, toOrderView, toStatusChange, type LoadedOrder } from './order-view.js';

// Another shopper's order answers exactly as a missing one.
const orderNotFound = () => new BusinessFailure(HttpStatus.NOT_FOUND, MESSAGES.orders.notFound);

export interface OrderPage {
  orders: OrderView[];
  total: number;
}

/** Orders as the shopper and the admin see them, and the admin's status changes. */
@Injectable()
export class OrdersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The shopper's own orders, newest first, whatever their state. */
  async ordersOf(userId: number): Promise<OrderView[]> {
    return this.views(this.dataSource.manager, { userId });
  }

  orderOf(userId: number, orderId: number): Promise<OrderDetails | BusinessFailure> {
    return this.details(this.dataSource.manager, { id: orderId, userId });
  }

  /** One order as its owner's answers show it, read with the caller's manager (inside its transaction). */
  async view(orderId: number, manager: EntityManager = this.dataSource.manager): Promise<OrderView> {
    const [order] = await this.views(manager, { id: orderId });
    return order!;
  }

  async page(status: OrderStatus | undefined, page: number, pageSize: number): Promise<OrderPage> {
    const where: FindOptionsWhere<Order> = status ? { orderStatus: status } : {};
    const [orders, total] = await Promise.all([this.views(this.dataSource.manager, where, { skip: (page - 1) * pageSize, take: pageSize }), this.dataSource.getRepository(Order).countBy(where)]);
    return { orders, total };
  }

  adminOrder(orderId: number): Promise<OrderDetails | BusinessFailure> {
    return this.details(this.dataSource.manager, { id: orderId });
  }

  /**
   * Any status of the admin's list, in any order (spec §4 shows no restrictions), each change in
   * the history with the admin's id and an `order.status-changed` event for the live views.
   * Rejecting an unpaid order gives its units back (once, however the order closes); a paid one
   * keeps them out (its refund is the admin's, outside the shop).
   */
  updateStatus(admin: SessionUser, orderId: number, to: OrderStatus): Promise<OrderDetails | BusinessFailure> {
    return inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrder(manager, orderId);
      if (!locked) return orderNotFound();
      const from = locked.order.orderStatus;
      if (from === to) return this.details(manager, { id: orderId });
      if (to === 'rejected' && locked.payment.status !== 'paid') await releaseReservedStock(manager, orderId);
      await changeOrderStatus(manager, orderId, from, to, { changedByUserId: admin.id });
      await recordEvent(manager, 'order.status-changed', { orderId, from, to });
      return this.details(manager, { id: orderId });
    });
  }

  private async views(manager: EntityManager, where: FindOptionsWhere<Order>, window: { skip?: number; take?: number } = {}): Promise<OrderView[]> {
    const orders = (await manager.find(Order, { where, relations: { user: true, items: true }, order: { createdAt: 'DESC', id: 'DESC' }, ...window })) as LoadedOrder[];
    const payments = await this.paymentsOf(manager, orders);
    return orders.map((order) => toOrderView(order, payments.get(order.id) ?? null));
  }

  private async details(manager: EntityManager, where: FindOptionsWhere<Order>): Promise<OrderDetails | BusinessFailure> {
    const order = (await manager.findOne(Order, { where, relations: { user: true, items: true } })) as LoadedOrder | null;
    if (!order) return orderNotFound();
    const [payments, history, mpesaAttempts] = await Promise.all([
      this.paymentsOf(manager, [order]),
      manager.find(OrderStatusHistory, { where: { orderId: order.id }, relations: { changedBy: true }, order: { createdAt: 'ASC', id: 'ASC' } }),
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
