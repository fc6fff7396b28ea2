import { randomInt } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { MoreThan } from 'typeorm';
import {
  ORDER_API,
  SOCKET_EVENTS,
  type AdminOrderPaidEvent,
  type AdminPaymentAttentionEvent,
  type JobName,
  type OrderUpdatedEvent,
  type QueueName,
} from '@shop/contracts';
import { CartItem, inTransaction, Order, OrderStatusHistory, OutboxEvent, Payment, PaymentCallback } from '@shop/db';
import { darajaTimestamp } from '@shop/payments';
import { checkoutDriver, waitFor } from '@shop/testing';
import type { PaymentStack } from '../../../api/src/testing/payment-stack.js';
import type { ShopStack } from '../shop-stack.js';

export interface OrderState {
  order: Order;
  payment: Payment;
  history: Pick<OrderStatusHistory, 'fromStatus' | 'toStatus' | 'reason'>[];
}

export interface BrowserSocket {
  socket: Socket;
  orderUpdates: OrderUpdatedEvent[];
  ordersPaid: AdminOrderPaidEvent[];
  paymentAttention: AdminPaymentAttentionEvent[];
}

export interface StkCallbackFields {
  checkoutRequestId: string;
  resultCode?: number;
  amount?: number;
  receipt?: string;
  phone?: string;
}

/** Daraja's callback body as the sandbox sends it, for callbacks a test sends itself. */
export function stkCallbackBody({ checkoutRequestId, resultCode = 0, amount, receipt, phone }: StkCallbackFields): object {
  const paid = resultCode === 0;
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: `test-${randomInt(1_000_000)}`,
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc: paid ? 'The service request is processed successfully.' : 'Request cancelled by user',
        ...(paid && {
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: amount },
              { Name: 'MpesaReceiptNumber', Value: receipt },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: Number(darajaTimestamp()) },
              { Name: 'PhoneNumber', Value: Number(phone) },
            ],
          },
        }),
      },
    },
  };
}

/** A receipt number no other run uses: ten capitals and digits, as M-Pesa's. */
export function testReceipt(): string {
  return `T${Array.from({ length: 9 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)]).join('')}`;
}

/**
 * The payment tests' view of the shop: the checkout driver (routes as a signed-in shopper) plus
 * what the payment side needs to watch — orders settling, jobs, callbacks, and browsers' sockets.
 */
function workersOf(stack: PaymentStack | ShopStack): INestApplication {
  if ('workers' in stack) return stack.workers;
  throw new Error("This stack runs no workers: pass the spec's own to paymentKit.");
}

/** `workers`: the app whose queues the kit reads, the stack's own unless the spec runs its own. */
export function paymentKit(stack: PaymentStack | ShopStack, workers: () => INestApplication = () => workersOf(stack)) {
  const { server, dataSource, config } = stack;
  const sockets: Socket[] = [];

  const kit = {
    ...checkoutDriver(server, dataSource),

    /** Order, payment and history read in one snapshot, so a settlement committing meanwhile is seen whole or not at all. */
    stateOf(orderId: number): Promise<OrderState> {
      return inTransaction(
        dataSource,
        async (manager) => {
          const order = await manager.findOneByOrFail(Order, { id: orderId });
          const payment = await manager.findOneByOrFail(Payment, { orderId });
          const history = await manager.find(OrderStatusHistory, {
            where: { orderId },
            order: { id: 'ASC' },
            select: { fromStatus: true, toStatus: true, reason: true },
          });
          return { order, payment, history: history.map(({ fromStatus, toStatus, reason }) => ({ fromStatus, toStatus, reason })) };
        },
        { isolation: 'REPEATABLE READ' },
      );
    },

    /** Waits until the order is no longer pending (or `settled` says so) and answers its state. */
    waitForOrder(
      orderId: number,
      settled: (state: OrderState) => boolean = (state) => state.order.orderStatus !== 'pending',
      timeoutMs = 15_000,
    ): Promise<OrderState> {
      return waitFor(
        `order ${orderId} to settle`,
        async () => {
          const state = await kit.stateOf(orderId);
          return settled(state) && state;
        },
        timeoutMs,
      );
    },

    cartOf: async (userId: number) =>
      (await dataSource.getRepository(CartItem).find({ where: { cart: { userId } }, order: { productId: 'ASC' } })).map(
        ({ productId, quantity }) => ({ productId, quantity }),
      ),

    callbacksFor: (deliveryKey: string) => dataSource.getRepository(PaymentCallback).find({ where: { deliveryKey }, order: { id: 'ASC' } }),

    /** Outbox rows of one job name written after `afterId`, e.g. the callbacks' events. */
    eventsNamed: (jobName: JobName, afterId = '0') =>
      dataSource.getRepository(OutboxEvent).find({ where: { jobName, id: MoreThan(afterId) }, order: { id: 'ASC' } }),

    lastEventId: async () =>
      (await dataSource.getRepository(OutboxEvent).find({ order: { id: 'DESC' }, take: 1, select: { id: true } }))[0]?.id ?? '0',

    postMpesaCallback: (body: object | string, token = config.MPESA_CALLBACK_TOKEN) =>
      request(server)
        .post(ORDER_API.mpesaCallback(token))
        .set('content-type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body)),

    queue: (name: QueueName) => workers().get<Queue>(getQueueToken(name)),

    /** The job a payment callback made (its outbox row's job), once BullMQ has it. */
    jobOfCallback: (callbackId: number) =>
      waitFor(`the job of callback ${callbackId}`, async () => {
        const jobs = await kit.queue('payments').getJobs(['active', 'waiting', 'delayed', 'failed', 'completed']);
        return jobs.find((job: Job) => (job.data as { callbackId?: number }).callbackId === callbackId);
      }),

    /** A browser signed in with the session cookie, recording what the workers tell it. */
    async browserOf(cookie: string): Promise<BrowserSocket> {
      const socket = io(config.PUBLIC_URL, { transports: ['websocket'], extraHeaders: { cookie } });
      sockets.push(socket);
      const browser: BrowserSocket = { socket, orderUpdates: [], ordersPaid: [], paymentAttention: [] };
      socket.on(SOCKET_EVENTS.orderUpdated, (event: OrderUpdatedEvent) => browser.orderUpdates.push(event));
      socket.on(SOCKET_EVENTS.adminOrderPaid, (event: AdminOrderPaidEvent) => browser.ordersPaid.push(event));
      socket.on(SOCKET_EVENTS.adminPaymentAttention, (event: AdminPaymentAttentionEvent) => browser.paymentAttention.push(event));
      await waitFor('the socket to connect', () => socket.connected);
      return browser;
    },

    closeSockets: () => sockets.forEach((socket) => socket.disconnect()),
  };
  return kit;
}

export type PaymentKit = ReturnType<typeof paymentKit>;
