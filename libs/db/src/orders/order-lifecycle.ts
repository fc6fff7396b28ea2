import type { EntityManager } from 'typeorm';
import type { OrderStatus } from '@shop/contracts';
import { OrderItem } from '../entities/order-item.entity.js';
import { OrderStatusHistory } from '../entities/order-status-history.entity.js';
import { Order } from '../entities/order.entity.js';

export interface StatusChange {
  /** The admin who chose it; absent when the shop changed it (payment, expiry). */
  changedByUserId?: number | null;
  reason?: string;
}

type AffectedRows = { affectedRows: number };

/**
 * Moves an order to a status and writes its history row, in the caller's transaction. The caller
 * holds the order's row lock and has read `from` under it, so the history never skips a step.
 */
export async function changeOrderStatus(manager: EntityManager, orderId: number, from: OrderStatus | null, to: OrderStatus, change: StatusChange = {}): Promise<void> {
  if (from !== null) await manager.update(Order, { id: orderId }, { orderStatus: to });
  await manager.insert(OrderStatusHistory, { orderId, fromStatus: from, toStatus: to, changedByUserId: change.changedByUserId ?? null, reason: change.reason ?? '' });
}

/**
 * Takes units off the shelf only if they are all there. The row lock the UPDATE takes makes
 * concurrent checkouts of the last units queue, and the losers find the stock already gone: no
 * unit is ever sold twice, and stock never goes below zero.
 */
export async function takeUnits(manager: EntityManager, productId: number, quantity: number): Promise<boolean> {
  const { affectedRows } = await manager.query<AffectedRows>(
    'UPDATE `products` SET `totalStock` = `totalStock` - ? WHERE `id` = ? AND `deletedAt` IS NULL AND `totalStock` >= ?',
    [quantity, productId, quantity],
  );
  return affectedRows === 1;
}

/**
 * Puts an unpaid order's units back on the shelf, at most once however often it is asked
 * (expiry, a failed payment and an admin's rejection may all come to the same order): the
 * order's `stockReleasedAt` is claimed first. Answers whether the units went back now.
 */
export async function releaseReservedStock(manager: EntityManager, orderId: number): Promise<boolean> {
  const { affectedRows } = await manager.query<AffectedRows>('UPDATE `orders` SET `stockReleasedAt` = NOW(3) WHERE `id` = ? AND `stockReleasedAt` IS NULL', [orderId]);
  if (affectedRows === 0) return false;
  await manager.query(
    'UPDATE `products` `product` JOIN `order_items` `item` ON `item`.`productId` = `product`.`id` SET `product`.`totalStock` = `product`.`totalStock` + `item`.`quantity` WHERE `item`.`orderId` = ?',
    [orderId],
  );
  return true;
}

/**
 * Takes a released order's units again, all or none (money that came after the order closed).
 * Answers false, with the shelf as it was, when any line's units have been sold meanwhile.
 */
export async function reserveReleasedStockAgain(manager: EntityManager, orderId: number): Promise<boolean> {
  const items = await manager.find(OrderItem, { where: { orderId }, order: { productId: 'ASC' } });
  const taken: OrderItem[] = [];
  for (const item of items) {
    if (!(await takeUnits(manager, item.productId, item.quantity))) {
      for (const back of taken) {
        await manager.query('UPDATE `products` SET `totalStock` = `totalStock` + ? WHERE `id` = ?', [back.quantity, back.productId]);
      }
      return false;
    }
    taken.push(item);
  }
  await manager.update(Order, { id: orderId }, { stockReleasedAt: null });
  return true;
}
