import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Emitter } from '@socket.io/redis-emitter';
import { DataSource, type EntityManager } from 'typeorm';
import {
  JOBS,
  SOCKET_EVENTS,
  SOCKET_ROOMS,
  type AdminOrderPaidEvent,
  type AdminPaymentAttentionEvent,
  type OrderStatusChangedJob,
  type OrderUpdatedEvent,
} from '@shop/contracts';
import type { LockedOrder, Order } from '@shop/db';
import { OutboxPublishing } from '@shop/infrastructure';
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

/**
 * Tells the browsers, through the Socket.IO Redis emitter, what the workers changed. An order's
 * `order.status-changed` event that a worker commits is announced by that worker right after the
 * commit, not through a job on the orders queue (ADR 0038); the orders queue announces the rest
 * (the api's changes, and any event whose announcement here failed or never ran).
 */
@Injectable()
export class OrderUpdates implements OnModuleInit {
  constructor(
    @Inject(SOCKET_EMITTER) private readonly emitter: Emitter,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly publishing: OutboxPublishing,
  ) {}

  onModuleInit(): void {
    this.publishing.publisher.handleHere(JOBS.orderStatusChanged, async (change) => {
      await this.announce(change);
    });
  }

  /** The order as committed now, to its owner and the admins: whatever happened since the change is told with it. */
  async announce({ orderId, paid }: Pick<OrderStatusChangedJob, 'orderId' | 'paid'>): Promise<OrderUpdate | null> {
    const update = await orderUpdateOf(this.dataSource.manager, orderId, { paid: paid === true });
    this.orderUpdated(update);
    return update;
  }

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
