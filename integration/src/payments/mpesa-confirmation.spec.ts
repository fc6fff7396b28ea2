import request from 'supertest';
import { Like } from 'typeorm';
import { MESSAGES, ORDER_API } from '@shop/contracts';
import { MpesaAttempt, PaymentCallback } from '@shop/db';
import { DARAJA_TEST_NUMBERS } from '@shop/sandbox';
import { createTestProduct, newPhone, waitFor } from '@shop/testing';
import { startShopStack, type ShopStack } from '../shop-stack.js';
import { paymentKit, stkCallbackBody, testReceipt, type PaymentKit } from './payment-test-kit.js';

/** A callback proves nothing by itself: whoever learnt its URL could send it. Daraja's STK query decides. */
describe('M-Pesa callbacks, confirmed with the STK query before anything is settled', () => {
  let stack: ShopStack;
  let kit: PaymentKit;

  beforeAll(async () => {
    // No scheduled check during these tests: what settles the orders here is the callbacks' confirmation.
    stack = await startShopStack({ config: { MPESA_RECONCILE_DELAY_MS: '600000' } });
    kit = paymentKit(stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** An M-Pesa payment started by a shopper whose address has `phone`; its attempt names the secret callback URL. */
  async function mpesaOrder(phone: string) {
    const product = await createTestProduct(stack.dataSource, { price: 900, totalStock: 5 });
    const { shopper, address } = await kit.shopperWithCart([[product, 1]], phone);
    const started = await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201);
    const { orderId, checkoutRequestId } = started.body.data as { orderId: number; checkoutRequestId: string };
    const attempt = await stack.dataSource.getRepository(MpesaAttempt).findOneByOrFail({ orderId });
    const forge = (body: object) =>
      request(stack.server)
        .post(ORDER_API.mpesaCallback(stack.config.MPESA_CALLBACK_TOKEN, attempt.callbackKey))
        .set('content-type', 'application/json')
        .send(JSON.stringify(body))
        .expect(200);
    return { orderId, checkoutRequestId, attemptId: attempt.id, total: 900 + address.deliveryFee, phone: address.phone, forge };
  }

  const attemptOf = (attemptId: number) => stack.dataSource.getRepository(MpesaAttempt).findOneByOrFail({ id: attemptId });

  it('does not let an early forged "cancelled" hide the payment that follows: it waits for Daraja, which reports it paid', async () => {
    const phone = newPhone();
    // The prompt stays on the phone until the test answers it.
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { extraDelayMs: 120_000 });
    const { orderId, checkoutRequestId, attemptId, forge } = await mpesaOrder(phone);

    await forge(stkCallbackBody({ checkoutRequestId, resultCode: 1032 }));
    const [forged] = await kit.callbacksFor(checkoutRequestId);
    // The worker asked Daraja, heard "still processing", and left the callback for later.
    await waitFor('the forged callback to be tried', async () => ((await kit.jobOfCallback(forged!.id)).attemptsMade >= 1 ? true : false));
    expect((await kit.stateOf(orderId)).order).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
    expect(await stack.dataSource.getRepository(PaymentCallback).findOneByOrFail({ id: forged!.id })).toMatchObject({ processedAt: null });

    const paid = await stack.sandbox.daraja.sendCallbackNow(checkoutRequestId);
    // The forged callback's next try may settle it first, as paid without a receipt; Daraja's own callback brings that.
    const settled = await kit.waitForOrder(orderId, (state) => state.payment.providerReceipt !== null);
    expect(settled.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: paid.receipt, failureReason: null });
    expect(await attemptOf(attemptId)).toMatchObject({
      state: 'settled',
      resultCode: 0,
      receipt: paid.receipt,
      confirmedAt: expect.any(Date),
    });
    // Daraja's own callback was kept beside the forged one, not dropped as its repeat.
    expect(await stack.dataSource.getRepository(PaymentCallback).countBy({ providerReference: checkoutRequestId })).toBe(2);
  });

  it('settles a forged "paid" callback as Daraja reports the push, here cancelled on the phone, and keeps none of its claims', async () => {
    const phone = DARAJA_TEST_NUMBERS.cancelled;
    // Daraja's own callback never comes: only the forged one does.
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const { orderId, checkoutRequestId, attemptId, total, forge } = await mpesaOrder(phone);
    await waitFor('the sandbox to finish the push', () => stack.sandbox.daraja.transaction(checkoutRequestId)?.state === 'finished');

    const claimedReceipt = testReceipt();
    await forge(stkCallbackBody({ checkoutRequestId, amount: total, receipt: claimedReceipt, phone }));

    const settled = await kit.waitForOrder(orderId);
    expect(settled.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
    expect(settled.payment).toMatchObject({ status: 'failed', providerReceipt: null, failureReason: MESSAGES.payment.mpesaCancelled });
    expect(await attemptOf(attemptId)).toMatchObject({ state: 'settled', resultCode: 1032, receipt: null, confirmedAt: expect.any(Date) });
  });

  it("believes neither a callback's amount nor a status result that answers no query of the shop's, for a push Daraja says was paid", async () => {
    const phone = newPhone();
    // Daraja's own callback never comes: the forged one is the only callback.
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const { orderId, checkoutRequestId, attemptId, total, forge } = await mpesaOrder(phone);
    await waitFor('the sandbox to finish the push', () => stack.sandbox.daraja.transaction(checkoutRequestId)?.state === 'finished');

    const forgedReceipt = testReceipt();
    await forge(stkCallbackBody({ checkoutRequestId, amount: 1, receipt: forgedReceipt, phone }));
    // Paid, as Daraja's query says; receipt and amount from the Transaction Status API, not the callback.
    const { receipt } = stack.sandbox.daraja.transaction(checkoutRequestId)!;
    const settled = await kit.waitForOrder(orderId, (state) => state.payment.providerReceipt !== null);
    expect(settled.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: receipt, amountReceived: null, refundDue: null });
    expect(receipt).not.toBe(forgedReceipt);

    // A status result naming another ConversationID than Daraja gave the shop, claiming 1 KES, is set aside.
    const attempt = await attemptOf(attemptId);
    const [genuine] = await stack.dataSource
      .getRepository(PaymentCallback)
      .find({ where: { attemptKey: attempt.callbackKey, deliveryKey: Like('status:%') } });
    const forgedResult = (genuine!.payload as { body: string }).body
      .replace(/"ConversationID":"[^"]+"/, '"ConversationID":"AG_20261124_forged"')
      .replace(/("Key":"Amount","Value":)\d+/, '$11');
    await request(stack.server)
      .post(ORDER_API.mpesaStatusResult(stack.config.MPESA_CALLBACK_TOKEN, attempt.callbackKey))
      .set('content-type', 'application/json')
      .send(forgedResult)
      .expect(200);
    await waitFor(
      'the forged result to be processed',
      async () =>
        (await stack.dataSource.getRepository(PaymentCallback).findOneBy({ deliveryKey: 'status:AG_20261124_forged' }))?.processedAt,
    );
    expect((await kit.stateOf(orderId)).payment).toMatchObject({
      status: 'paid',
      providerReceipt: receipt,
      amountReceived: null,
      refundDue: null,
      amount: total,
    });
  });

  it('pays from a genuine callback once the query agrees, recording when Daraja confirmed it', async () => {
    const { orderId, checkoutRequestId, attemptId } = await mpesaOrder(newPhone());
    const settled = await kit.waitForOrder(orderId);
    const { receipt } = stack.sandbox.daraja.transaction(checkoutRequestId)!;
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: receipt });
    const attempt = await attemptOf(attemptId);
    expect(attempt).toMatchObject({ state: 'settled', resultCode: 0, receipt });
    // Confirmed after the push was recorded, as Daraja answered the query.
    expect(attempt.confirmedAt!.getTime()).toBeGreaterThanOrEqual(attempt.createdAt.getTime());
  });
});
