import { Inject, Injectable } from '@nestjs/common';
import type { Emitter } from '@socket.io/redis-emitter';
import type { EntityManager } from 'typeorm';
import {
  SOCKET_EVENTS,
  SOCKET_ROOMS,
  type AdminOrderPaidEvent,
  type AdminPaymentAttentionEvent,
  type OrderUpdatedEvent,
} from '@shop/contracts';
import type { LockedOrder, Order } from '@shop/db';
import { SOCKET_EMITTER } from '../infrastructure/socket-emitter.js';

/** One shopper's order as the browsers are told it, read after the transaction that changed it committed. */
export interface OrderUpdate {
  userId: number;
  event: OrderUpdatedEvent;
  /** The change needs a person: the admins are alerted too. */
  attention?: AdminPaymentAttentionEvent;
  /** The change is the order's money arriving: the admins get their new-order alert too. */
  paid?: AdminOrderPaidEvent;
}

type OrderFacts = Pick<Order, 'id' | 'userId' | 'orderStatus' | 'paymentStatus' | 'updatedAt'> & { reason: string | null };
type PaidFacts = Pick<Order, 'totalAmount' | 'paymentMethod' | 'createdAt'> & { userName: string };

function updateOf(order: OrderFacts): OrderUpdate {
  return {
    userId: order.userId,
    event: {
      orderId: order.id,
      orderStatus: order.orderStatus,
      paymentStatus: order.paymentStatus,
      ...(order.reason ? { reason: order.reason } : {}),
      updatedAt: order.updatedAt.toISOString(),
    },
  };
}

/**
 * The order as it stands, told the way browsers receive it, in one lean read; with `paid`, also as
 * the admins' alert shows an order just paid. Null when it no longer exists.
 */
export async function orderUpdateOf(manager: EntityManager, orderId: number, { paid = false } = {}): Promise<OrderUpdate | null> {
  const [order] = await manager.query<(OrderFacts & PaidFacts)[]>(
    'SELECT `order`.`id`, `order`.`userId`, `order`.`orderStatus`, `order`.`paymentStatus`, `order`.`updatedAt`, `payment`.`failureReason` AS `reason`, ' +
      '`order`.`totalAmount`, `order`.`paymentMethod`, `order`.`createdAt`, `user`.`userName` ' +
      'FROM `orders` `order` JOIN `users` `user` ON `user`.`id` = `order`.`userId` ' +
      'LEFT JOIN `payments` `payment` ON `payment`.`orderId` = `order`.`id` WHERE `order`.`id` = ?',
    [orderId],
  );
  if (!order) return null;
  const update = updateOf(order);
  if (!paid) return update;
  const { userName, totalAmount, paymentMethod, createdAt } = order;
  return { ...update, paid: { orderId, userName, totalAmount, paymentMethod, createdAt: createdAt.toISOString() } };
}

/** The order as a transaction that locked and changed it left it, from the rows in hand: nothing is read again. */
export function orderUpdateFrom({ order, payment }: LockedOrder): OrderUpdate {
  return updateOf({ ...order, reason: payment.failureReason, updatedAt: new Date() });
}

/** Tells the browsers, through the Socket.IO Redis emitter, what the workers changed. */
@Injectable()
export class OrderUpdates {
  constructor(@Inject(SOCKET_EMITTER) private readonly emitter: Emitter) {}

  /** The owner's sockets and the admins', each socket once; for an order just paid, the admins' alert after it. */
  orderUpdated(update: OrderUpdate | null): void {
    if (!update) return;
    this.emitter.to(SOCKET_ROOMS.user(update.userId)).to(SOCKET_ROOMS.admins).emit(SOCKET_EVENTS.orderUpdated, update.event);
    if (update.paid) this.emitter.to(SOCKET_ROOMS.admins).emit(SOCKET_EVENTS.adminOrderPaid, update.paid);
  }

  /** A change that needs a person; the change itself reaches the browsers through its `order.status-changed` event. */
  attentionNeeded(update: OrderUpdate | null): void {
    if (update?.attention) this.emitter.to(SOCKET_ROOMS.admins).emit(SOCKET_EVENTS.adminPaymentAttention, update.attention);
  }
}
