import { createHash } from 'node:crypto';
import request from 'supertest';
import { MESSAGES, ORDER_API } from '@shop/contracts';
import { inTransaction, MpesaAttempt, newCallbackKey, PaymentCallback, recordEvent } from '@shop/db';
import { DARAJA_TEST_NUMBERS } from '@shop/sandbox';
import { createTestProduct, refusalAnswer, waitFor } from '@shop/testing';
import { SETTLEMENT_REASONS } from '../../../workers/src/payments/payment-settlement.service.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';
import { paymentKit, stkCallbackBody, testReceipt, type PaymentKit } from './payment-test-kit.js';

describe('M-Pesa callbacks, settled by the payments worker', () => {
  let stack: ShopStack;
  let kit: PaymentKit;

  beforeAll(async () => {
    // No reconcile query during these tests: every outcome here comes from a callback.
    stack = await startShopStack({ config: { MPESA_RECONCILE_DELAY_MS: '600000' } });
    kit = paymentKit(stack);
  });
  afterAll(async () => {
    kit?.closeSockets();
    await stack?.close();
  });

  /** A shopper with `quantity` of a fresh product in the cart, and the M-Pesa payment started for it. */
  async function mpesaOrder(phone: string, { quantity = 2, stock = 5 } = {}) {
    const product = await createTestProduct(stack.dataSource, { price: 1500, salePrice: 1200, totalStock: stock });
    const { shopper, address } = await kit.shopperWithCart([[product, quantity]], phone);
    const started = await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201);
    const { orderId, checkoutRequestId } = started.body.data as { orderId: number; checkoutRequestId: string };
    return { product, shopper, address, orderId, checkoutRequestId, total: 1200 * quantity + address.deliveryFee };
  }

  const deliveriesOf = (checkoutRequestId: string) => stack.sandbox.daraja.transaction(checkoutRequestId)!.deliveries;

  it('pays: payment paid with its receipt, order confirmed, the bought lines leave the cart, and the shopper is told', async () => {
    const train = await createTestProduct(stack.dataSource, { price: 1500, salePrice: 1200, totalStock: 5 });
    const drum = await createTestProduct(stack.dataSource, { price: 800, totalStock: 3 });
    const { shopper, address } = await kit.shopperWithCart([
      [train, 2],
      [drum, 1],
    ]);
    const { phone } = address;
    // Time to change the cart while the phone shows the prompt.
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { extraDelayMs: 1500 });
    const browser = await kit.browserOf(shopper.cookie);

    const started = await kit.payByMpesa(shopper, { addressId: address.id, phone: `0${phone.slice(3)}` }).expect(201);
    const { orderId, checkoutRequestId } = started.body.data as { orderId: number; checkoutRequestId: string };
    const kite = await createTestProduct(stack.dataSource, { totalStock: 2 });
    await kit.addToCart(shopper, kite, 1);

    const settled = await kit.waitForOrder(orderId);
    const { receipt } = stack.sandbox.daraja.transaction(checkoutRequestId)!;
    expect(settled.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(settled.payment).toMatchObject({
      status: 'paid',
      amount: 2 * 1200 + 800 + address.deliveryFee,
      phone,
      providerReference: checkoutRequestId,
      providerReceipt: receipt,
      failureReason: null,
    });
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(settled.history).toEqual([
      { fromStatus: null, toStatus: 'pending', reason: '' },
      { fromStatus: 'pending', toStatus: 'confirmed', reason: SETTLEMENT_REASONS.paid },
    ]);
    expect(await kit.cartOf(shopper.id)).toEqual([{ productId: kite.id, quantity: 1 }]);
    // Reserved at placement, kept once paid.
    expect([await kit.stockOf(train), await kit.stockOf(drum)]).toEqual([3, 2]);

    const told = await waitFor('order:updated at the shopper', () => browser.orderUpdates.find((event) => event.orderId === orderId));
    expect(told).toEqual({ orderId, orderStatus: 'confirmed', paymentStatus: 'paid', updatedAt: settled.order.updatedAt.toISOString() });
    expect(deliveriesOf(checkoutRequestId).map((delivery) => delivery.status)).toEqual([200]);
  });

  it.each([
    ['the shopper cancels the prompt (1032)', DARAJA_TEST_NUMBERS.cancelled, MESSAGES.payment.mpesaCancelled],
    ['the balance is too low (1)', DARAJA_TEST_NUMBERS.insufficientFunds, MESSAGES.payment.mpesaInsufficientFunds],
    ['the PIN is wrong (2001)', DARAJA_TEST_NUMBERS.wrongPin, MESSAGES.payment.mpesaWrongPin],
  ])('fails when %s: the reason in words, the order cancelled, its units back, the cart kept', async (_case, phone, reason) => {
    const { product, shopper, orderId } = await mpesaOrder(phone, { quantity: 2, stock: 4 });
    const browser = await kit.browserOf(shopper.cookie);

    const settled = await kit.waitForOrder(orderId);
    expect(settled.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
    expect(settled.payment).toMatchObject({ status: 'failed', failureReason: reason, providerReceipt: null });
    expect(settled.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'cancelled', reason });
    expect(await kit.stockOf(product)).toBe(4);
    expect(await kit.cartOf(shopper.id)).toEqual([{ productId: product.id, quantity: 2 }]);
    const told = await waitFor('order:updated at the shopper', () => browser.orderUpdates.find((event) => event.orderId === orderId));
    expect(told).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed', reason });
  });

  it('makes one outcome and one receipt of three copies of a callback', async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { copies: 3 });
    const before = await kit.lastEventId();
    const { orderId, checkoutRequestId } = await mpesaOrder(phone);

    await waitFor(
      'three deliveries answered',
      () => deliveriesOf(checkoutRequestId).filter((delivery) => delivery.status !== undefined).length === 3,
    );
    const settled = await kit.waitForOrder(orderId);
    expect(deliveriesOf(checkoutRequestId).map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    const stored = await kit.callbacksFor(checkoutRequestId);
    expect(stored).toHaveLength(1);
    expect(
      (await kit.eventsNamed('mpesa.callback', before)).filter(
        (event) => (event.payload as { callbackId: number }).callbackId === stored[0]!.id,
      ),
    ).toHaveLength(1);
    expect(settled.payment).toMatchObject({
      status: 'paid',
      providerReceipt: stack.sandbox.daraja.transaction(checkoutRequestId)!.receipt,
    });
    expect(settled.history.filter((change) => change.toStatus === 'confirmed')).toHaveLength(1);
  });

  it("finds the push by its callback URL's own key when Daraja's answer to the push was never stored", async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const { orderId, checkoutRequestId } = await mpesaOrder(phone);
    // As if the api had died between Daraja's answer and writing it down.
    await stack.dataSource.query('UPDATE `payments` SET `providerReference` = NULL WHERE `orderId` = ?', [orderId]);
    await stack.dataSource.getRepository(MpesaAttempt).update({ orderId }, { state: 'sending', checkoutRequestId: null });

    const { receipt } = await stack.sandbox.daraja.sendCallbackNow(checkoutRequestId);
    const settled = await kit.waitForOrder(orderId);
    expect(settled.order.orderStatus).toBe('confirmed');
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: receipt, providerReference: checkoutRequestId });
    expect(await stack.dataSource.getRepository(MpesaAttempt).findOneByOrFail({ orderId })).toMatchObject({
      state: 'settled',
      checkoutRequestId,
      resultCode: 0,
      receipt,
      nextCheckAt: null,
    });
  });

  it("ignores a callback to a key that names none of the shop's pushes, at once", async () => {
    const { orderId, checkoutRequestId, total } = await mpesaOrder(kit.newPhone());
    await kit.waitForOrder(orderId);
    const stranger = `${checkoutRequestId}-stranger`;
    await request(stack.server)
      .post(ORDER_API.mpesaCallback(stack.config.MPESA_CALLBACK_TOKEN, newCallbackKey()))
      .set('content-type', 'application/json')
      .send(JSON.stringify(stkCallbackBody({ checkoutRequestId: stranger, amount: total, receipt: testReceipt(), phone: kit.newPhone() })))
      .expect(200);
    const [stored] = await kit.callbacksFor(stranger);
    await waitFor(
      'the callback to be set aside',
      async () => (await stack.dataSource.getRepository(PaymentCallback).findOneByOrFail({ id: stored!.id })).processedAt !== null,
    );
    const job = await kit.jobOfCallback(stored!.id);
    const done = await waitFor('its job to end', async () => {
      const current = (await kit.queue('payments').getJob(job.id!))!;
      return (await current.getState()) === 'completed' && current;
    });
    // One try, not BullMQ's retries: nothing will ever match it.
    expect([done.attemptsMade, done.returnvalue]).toEqual([1, 'no change']);
  });

  it('keeps a callback for an unknown CheckoutRequestID and leaves its job in the failed set after the last try', async () => {
    const checkoutRequestId = `ws_CO_unknown${Date.now()}`;
    await kit
      .postMpesaCallback(stkCallbackBody({ checkoutRequestId, amount: 100, receipt: testReceipt(), phone: kit.newPhone() }))
      .expect(200);
    const [stored] = await kit.callbacksFor(checkoutRequestId);
    const job = await kit.jobOfCallback(stored!.id);

    // The backoff would take minutes: each wait is cut short, the tries are BullMQ's own.
    const failed = await waitFor(
      'the job to fail for good',
      async () => {
        const current = (await kit.queue('payments').getJob(job.id!))!;
        const state = await current.getState();
        if (state === 'delayed') await current.promote();
        return state === 'failed' && current;
      },
      30_000,
    );
    expect(failed.attemptsMade).toBe(8);
    expect(failed.failedReason).toContain(`No M-Pesa attempt has CheckoutRequestID ${checkoutRequestId}`);
    const kept = await stack.dataSource.getRepository(PaymentCallback).findOneByOrFail({ id: stored!.id });
    expect(kept.processedAt).toBeNull();
    expect(JSON.parse((kept.payload as { body: string }).body)).toMatchObject({
      Body: { stkCallback: { CheckoutRequestID: checkoutRequestId } },
    });
  });

  it('keeps the receipt of a payment of another amount but does not sell on it: the admins see what came and what is owed back', async () => {
    const admin = await kit.shopper('admin');
    const adminBrowser = await kit.browserOf(admin.cookie);
    const phone = kit.newPhone();
    const product = await createTestProduct(stack.dataSource, { price: 1000, totalStock: 3 });
    const { shopper, address } = await kit.shopperWithCart([[product, 1]], phone);
    const total = 1000 + address.deliveryFee;
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { amount: total - 1 });
    const { orderId, checkoutRequestId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body
      .data as { orderId: number; checkoutRequestId: string };

    // The callback's amount is not believed on its own: the Transaction Status API's result tells it.
    const settled = await kit.waitForOrder(orderId, (state) => state.payment.amountReceived !== null);
    expect(settled.payment).toMatchObject({
      status: 'failed',
      failureReason: MESSAGES.payment.amountMismatch,
      providerReceipt: stack.sandbox.daraja.transaction(checkoutRequestId)!.receipt,
      amountReceived: total - 1,
      refundDue: total - 1,
    });
    expect(settled.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
    const message = MESSAGES.paymentAttention.amountMismatch(total - 1, total, true);
    // Never confirmed on the callback's word: the order waited for M-Pesa's own account of the amount.
    expect(settled.history.slice(1)).toEqual([{ fromStatus: 'pending', toStatus: 'cancelled', reason: message }]);
    expect(await kit.stockOf(product)).toBe(3);
    expect(
      await waitFor('the admins to be alerted', () => adminBrowser.paymentAttention.find((event) => event.orderId === orderId)),
    ).toEqual({ orderId, kind: 'amountMismatch', message, createdAt: expect.any(String) });
  });

  it('stores a malformed callback, answers 400 and changes nothing', async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const { product, orderId, checkoutRequestId } = await mpesaOrder(phone, { quantity: 1, stock: 2 });
    const before = await kit.lastEventId();

    // A success without the amount, receipt and phone cannot be checked.
    const withoutMetadata = {
      Body: {
        stkCallback: {
          MerchantRequestID: 'm-1',
          CheckoutRequestID: checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
        },
      },
    };
    const notJson = `<Body>${checkoutRequestId}</Body>`;
    for (const body of [JSON.stringify(withoutMetadata), notJson]) {
      await kit.postMpesaCallback(body).expect(
        400,
        refusalAnswer('VALIDATION_FAILED', MESSAGES.server.validationFailed, {
          fields: [{ field: 'body', message: MESSAGES.server.validationFailed }],
        }),
      );
      const [stored] = await kit.callbacksFor(`unreadable:${createHash('sha256').update(body).digest('hex')}`);
      expect(stored).toMatchObject({ provider: 'mpesa', providerReference: null, payload: { body }, processedAt: null });
    }
    expect(await kit.eventsNamed('mpesa.callback', before)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await kit.stateOf(orderId)).order).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
    expect(await kit.stockOf(product)).toBe(1);
  });

  it('changes nothing when a failure follows a success', async () => {
    const phone = kit.newPhone();
    const { shopper, orderId, checkoutRequestId } = await mpesaOrder(phone);
    const paid = await kit.waitForOrder(orderId);
    expect(paid.payment.status).toBe('paid');

    // The same CheckoutRequestID again: acknowledged, and nothing new is stored.
    await kit
      .postMpesaCallback(stkCallbackBody({ checkoutRequestId, resultCode: 1032 }))
      .expect(200, { ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await kit.callbacksFor(checkoutRequestId)).toHaveLength(1);

    // Even one that got past the door is a no-op for the worker.
    const late = await inTransaction(stack.dataSource, async (manager) => {
      const row = await manager.save(PaymentCallback, {
        provider: 'mpesa',
        deliveryKey: `${checkoutRequestId}-late`,
        providerReference: checkoutRequestId,
        payload: { body: JSON.stringify(stkCallbackBody({ checkoutRequestId, resultCode: 1032 })) },
        processedAt: null,
      });
      await recordEvent(manager, 'mpesa.callback', { callbackId: row.id });
      return row;
    });
    await waitFor(
      'the late callback to be processed',
      async () => (await stack.dataSource.getRepository(PaymentCallback).findOneByOrFail({ id: late.id })).processedAt !== null,
    );
    const after = await kit.stateOf(orderId);
    expect(after.payment).toEqual(paid.payment);
    expect(after.order).toEqual(paid.order);
    expect(after.history).toEqual(paid.history);
    expect(await kit.cartOf(shopper.id)).toEqual([]);
  });

  it("gave none of Daraja's deliveries a server error", () => {
    const statuses = stack.sandbox.daraja
      .transactions()
      .flatMap((transaction) => transaction.deliveries.map((delivery) => delivery.status));
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
