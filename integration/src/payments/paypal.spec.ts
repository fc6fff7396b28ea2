import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@shop/contracts';
import { Payment, PaymentCallback } from '@shop/db';
import { PaypalClient } from '@shop/payments';
import { createTestProduct, waitFor } from '@shop/testing';
import { SETTLEMENT_REASONS } from '../../../workers/src/payments/payment-settlement.service.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';
import { paymentKit, type PaymentKit } from './payment-test-kit.js';

describe('PayPal: capture jobs and webhooks, settled by the payments worker', () => {
  let stack: ShopStack;
  let kit: PaymentKit;

  beforeAll(async () => {
    stack = await startShopStack();
    kit = paymentKit(stack);
  });
  afterAll(async () => {
    kit?.closeSockets();
    await stack?.close();
  });

  /** A shopper's PayPal order for two units of a fresh product, created through the api. */
  async function paypalOrder() {
    const product = await createTestProduct(stack.dataSource, { price: 2580, totalStock: 5 });
    const { shopper, address } = await kit.shopperWithCart([[product, 2]]);
    const { orderId } = (await kit.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const { payment } = await kit.stateOf(orderId);
    return { product, shopper, orderId, paymentId: payment.id, paypalOrderId: payment.providerReference! };
  }

  const captureEventsOf = async (paymentId: number, afterId: string) =>
    (await kit.eventsNamed('paypal.capture', afterId)).filter((event) => (event.payload as { paymentId: number }).paymentId === paymentId);

  const webhookRowsOf = (paypalOrderId: string) =>
    stack.dataSource
      .getRepository(PaymentCallback)
      .find({ where: { provider: 'paypal', providerReference: paypalOrderId }, order: { id: 'ASC' } });

  it('captures an approved order: payment paid with the capture id, order confirmed, cart emptied; the webhook that follows changes nothing', async () => {
    const { product, shopper, orderId, paypalOrderId } = await paypalOrder();
    const browser = await kit.browserOf(shopper.cookie);
    const { payerId } = stack.sandbox.paypal.approve(paypalOrderId);

    await kit.capture(shopper, { orderId, token: paypalOrderId, payerId }).expect(202);
    const settled = await kit.waitForOrder(orderId);
    const atPaypal = stack.sandbox.paypal.order(paypalOrderId)!;
    expect(atPaypal.status).toBe('COMPLETED');
    expect(settled.payment).toMatchObject({
      status: 'paid',
      providerReceipt: atPaypal.captureId,
      payerId,
      providerCurrency: 'USD',
      failureReason: null,
    });
    expect(settled.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(settled.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'confirmed', reason: SETTLEMENT_REASONS.paid });
    expect(await kit.cartOf(shopper.id)).toEqual([]);
    expect(await kit.stockOf(product)).toBe(3);
    expect(await waitFor('order:updated', () => browser.orderUpdates.find((event) => event.orderId === orderId))).toMatchObject({
      orderStatus: 'confirmed',
      paymentStatus: 'paid',
    });

    const [webhook] = await waitFor('the capture webhook to be processed', async () => {
      const rows = await webhookRowsOf(paypalOrderId);
      return rows.length > 0 && rows.every((row) => row.processedAt !== null) && rows;
    });
    expect(webhook!.deliveryKey).toMatch(/^WH-/);
    expect(await kit.stateOf(orderId)).toEqual(settled);
  });

  it('leaves an order the shopper cancelled at PayPal waiting, with the reason, its units still held', async () => {
    const { product, shopper, orderId, paypalOrderId } = await paypalOrder();
    stack.sandbox.paypal.cancel(paypalOrderId);

    await kit.capture(shopper, { orderId, token: paypalOrderId }).expect(202);
    const settled = await kit.waitForOrder(orderId, (state) => state.payment.failureReason !== null);
    expect(settled.payment).toMatchObject({ status: 'pending', failureReason: MESSAGES.payment.paypalCancelled, providerReceipt: null });
    expect(settled.order).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
    expect(await kit.stockOf(product)).toBe(3);
  });

  it('lets the shopper approve again after a declined card, then captures once', async () => {
    const { shopper, orderId, paymentId, paypalOrderId } = await paypalOrder();
    const browser = await kit.browserOf(shopper.cookie);
    stack.sandbox.paypal.approve(paypalOrderId, 'declined-card');

    await kit.capture(shopper, { orderId, token: paypalOrderId }).expect(202);
    const declined = await kit.waitForOrder(orderId, (state) => state.payment.failureReason !== null);
    expect(declined.payment).toMatchObject({ status: 'pending', failureReason: MESSAGES.payment.paypalDeclined, captureAttempts: 1 });
    expect(declined.order.orderStatus).toBe('pending');
    expect(
      await waitFor('the decline at the shopper', () => browser.orderUpdates.find((event) => event.orderId === orderId)),
    ).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending', reason: MESSAGES.payment.paypalDeclined });

    const { payerId } = stack.sandbox.paypal.approve(paypalOrderId);
    await kit.capture(shopper, { orderId, paymentId: paypalOrderId, payerId }).expect(202);
    const paid = await kit.waitForOrder(orderId);
    expect(paid.payment).toMatchObject({
      status: 'paid',
      failureReason: null,
      captureAttempts: 2,
      providerReceipt: stack.sandbox.paypal.order(paypalOrderId)!.captureId,
    });
    expect(paid.order.orderStatus).toBe('confirmed');
    // The declined capture's DENIED webhook, whenever it is processed, cannot undo the payment.
    await waitFor('every webhook processed', async () => (await webhookRowsOf(paypalOrderId)).every((row) => row.processedAt !== null));
    expect((await kit.stateOf(orderId)).payment.status).toBe('paid');
    expect(paymentId).toBe(paid.payment.id);
  });

  it("lets a declined card's late DENIED webhook overrule nothing while the shopper's next capture is under way", async () => {
    const { shopper, orderId, paymentId, paypalOrderId } = await paypalOrder();
    stack.sandbox.paypal.setWebhookDelivery({ copies: 0 });
    try {
      stack.sandbox.paypal.approve(paypalOrderId, 'declined-card');
      await kit.capture(shopper, { orderId, token: paypalOrderId }).expect(202);
      await kit.waitForOrder(orderId, (state) => state.payment.failureReason !== null);
    } finally {
      stack.sandbox.paypal.setWebhookDelivery({ copies: 1 });
    }
    // The shopper's second capture is asked for (its job not yet run) when the held-back denial arrives.
    await stack.dataSource.getRepository(Payment).update({ id: paymentId }, { captureAttempts: 2, failureReason: null });
    const denied = stack.sandbox.paypal
      .webhooks()
      .find(
        (record) =>
          record.event.event_type === 'PAYMENT.CAPTURE.DENIED' &&
          record.dropped &&
          record.event.resource.supplementary_data.related_ids.order_id === paypalOrderId,
      );
    expect(denied).toBeDefined();
    await stack.sandbox.paypal.resendWebhook(denied!.event.id);
    await waitFor('the denial to be processed', async () => {
      const rows = await webhookRowsOf(paypalOrderId);
      return rows.length > 0 && rows.every((row) => row.processedAt !== null);
    });
    expect((await kit.stateOf(orderId)).payment).toMatchObject({ status: 'pending', failureReason: null, captureAttempts: 2 });
  });

  it('makes one capture of two capture requests at once', async () => {
    const { shopper, orderId, paymentId, paypalOrderId } = await paypalOrder();
    stack.sandbox.paypal.approve(paypalOrderId);
    const before = await kit.lastEventId();

    const answers = await Promise.all([
      kit.capture(shopper, { orderId, token: paypalOrderId }),
      kit.capture(shopper, { orderId, token: paypalOrderId }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 202]);
    const paid = await kit.waitForOrder(orderId);
    expect(paid.payment).toMatchObject({ status: 'paid', captureAttempts: 1 });
    expect(await captureEventsOf(paymentId, before)).toHaveLength(1);
    // And a third, after the payment: answered with the paid order, no job.
    const again = await kit.capture(shopper, { orderId, token: paypalOrderId }).expect(200);
    expect(again.body.data).toMatchObject({ id: orderId, paymentStatus: 'paid', orderStatus: 'confirmed' });
    expect(await captureEventsOf(paymentId, before)).toHaveLength(1);
  });

  it("settles from PayPal's webhook when the capture job never settled the order", async () => {
    const { shopper, orderId, paypalOrderId } = await paypalOrder();
    stack.sandbox.paypal.approve(paypalOrderId);
    // The capture went through at PayPal, but no job of the shop's recorded it (as if lost with its worker).
    const paypal = new PaypalClient({
      baseUrl: stack.config.PAYPAL_BASE_URL,
      clientId: stack.config.PAYPAL_CLIENT_ID,
      clientSecret: stack.config.PAYPAL_CLIENT_SECRET,
      webhookId: stack.config.PAYPAL_WEBHOOK_ID,
    });
    const captured = await paypal.captureOrder(paypalOrderId, `elsewhere-${randomUUID()}`);
    expect(captured.outcome).toBe('completed');

    const settled = await kit.waitForOrder(orderId);
    expect(settled.payment).toMatchObject({
      status: 'paid',
      providerReceipt: (captured as { captureId: string }).captureId,
      captureAttempts: 0,
    });
    expect(settled.order.orderStatus).toBe('confirmed');
    expect(await kit.cartOf(shopper.id)).toEqual([]);
    const [webhook] = await webhookRowsOf(paypalOrderId);
    expect(webhook!.processedAt).toBeInstanceOf(Date);
  });

  it("answered every one of PayPal's webhook deliveries with 200", () => {
    const deliveries = stack.sandbox.paypal.webhooks().flatMap((record) => record.deliveries);
    expect(deliveries.length).toBeGreaterThan(3);
    expect(deliveries.filter((delivery) => delivery.httpStatus !== 200)).toEqual([]);
  });
});
