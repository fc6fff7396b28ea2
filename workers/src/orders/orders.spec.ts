import type { Job } from 'bullmq';
import request from 'supertest';
import { MESSAGES, ORDER_API } from '@shop/contracts';
import { DARAJA_TEST_NUMBERS } from '@shop/sandbox';
import { createTestProduct, waitFor } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../../../api/src/testing/payment-stack.js';
import { SETTLEMENT_REASONS } from '../payments/payment-settlement.service.js';
import { paymentKit, type PaymentKit } from '../payments/payment-test-kit.js';

const RESERVATION_MS = 1500;

describe('orders queue: expiry, and what browsers are told', () => {
  let stack: PaymentStack;
  let kit: PaymentKit;

  beforeAll(async () => {
    stack = await startPaymentStack({ workers: true, config: { ORDER_RESERVATION_MS: String(RESERVATION_MS), MPESA_RECONCILE_DELAY_MS: '600000' } });
    kit = paymentKit(stack);
  });
  afterAll(async () => {
    kit?.closeSockets();
    await stack?.close();
  });

  /** An M-Pesa order for `quantity` units of a product with `stock`, whose callback comes `callbackDelayMs` late (or never). */
  async function mpesaOrder({ phone = kit.newPhone(), quantity = 2, stock = 5, callbackDelayMs = 0, drop = false } = {}) {
    const product = await createTestProduct(stack.dataSource, { price: 700, totalStock: stock });
    const { shopper, address } = await kit.shopperWithCart([[product, quantity]]);
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { extraDelayMs: callbackDelayMs, drop });
    const { orderId, checkoutRequestId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone }).expect(201)).body.data as { orderId: number; checkoutRequestId: string };
    return { product, shopper, address, orderId, checkoutRequestId };
  }

  const expiryJobOf = (orderId: number) =>
    waitFor(`the expiry of order ${orderId} to run`, async () => {
      const jobs = await kit.queue('orders').getJobs(['completed', 'failed']);
      return jobs.find((job: Job) => job.name === 'order.expire' && (job.data as { orderId: number }).orderId === orderId);
    }, RESERVATION_MS + 5000);

  it('cancels an unpaid order when its reservation ends: units back on the shelf, payment failed, the shopper told why', async () => {
    const { product, shopper, orderId } = await mpesaOrder({ drop: true, stock: 5 });
    const browser = await kit.browserOf(shopper.cookie);
    expect(await kit.stockOf(product)).toBe(3);

    const expired = await kit.waitForOrder(orderId, undefined, RESERVATION_MS + 5000);
    expect(expired.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
    expect(expired.payment).toMatchObject({ status: 'failed', failureReason: MESSAGES.payment.orderExpired });
    expect(expired.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'cancelled', reason: MESSAGES.payment.orderExpired });
    expect(await kit.stockOf(product)).toBe(5);
    expect(await kit.cartOf(shopper.id)).toEqual([{ productId: product.id, quantity: 2 }]);
    expect(await waitFor('order:updated', () => browser.orderUpdates.find((event) => event.orderId === orderId))).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'failed',
      reason: MESSAGES.payment.orderExpired,
    });
  });

  it('confirms an order paid after it expired when its units can be reserved again', async () => {
    const { product, shopper, orderId, checkoutRequestId } = await mpesaOrder({ callbackDelayMs: RESERVATION_MS + 1000, stock: 5 });

    const expired = await kit.waitForOrder(orderId, undefined, RESERVATION_MS + 5000);
    expect(expired.order.orderStatus).toBe('cancelled');
    expect(await kit.stockOf(product)).toBe(5);

    const paid = await kit.waitForOrder(orderId, (state) => state.payment.status === 'paid');
    expect(paid.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(paid.payment).toMatchObject({ failureReason: null, providerReceipt: stack.sandbox.daraja.transaction(checkoutRequestId)!.receipt });
    expect(paid.history.slice(-2)).toEqual([
      { fromStatus: 'pending', toStatus: 'cancelled', reason: MESSAGES.payment.orderExpired },
      { fromStatus: 'cancelled', toStatus: 'confirmed', reason: SETTLEMENT_REASONS.paidAfterExpiry },
    ]);
    expect(await kit.stockOf(product)).toBe(3);
    expect(await kit.cartOf(shopper.id)).toEqual([]);
  });

  it('keeps an order paid after expiry cancelled, marked for a refund, when its units were sold meanwhile', async () => {
    const rival = await kit.shopper();
    const rivalAddress = await kit.address(rival);
    const { product, orderId } = await mpesaOrder({ callbackDelayMs: RESERVATION_MS + 2500, quantity: 2, stock: 3 });
    await kit.waitForOrder(orderId, undefined, RESERVATION_MS + 5000);
    // Another shopper buys all three units back on the shelf before the late money arrives.
    await kit.addToCart(rival, product, 3);
    const rivalOrder = (await kit.payByMpesa(rival, { addressId: rivalAddress.id, phone: kit.newPhone() }).expect(201)).body.data as { orderId: number };
    expect((await kit.waitForOrder(rivalOrder.orderId)).order.orderStatus).toBe('confirmed');
    expect((await kit.stateOf(orderId)).payment.status).toBe('failed');

    const paid = await kit.waitForOrder(orderId, (state) => state.payment.status === 'paid');
    expect(paid.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'paid' });
    expect(paid.history.at(-1)).toEqual({ fromStatus: 'cancelled', toStatus: 'cancelled', reason: SETTLEMENT_REASONS.refundDue });
    expect(paid.payment.failureReason).toBe(MESSAGES.payment.refundDue);
    expect(await kit.stockOf(product)).toBe(0);
  });

  it('keeps the expiry as the outcome when a failure callback comes after it', async () => {
    const phone = DARAJA_TEST_NUMBERS.cancelled;
    const { orderId, checkoutRequestId } = await mpesaOrder({ phone, callbackDelayMs: RESERVATION_MS + 1000 });
    const expired = await kit.waitForOrder(orderId, undefined, RESERVATION_MS + 5000);
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, {});

    const [callback] = await waitFor('the late callback to be processed', async () => {
      const rows = await kit.callbacksFor(checkoutRequestId);
      return rows[0]?.processedAt ? rows : undefined;
    }, 10_000);
    expect(callback!.processedAt).toBeInstanceOf(Date);
    expect(await kit.stateOf(orderId)).toEqual(expired);
    expect(expired.payment.failureReason).toBe(MESSAGES.payment.orderExpired);
  });

  it('lets a paid order outlive its reservation untouched', async () => {
    const { product, orderId } = await mpesaOrder();
    const paid = await kit.waitForOrder(orderId);
    expect(paid.order.orderStatus).toBe('confirmed');

    const expiry = await expiryJobOf(orderId);
    expect(expiry.returnvalue).toBe('nothing to expire');
    expect(await kit.stateOf(orderId)).toEqual(paid);
    expect(await kit.stockOf(product)).toBe(3);
  });

  it('tells the admins of a new order, and the owner and admins of an admin’s status change; nobody else', async () => {
    const admin = await kit.shopper('admin');
    const adminBrowser = await kit.browserOf(admin.cookie);
    const bystander = await kit.shopper();
    const bystanderBrowser = await kit.browserOf(bystander.cookie);
    const { shopper, orderId, address } = await mpesaOrder();
    const ownerBrowser = await kit.browserOf(shopper.cookie);
    const { order } = await kit.stateOf(orderId);

    const created = await waitFor('admin:order-created', () => adminBrowser.ordersCreated.find((event) => event.orderId === orderId));
    expect(created).toEqual({ orderId, userName: shopper.account.user.userName, totalAmount: 2 * 700 + address.deliveryFee, paymentMethod: 'mpesa', createdAt: order.createdAt.toISOString() });
    await kit.waitForOrder(orderId);

    await request(stack.server).put(ORDER_API.adminUpdateOrder(orderId)).set('Cookie', admin.cookie).send({ orderStatus: 'inProcess' }).expect(200);
    const told = await waitFor('the owner to hear of the change', () => ownerBrowser.orderUpdates.find((event) => event.orderStatus === 'inProcess'));
    expect(told).toMatchObject({ orderId, orderStatus: 'inProcess', paymentStatus: 'paid' });
    await waitFor('the admins to hear of it', () => adminBrowser.orderUpdates.some((event) => event.orderId === orderId && event.orderStatus === 'inProcess'));
    expect(bystanderBrowser.orderUpdates).toEqual([]);
    expect(bystanderBrowser.ordersCreated).toEqual([]);
    expect(ownerBrowser.ordersCreated).toEqual([]);
  });
});
