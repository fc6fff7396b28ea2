import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import request from 'supertest';
import { MESSAGES, ORDER_API } from '@shop/contracts';
import { MpesaAttempt } from '@shop/db';
import { PaypalClient } from '@shop/payments';
import { DARAJA_TEST_NUMBERS } from '@shop/sandbox';
import { createTestProduct, waitFor } from '@shop/testing';
import { SETTLEMENT_REASONS } from '../../../workers/src/payments/payment-settlement.service.js';
import { paymentKit, type PaymentKit } from '../payments/payment-test-kit.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';

const RESERVATION_MS = 1500;

describe('orders queue: expiry, and what browsers are told', () => {
  let stack: ShopStack;
  let kit: PaymentKit;

  beforeAll(async () => {
    stack = await startShopStack({ config: { ORDER_RESERVATION_MS: String(RESERVATION_MS), MPESA_RECONCILE_DELAY_MS: '600000' } });
    kit = paymentKit(stack);
  });
  afterAll(async () => {
    kit?.closeSockets();
    await stack?.close();
  });

  /** An M-Pesa order for `quantity` units of a product with `stock`, whose callback comes `callbackDelayMs` late (or never). */
  async function mpesaOrder({ phone = kit.newPhone(), quantity = 2, stock = 5, callbackDelayMs = 0, drop = false } = {}) {
    const product = await createTestProduct(stack.dataSource, { price: 700, totalStock: stock });
    const { shopper, address } = await kit.shopperWithCart([[product, quantity]], phone);
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { extraDelayMs: callbackDelayMs, drop });
    const { orderId, checkoutRequestId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body
      .data as { orderId: number; checkoutRequestId: string };
    return { product, shopper, address, orderId, checkoutRequestId };
  }

  const expiryJobOf = (orderId: number) =>
    waitFor(
      `the expiry of order ${orderId} to run`,
      async () => {
        const jobs = await kit.queue('orders').getJobs(['completed', 'failed']);
        return jobs.find((job: Job) => job.name === 'order.expire' && (job.data as { orderId: number }).orderId === orderId);
      },
      RESERVATION_MS + 5000,
    );

  /** A PayPal order the shopper never approved (yet), for two units of a product with `stock`. */
  async function paypalOrder({ stock = 5 } = {}) {
    const product = await createTestProduct(stack.dataSource, { price: 700, totalStock: stock });
    const { shopper } = await kit.shopperWithCart([[product, 2]]);
    const address = await kit.address(shopper);
    const { orderId } = (await kit.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const { payment } = await kit.stateOf(orderId);
    return { product, shopper, orderId, paypalOrderId: payment.providerReference! };
  }

  /** The shopper approves and PayPal captures, outside the shop's own capture job: PayPal's webhook tells the shop. */
  async function capturedAtPaypal(paypalOrderId: string): Promise<void> {
    stack.sandbox.paypal.approve(paypalOrderId);
    const paypal = new PaypalClient({
      baseUrl: stack.config.PAYPAL_BASE_URL,
      clientId: stack.config.PAYPAL_CLIENT_ID,
      clientSecret: stack.config.PAYPAL_CLIENT_SECRET,
      webhookId: stack.config.PAYPAL_WEBHOOK_ID,
    });
    expect((await paypal.captureOrder(paypalOrderId, `late-${randomUUID()}`)).outcome).toBe('completed');
  }

  const attemptOf = (orderId: number) => stack.dataSource.getRepository(MpesaAttempt).findOneByOrFail({ orderId });

  it('cancels an unpaid PayPal order when its reservation ends: units back on the shelf, payment failed, the shopper told why', async () => {
    const { product, shopper, orderId } = await paypalOrder({ stock: 5 });
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

  it('asks Daraja before closing an M-Pesa order: a prompt the shopper let lapse (1019, its callback lost) cancels it with that reason', async () => {
    const { product, orderId } = await mpesaOrder({ phone: DARAJA_TEST_NUMBERS.expired, drop: true, stock: 5 });
    const closed = await kit.waitForOrder(orderId, undefined, RESERVATION_MS + 5000);
    stack.sandbox.daraja.setCallbackBehaviour({ phone: DARAJA_TEST_NUMBERS.expired }, {});
    expect(closed.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
    expect(closed.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'cancelled', reason: MESSAGES.payment.mpesaNotCompleted });
    expect(await kit.stockOf(product)).toBe(5);
    expect(await attemptOf(orderId)).toMatchObject({ state: 'settled', resultCode: 1019, nextCheckAt: null });
  });

  it('marks an M-Pesa order whose push Daraja still processes at the end of its reservation "outcome unknown": units kept, admins alerted; the late money confirms it', async () => {
    const admin = await kit.shopper('admin');
    const adminBrowser = await kit.browserOf(admin.cookie);
    const { product, shopper, orderId, checkoutRequestId } = await mpesaOrder({ callbackDelayMs: RESERVATION_MS + 2500, stock: 5 });

    const unknown = await kit.waitForOrder(orderId, (state) => state.payment.status === 'unknown', RESERVATION_MS + 5000);
    const message = MESSAGES.paymentAttention.outcomeUnknown(unknown.payment.phone!, checkoutRequestId);
    expect(unknown.order).toMatchObject({ orderStatus: 'pending', paymentStatus: 'unknown' });
    expect(unknown.payment.failureReason).toBe(MESSAGES.payment.outcomeUnknown);
    expect(unknown.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'pending', reason: message });
    expect(await kit.stockOf(product)).toBe(3);
    expect((await attemptOf(orderId)).state).toBe('unknown');
    expect(
      await waitFor('the admins to be alerted', () => adminBrowser.paymentAttention.find((event) => event.orderId === orderId)),
    ).toMatchObject({ kind: 'outcomeUnknown', message });

    const paid = await kit.waitForOrder(orderId, (state) => state.payment.status === 'paid');
    expect(paid.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(paid.payment).toMatchObject({
      failureReason: null,
      providerReceipt: stack.sandbox.daraja.transaction(checkoutRequestId)!.receipt,
    });
    expect(paid.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'confirmed', reason: SETTLEMENT_REASONS.paid });
    expect(await kit.stockOf(product)).toBe(3);
    expect(await kit.cartOf(shopper.id)).toEqual([]);
  });

  it('marks an order "outcome unknown" at the end of its reservation when Daraja\'s answer to its push was lost and no callback came', async () => {
    const { product, orderId } = await mpesaOrder({ drop: true, stock: 5 });
    // As if the api had died between Daraja's answer and writing it down: nothing to query Daraja with.
    await stack.dataSource.getRepository(MpesaAttempt).update({ orderId }, { state: 'sending', checkoutRequestId: null });
    const unknown = await kit.waitForOrder(orderId, (state) => state.payment.status === 'unknown', RESERVATION_MS + 5000);
    expect(unknown.order.orderStatus).toBe('pending');
    expect(unknown.history.at(-1)!.reason).toBe(MESSAGES.paymentAttention.outcomeUnknown(unknown.payment.phone!, null));
    expect(await attemptOf(orderId)).toMatchObject({ state: 'unknown', nextCheckAt: null });
    expect(await kit.stockOf(product)).toBe(3);
  });

  it('cancels an order whose outcome was unknown when M-Pesa reports a failure after all', async () => {
    const phone = DARAJA_TEST_NUMBERS.cancelled;
    const { product, orderId } = await mpesaOrder({ phone, callbackDelayMs: RESERVATION_MS + 2500 });
    await kit.waitForOrder(orderId, (state) => state.payment.status === 'unknown', RESERVATION_MS + 5000);
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, {});

    const failed = await kit.waitForOrder(orderId, (state) => state.payment.status === 'failed');
    expect(failed.order.orderStatus).toBe('cancelled');
    expect(failed.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'cancelled', reason: MESSAGES.payment.mpesaCancelled });
    expect(await kit.stockOf(product)).toBe(5);
  });

  it('confirms an order paid after it expired when its units can be reserved again', async () => {
    const { product, shopper, orderId, paypalOrderId } = await paypalOrder({ stock: 5 });
    const expired = await kit.waitForOrder(orderId, undefined, RESERVATION_MS + 5000);
    expect(expired.order.orderStatus).toBe('cancelled');
    expect(await kit.stockOf(product)).toBe(5);

    await capturedAtPaypal(paypalOrderId);
    const paid = await kit.waitForOrder(orderId, (state) => state.payment.status === 'paid');
    expect(paid.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(paid.payment.refundDue).toBeNull();
    expect(paid.history.slice(-2)).toEqual([
      { fromStatus: 'pending', toStatus: 'cancelled', reason: MESSAGES.payment.orderExpired },
      { fromStatus: 'cancelled', toStatus: 'confirmed', reason: SETTLEMENT_REASONS.paidAfterExpiry },
    ]);
    expect(await kit.stockOf(product)).toBe(3);
    expect(await kit.cartOf(shopper.id)).toEqual([]);
  });

  it('keeps an order paid after expiry cancelled, with the refund due, when its units were sold meanwhile', async () => {
    const admin = await kit.shopper('admin');
    const adminBrowser = await kit.browserOf(admin.cookie);
    const rival = await kit.shopper();
    const rivalAddress = await kit.address(rival);
    const { product, orderId, paypalOrderId } = await paypalOrder({ stock: 3 });
    await kit.waitForOrder(orderId, undefined, RESERVATION_MS + 5000);
    // Another shopper buys all three units back on the shelf before the late money arrives.
    await kit.addToCart(rival, product, 3);
    const rivalOrder = (await kit.payByMpesa(rival, { addressId: rivalAddress.id, phone: rivalAddress.phone }).expect(201)).body.data as {
      orderId: number;
    };
    expect((await kit.waitForOrder(rivalOrder.orderId)).order.orderStatus).toBe('confirmed');

    await capturedAtPaypal(paypalOrderId);
    const paid = await kit.waitForOrder(orderId, (state) => state.payment.status === 'paid');
    const message = MESSAGES.paymentAttention.refundDue(paid.payment.amount);
    expect(paid.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'paid' });
    expect(paid.history.at(-1)).toEqual({ fromStatus: 'cancelled', toStatus: 'cancelled', reason: message });
    expect(paid.payment).toMatchObject({ failureReason: MESSAGES.payment.refundDue, refundDue: paid.payment.amount });
    expect(await kit.stockOf(product)).toBe(0);
    expect(
      await waitFor('the admins to be alerted', () => adminBrowser.paymentAttention.find((event) => event.orderId === orderId)),
    ).toMatchObject({ kind: 'refundDue', message });
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

  it('tells the admins of an order once it is paid, not when it is placed, and the owner and admins of an admin’s status change; nobody else', async () => {
    const admin = await kit.shopper('admin');
    const adminBrowser = await kit.browserOf(admin.cookie);
    const bystander = await kit.shopper();
    const bystanderBrowser = await kit.browserOf(bystander.cookie);
    const { shopper, orderId, address } = await mpesaOrder({ callbackDelayMs: 1500 });
    const ownerBrowser = await kit.browserOf(shopper.cookie);
    const { order } = await kit.stateOf(orderId);

    await new Promise((resolve) => setTimeout(resolve, 700));
    expect([
      (await kit.stateOf(orderId)).order.paymentStatus,
      adminBrowser.ordersPaid.filter((event) => event.orderId === orderId),
    ]).toEqual(['pending', []]);
    const created = await waitFor('admin:order-paid', () => adminBrowser.ordersPaid.find((event) => event.orderId === orderId));
    expect((await kit.stateOf(orderId)).order.paymentStatus).toBe('paid');
    expect(created).toEqual({
      orderId,
      userName: shopper.account.user.userName,
      totalAmount: 2 * 700 + address.deliveryFee,
      paymentMethod: 'mpesa',
      createdAt: order.createdAt.toISOString(),
    });
    await kit.waitForOrder(orderId);

    await request(stack.server)
      .put(ORDER_API.adminUpdateOrder(orderId))
      .set('Cookie', admin.cookie)
      .send({ orderStatus: 'inProcess' })
      .expect(200);
    const told = await waitFor('the owner to hear of the change', () =>
      ownerBrowser.orderUpdates.find((event) => event.orderStatus === 'inProcess'),
    );
    expect(told).toMatchObject({ orderId, orderStatus: 'inProcess', paymentStatus: 'paid' });
    await waitFor('the admins to hear of it', () =>
      adminBrowser.orderUpdates.some((event) => event.orderId === orderId && event.orderStatus === 'inProcess'),
    );
    expect(bystanderBrowser.orderUpdates).toEqual([]);
    expect(bystanderBrowser.ordersPaid).toEqual([]);
    expect(ownerBrowser.ordersPaid).toEqual([]);
  });
});
