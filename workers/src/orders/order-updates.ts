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
import { Order, Payment } from '@shop/db';
import { SOCKET_EMITTER } from '../infrastructure/socket-emitter.js';

/** One shopper's order as the browsers are told it, read after the transaction that changed it committed. */
export interface OrderUpdate {
  userId: number;
  event: OrderUpdatedEvent;
  /** The change needs a person: the admins are alerted too. */
  attention?: AdminPaymentAttentionEvent;
}

/** The order as it stands in the caller's transaction, told the way browsers receive it. */
export async function orderUpdateOf(manager: EntityManager, orderId: number): Promise<OrderUpdate> {
  const order = await manager.findOneByOrFail(Order, { id: orderId });
  const payment = await manager.findOneBy(Payment, { orderId });
  const reason = payment?.failureReason ?? undefined;
  return {
    userId: order.userId,
    event: {
      orderId: order.id,
      orderStatus: order.orderStatus,
      paymentStatus: order.paymentStatus,
      ...(reason ? { reason } : {}),
      updatedAt: order.updatedAt.toISOString(),
    },
  };
}

/** Tells the browsers, through the Socket.IO Redis emitter, what the workers changed. */
@Injectable()
export class OrderUpdates {
  constructor(@Inject(SOCKET_EMITTER) private readonly emitter: Emitter) {}

  /** The owner's sockets and the admins', each socket once. */
  orderUpdated(update: OrderUpdate | null): void {
    if (!update) return;
    this.emitter.to(SOCKET_ROOMS.user(update.userId)).to(SOCKET_ROOMS.admins).emit(SOCKET_EVENTS.orderUpdated, update.event);
  }

  /** A change that needs a person; the change itself reaches the browsers through its `order.status-changed` event. */
  attentionNeeded(update: OrderUpdate | null): void {
    if (update?.attention) this.emitter.to(SOCKET_ROOMS.admins).emit(SOCKET_EVENTS.adminPaymentAttention, update.attention);
  }

  orderPaid(event: AdminOrderPaidEvent): void {
    this.emitter.to(SOCKET_ROOMS.admins).emit(SOCKET_EVENTS.adminOrderPaid, event);
  }
}
