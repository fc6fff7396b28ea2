import type { Job } from 'bullmq';
import { MESSAGES } from '@shop/contracts';
import { MpesaAttempt, PaymentCallback } from '@shop/db';
import { DARAJA_TEST_NUMBERS } from '@shop/sandbox';
import { createTestProduct, waitFor } from '@shop/testing';
import { phonesAgree } from '../../../workers/src/payments/mpesa-payments.service.js';
import { SETTLEMENT_REASONS } from '../../../workers/src/payments/payment-settlement.service.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';
import { paymentKit, stkCallbackBody, testReceipt, type PaymentKit } from './payment-test-kit.js';

/** Well after the sandbox's callbacks (200 ms), so a callback that comes always comes first. */
const RECONCILE_DELAY_MS = 1000;

describe('M-Pesa attempt checks: asking Daraja when no callback settles a push', () => {
  let stack: ShopStack;
  let kit: PaymentKit;

  beforeAll(async () => {
    stack = await startShopStack({ config: { MPESA_RECONCILE_DELAY_MS: String(RECONCILE_DELAY_MS) } });
    kit = paymentKit(stack);
  });
  afterAll(async () => {
    kit?.closeSockets();
    await stack?.close();
  });

  async function mpesaOrder(phone: string, { price = 900 } = {}) {
    const product = await createTestProduct(stack.dataSource, { price, totalStock: 4 });
    const { shopper, address } = await kit.shopperWithCart([[product, 1]], phone);
    const { orderId, checkoutRequestId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body
      .data as { orderId: number; checkoutRequestId: string };
    const attempt = await stack.dataSource.getRepository(MpesaAttempt).findOneByOrFail({ orderId });
    return { product, shopper, orderId, checkoutRequestId, attempt, total: price + address.deliveryFee };
  }

  const checkJobsOf = async (attemptId: number) =>
    (await kit.queue('payments').getJobs(['completed', 'active', 'waiting', 'delayed', 'failed'])).filter(
      (job: Job) => job.name === 'mpesa.reconcile' && (job.data as { attemptId: number }).attemptId === attemptId,
    );
  const attemptOf = (orderId: number) => stack.dataSource.getRepository(MpesaAttempt).findOneByOrFail({ orderId });

  it('learns from the query that an unreachable phone (1037, no callback) did not pay, asking again while Daraja still processes', async () => {
    // Daraja answers "being processed" for a while before it gives up on the phone.
    stack.sandbox.daraja.setCallbackBehaviour({ phone: DARAJA_TEST_NUMBERS.unreachable }, { extraDelayMs: 1500 });
    const { product, orderId, checkoutRequestId, attempt } = await mpesaOrder(DARAJA_TEST_NUMBERS.unreachable);
    expect(await kit.stockOf(product)).toBe(3);

    const settled = await kit.waitForOrder(orderId);
    expect(settled.payment).toMatchObject({ status: 'failed', failureReason: MESSAGES.payment.mpesaUnreachable, providerReceipt: null });
    expect(settled.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
    expect(settled.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'cancelled', reason: MESSAGES.payment.mpesaUnreachable });
    expect(await kit.stockOf(product)).toBe(4);
    expect(await attemptOf(orderId)).toMatchObject({ state: 'settled', resultCode: 1037, nextCheckAt: null });

    // One job per claim of the sweep, numbered in turn.
    const checks = (await checkJobsOf(attempt.id)).map((job) => job.id).sort();
    expect(checks.length).toBeGreaterThanOrEqual(2);
    expect(checks).toEqual(checks.map((_id, index) => `reconcile-${attempt.id}-${index + 1}`));
    // Never a second push, and Daraja never called back.
    const pushes = stack.sandbox.daraja.transactions().filter((transaction) => transaction.accountReference === `TD${orderId}`);
    expect(pushes.map((transaction) => transaction.checkoutRequestId)).toEqual([checkoutRequestId]);
    expect(pushes[0]!.deliveries).toEqual([]);
    stack.sandbox.daraja.setCallbackBehaviour({ phone: DARAJA_TEST_NUMBERS.unreachable }, {});
  });

  it('settles a paid push whose callback never came, then fetches its receipt from the Transaction Status API', async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const { shopper, orderId, checkoutRequestId } = await mpesaOrder(phone);

    const settled = await kit.waitForOrder(orderId);
    expect(settled.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(settled.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'confirmed', reason: SETTLEMENT_REASONS.paid });
    expect(await kit.cartOf(shopper.id)).toEqual([]);

    const { receipt, statusQueries } = stack.sandbox.daraja.transaction(checkoutRequestId)!;
    const completed = await kit.waitForOrder(orderId, (state) => state.payment.providerReceipt !== null);
    expect(completed.payment.providerReceipt).toBe(receipt);
    expect(completed.history).toEqual(settled.history);
    expect(stack.sandbox.daraja.transaction(checkoutRequestId)!.statusQueries.length).toBeGreaterThanOrEqual(
      Math.max(1, statusQueries.length),
    );
    expect(await attemptOf(orderId)).toMatchObject({ state: 'settled', resultCode: 0, receipt, nextCheckAt: null });
  });

  it('takes the receipt from a callback that comes late when the Transaction Status results do not arrive', async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true, dropStatusResults: true });
    const { orderId, checkoutRequestId } = await mpesaOrder(phone);
    const settled = await kit.waitForOrder(orderId);
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: null });
    await waitFor('a status query', () => stack.sandbox.daraja.transaction(checkoutRequestId)!.statusQueries.length > 0);

    const { receipt } = await stack.sandbox.daraja.sendCallbackNow(checkoutRequestId);
    const completed = await kit.waitForOrder(orderId, (state) => state.payment.providerReceipt !== null);
    expect(completed.payment.providerReceipt).toBe(receipt);
    expect(completed.history).toEqual(settled.history);
    expect(await attemptOf(orderId)).toMatchObject({ receipt, nextCheckAt: null });
  });

  it('flags a payment the query confirmed when M-Pesa then reports another amount: order cancelled, units back, refund due, admins alerted', async () => {
    const admin = await kit.shopper('admin');
    const adminBrowser = await kit.browserOf(admin.cookie);
    const phone = kit.newPhone();
    const product = await createTestProduct(stack.dataSource, { price: 1450, totalStock: 2 });
    const { shopper, address } = await kit.shopperWithCart([[product, 1]], phone);
    const total = 1450 + address.deliveryFee;
    // Daraja's query knows no amount: only the Transaction Status result tells that 7 KES came.
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true, amount: 7 });
    const { orderId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
    };

    const flagged = await kit.waitForOrder(orderId, (state) => state.payment.amountReceived !== null);
    const message = MESSAGES.paymentAttention.amountMismatch(7, total, true);
    expect(flagged.payment).toMatchObject({
      status: 'failed',
      failureReason: MESSAGES.payment.amountMismatch,
      amountReceived: 7,
      refundDue: 7,
      providerReceipt: expect.any(String),
    });
    expect(flagged.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
    expect(flagged.history.slice(-2)).toEqual([
      { fromStatus: 'pending', toStatus: 'confirmed', reason: SETTLEMENT_REASONS.paid },
      { fromStatus: 'confirmed', toStatus: 'cancelled', reason: message },
    ]);
    expect(await kit.stockOf(product)).toBe(2);
    expect(
      await waitFor('the admins to be alerted', () => adminBrowser.paymentAttention.find((event) => event.orderId === orderId)),
    ).toMatchObject({ kind: 'amountMismatch', message });
  });

  it("does not believe a callback reporting another phone: Daraja's own answers settle the payment and give its receipt", async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const { orderId, checkoutRequestId, total } = await mpesaOrder(phone);

    const otherPhone = `${phone.slice(0, -1)}${phone.endsWith('9') ? '8' : '9'}`;
    const forgedReceipt = testReceipt();
    await kit
      .postMpesaCallback(stkCallbackBody({ checkoutRequestId, amount: total, receipt: forgedReceipt, phone: otherPhone }))
      .expect(200);
    await waitFor(
      'the callback to be processed',
      async () =>
        (await stack.dataSource.getRepository(PaymentCallback).findOneByOrFail({ deliveryKey: checkoutRequestId })).processedAt !== null,
    );

    const settled = await kit.waitForOrder(orderId, (state) => state.payment.providerReceipt !== null);
    expect(settled.order.orderStatus).toBe('confirmed');
    expect(settled.payment.providerReceipt).toBe(stack.sandbox.daraja.transaction(checkoutRequestId)!.receipt);
    expect(settled.payment.providerReceipt).not.toBe(forgedReceipt);
  });

  it('settles from a stored callback whose job was lost (Redis restarted before it ran)', async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true, dropStatusResults: true });
    const { orderId, checkoutRequestId, attempt, total } = await mpesaOrder(phone);
    const receipt = testReceipt();
    // Stored by the api, but its outbox event never became a job.
    await stack.dataSource.getRepository(PaymentCallback).insert({
      provider: 'mpesa',
      deliveryKey: checkoutRequestId,
      providerReference: checkoutRequestId,
      attemptKey: attempt.callbackKey,
      payload: { body: JSON.stringify(stkCallbackBody({ checkoutRequestId, amount: total, receipt, phone })) },
    });

    const settled = await kit.waitForOrder(orderId, (state) => state.payment.providerReceipt !== null);
    expect(settled.order.orderStatus).toBe('confirmed');
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: receipt });
    expect((await kit.callbacksFor(checkoutRequestId))[0]!.processedAt).toBeInstanceOf(Date);
  });

  it('changes nothing when a check comes after a callback has settled the push', async () => {
    const { orderId, attempt } = await mpesaOrder(kit.newPhone());
    const paid = await kit.waitForOrder(orderId);
    expect(paid.payment.providerReceipt).toEqual(expect.any(String));
    expect(await attemptOf(orderId)).toMatchObject({ state: 'settled', nextCheckAt: null });

    // As if a check had been claimed just before the callback settled it.
    await stack.dataSource.getRepository(MpesaAttempt).update({ id: attempt.id }, { nextCheckAt: new Date() });
    await waitFor('the check to run', async () => (await checkJobsOf(attempt.id)).some((job) => job.finishedOn !== undefined));
    const [job] = await checkJobsOf(attempt.id);
    expect(job!.returnvalue).toBe('no change');
    expect(await kit.stateOf(orderId)).toEqual(paid);
    expect((await attemptOf(orderId)).nextCheckAt).toBeNull();
  });
});

describe('phonesAgree', () => {
  it.each([
    ['254708374149', '254708374149', true],
    ['254708374149', '2547****4149', true],
    ['254708374149', '2547 **** 4149', true],
    ['254708374149', '254708374148', false],
    ['254708374149', '2547****4148', false],
    ['254708374149', '254708374', false],
    ['254708374149', '', false],
  ])('the push went to %s, Daraja reports %s: %s', (pushedTo, reported, agree) => {
    expect(phonesAgree(pushedTo, reported)).toBe(agree);
  });
});
