import type { Job } from 'bullmq';
import { MESSAGES } from '@shop/contracts';
import { DARAJA_TEST_NUMBERS } from '@shop/sandbox';
import { createTestProduct, waitFor } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../../../api/src/testing/payment-stack.js';
import { PaymentCallback } from '@shop/db';
import { RECONCILE_QUERIES, phonesAgree } from './mpesa-payments.service.js';
import { SETTLEMENT_REASONS } from './payment-settlement.service.js';
import { paymentKit, stkCallbackBody, testReceipt, type PaymentKit } from './payment-test-kit.js';

/** Well after the sandbox's callbacks (200 ms), so a callback that comes always comes first. */
const RECONCILE_DELAY_MS = 1000;

describe('M-Pesa reconcile: asking Daraja when no callback settles a payment', () => {
  let stack: PaymentStack;
  let kit: PaymentKit;

  beforeAll(async () => {
    stack = await startPaymentStack({ workers: true, config: { MPESA_RECONCILE_DELAY_MS: String(RECONCILE_DELAY_MS) } });
    kit = paymentKit(stack);
  });
  afterAll(async () => {
    kit?.closeSockets();
    await stack?.close();
  });

  async function mpesaOrder(phone: string) {
    const product = await createTestProduct(stack.dataSource, { price: 900, totalStock: 4 });
    const { shopper, address } = await kit.shopperWithCart([[product, 1]]);
    const { orderId, checkoutRequestId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone }).expect(201)).body.data as { orderId: number; checkoutRequestId: string };
    const { payment } = await kit.stateOf(orderId);
    return { product, shopper, orderId, checkoutRequestId, paymentId: payment.id };
  }

  const reconcileJobsOf = async (paymentId: number) =>
    (await kit.queue('payments').getJobs(['completed', 'active', 'waiting', 'delayed', 'failed'])).filter((job: Job) => job.name === 'mpesa.reconcile' && (job.data as { paymentId: number }).paymentId === paymentId);

  it('learns from the query that an unreachable phone (1037, no callback) did not pay, asking again while Daraja still processes', async () => {
    // Daraja answers "being processed" for a while before it gives up on the phone.
    stack.sandbox.daraja.setCallbackBehaviour({ phone: DARAJA_TEST_NUMBERS.unreachable }, { extraDelayMs: 1500 });
    const { product, orderId, checkoutRequestId, paymentId } = await mpesaOrder(DARAJA_TEST_NUMBERS.unreachable);
    expect(await kit.stockOf(product)).toBe(3);

    const settled = await kit.waitForOrder(orderId);
    expect(settled.payment).toMatchObject({ status: 'failed', failureReason: MESSAGES.payment.mpesaUnreachable, providerReceipt: null });
    expect(settled.order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
    expect(settled.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'cancelled', reason: MESSAGES.payment.mpesaUnreachable });
    expect(await kit.stockOf(product)).toBe(4);

    const attempts = (await reconcileJobsOf(paymentId)).map((job) => (job.data as { attempt?: number }).attempt ?? 0).sort();
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.length).toBeLessThanOrEqual(RECONCILE_QUERIES);
    expect(attempts).toEqual(attempts.map((_attempt, index) => index));
    // Never a second push, and Daraja never called back.
    const pushes = stack.sandbox.daraja.transactions().filter((transaction) => transaction.accountReference === `TD${orderId}`);
    expect(pushes.map((transaction) => transaction.checkoutRequestId)).toEqual([checkoutRequestId]);
    expect(pushes[0]!.deliveries).toEqual([]);
    stack.sandbox.daraja.setCallbackBehaviour({ phone: DARAJA_TEST_NUMBERS.unreachable }, {});
  });

  it('settles a paid push whose callback never came, and takes the receipt from the callback when it comes late', async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const { shopper, orderId, checkoutRequestId } = await mpesaOrder(phone);

    const settled = await kit.waitForOrder(orderId);
    expect(settled.order).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: null });
    expect(settled.history.at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'confirmed', reason: SETTLEMENT_REASONS.paid });
    expect(await kit.cartOf(shopper.id)).toEqual([]);

    const { receipt } = await stack.sandbox.daraja.sendCallbackNow(checkoutRequestId);
    const completed = await kit.waitForOrder(orderId, (state) => state.payment.providerReceipt !== null);
    expect(completed.payment.providerReceipt).toBe(receipt);
    expect(completed.history).toEqual(settled.history);
    expect(completed.order.updatedAt).toEqual(settled.order.updatedAt);
  });

  it("does not believe a callback reporting another phone: Daraja's own answer to the query settles the payment", async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const { orderId, checkoutRequestId } = await mpesaOrder(phone);
    const { payment } = await kit.stateOf(orderId);

    const otherPhone = `${phone.slice(0, -1)}${phone.endsWith('9') ? '8' : '9'}`;
    await kit.postMpesaCallback(stkCallbackBody({ checkoutRequestId, amount: payment.amount, receipt: testReceipt(), phone: otherPhone })).expect(200);
    await waitFor('the callback to be processed', async () => (await stack.dataSource.getRepository(PaymentCallback).findOneByOrFail({ deliveryKey: checkoutRequestId })).processedAt !== null);

    // Paid by the query, which knows no receipt: the callback's was not taken.
    const settled = await kit.waitForOrder(orderId);
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: null });
    expect(settled.order.orderStatus).toBe('confirmed');
  });

  it('changes nothing when the query comes after a callback has settled the payment', async () => {
    const { orderId, paymentId } = await mpesaOrder(kit.newPhone());
    const paid = await kit.waitForOrder(orderId);
    expect(paid.payment.providerReceipt).toEqual(expect.any(String));

    await waitFor('the reconcile job to finish', async () => (await reconcileJobsOf(paymentId)).some((job) => job.finishedOn !== undefined));
    const [job] = await reconcileJobsOf(paymentId);
    expect(job!.returnvalue).toBe('no change');
    expect(await kit.stateOf(orderId)).toEqual(paid);
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
