import type { EntityManager } from 'typeorm';
import type { OrderStatus } from '@shop/contracts';
import { OrderStatusHistory } from '../entities/order-status-history.entity.js';
import { Order } from '../entities/order.entity.js';

export interface StatusChange {
  /** The admin who chose it; absent when the shop changed it (payment, expiry). */
  changedByUserId?: number | null;
  reason?: string;
}

/**
 * Moves an order to a status and writes its history row, in the caller's transaction. The caller
 * holds the order's row lock and has read `from` under it, so the history never skips a step.
 */
export async function changeOrderStatus(manager: EntityManager, orderId: number, from: OrderStatus | null, to: OrderStatus, change: StatusChange = {}): Promise<void> {
  if (from !== null) await manager.update(Order, { id: orderId }, { orderStatus: to });
  await manager.insert(OrderStatusHistory, { orderId, fromStatus: from, toStatus: to, changedByUserId: change.changedByUserId ?? null, reason: change.reason ?? '' });
}

/**
 * Puts an unpaid order's units back on the shelf. Call it once per order, in the transaction that
 * cancels it: the cancelled status, read under the order's lock, is what keeps it from running twice.
 */
export async function releaseReservedStock(manager: EntityManager, orderId: number): Promise<void> {
  await manager.query(
    'UPDATE `products` `product` JOIN `order_items` `item` ON `item`.`productId` = `product`.`id` SET `product`.`totalStock` = `product`.`totalStock` + `item`.`quantity` WHERE `item`.`orderId` = ?',
    [orderId],
  );
}
