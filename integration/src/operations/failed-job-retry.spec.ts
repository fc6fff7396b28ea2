import request from 'supertest';
import { OPS_API, ORDER_API } from '@shop/contracts';
import { inTransaction, MpesaAttempt, PaymentCallback, recordEvent } from '@shop/db';
import { createTestProduct, waitFor, type Shopper } from '@shop/testing';
import { paymentKit, stkCallbackBody, testReceipt, type PaymentKit } from '../payments/payment-test-kit.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';

describe("the console's Retry on a payments job whose order changed since it failed", () => {
  let stack: ShopStack;
  let kit: PaymentKit;
  let admin: Shopper;

  beforeAll(async () => {
    // Every outcome here comes from the callbacks the test sends.
    stack = await startShopStack({ config: { MPESA_RECONCILE_DELAY_MS: '600000' } });
    kit = paymentKit(stack);
    admin = await kit.shopper('admin');
  });
  afterAll(async () => {
    kit?.closeSockets();
    await stack?.close();
  });

  it('completes the job and changes nothing: the order stays paid and in process, its stock and history as they were', async () => {
    const phone = kit.newPhone();
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { drop: true });
    const product = await createTestProduct(stack.dataSource, { price: 900, totalStock: 4 });
    const { shopper, address } = await kit.shopperWithCart([[product, 2]], phone);
    const { orderId, checkoutRequestId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body
      .data as { orderId: number; checkoutRequestId: string };

    // "Cancelled by the shopper" arrives at the key-less callback path of a push whose answer is not
    // stored: nothing names its attempt, every try fails and the job ends in the failed set.
    await stack.dataSource.query('UPDATE `payments` SET `providerReference` = NULL WHERE `orderId` = ?', [orderId]);
    await stack.dataSource.getRepository(MpesaAttempt).update({ orderId }, { state: 'sending', checkoutRequestId: null });
    await kit.postMpesaCallback(stkCallbackBody({ checkoutRequestId, resultCode: 1032 })).expect(200);
    const [cancelled] = await kit.callbacksFor(checkoutRequestId);
    const job = await kit.jobOfCallback(cancelled!.id);
    await waitFor(
      'the job to fail for good',
      async () => {
        const current = (await kit.queue('payments').getJob(job.id!))!;
        const state = await current.getState();
        if (state === 'delayed') await current.promote();
        return state === 'failed';
      },
      30_000,
    );

    // Meanwhile the money arrives after all, and the admin moves the order on.
    await stack.dataSource.query('UPDATE `payments` SET `providerReference` = ? WHERE `orderId` = ?', [checkoutRequestId, orderId]);
    await stack.dataSource.getRepository(MpesaAttempt).update({ orderId }, { state: 'pushed', checkoutRequestId });
    await inTransaction(stack.dataSource, async (manager) => {
      const paid = await manager.save(PaymentCallback, {
        provider: 'mpesa',
        deliveryKey: `${checkoutRequestId}-paid`,
        providerReference: checkoutRequestId,
        payload: {
          body: JSON.stringify(
            stkCallbackBody({ checkoutRequestId, amount: 2 * 900 + address.deliveryFee, receipt: testReceipt(), phone }),
          ),
        },
        processedAt: null,
      });
      await recordEvent(manager, 'mpesa.callback', { callbackId: paid.id });
    });
    await kit.waitForOrder(orderId);
    const browser = await kit.browserOf(shopper.cookie);
    await request(stack.server)
      .put(ORDER_API.adminUpdateOrder(orderId))
      .set('Cookie', admin.cookie)
      .send({ orderStatus: 'inProcess' })
      .expect(200);
    const before = await kit.stateOf(orderId);
    expect(before.order).toMatchObject({ orderStatus: 'inProcess', paymentStatus: 'paid' });
    await waitFor("the admin's change at the shopper", () => browser.orderUpdates.some((event) => event.orderStatus === 'inProcess'));
    browser.orderUpdates.length = 0;

    await request(stack.server).post(OPS_API.retryFailedJob('payments', job.id!)).set('Cookie', admin.cookie).expect(200);

    await waitFor(
      'the retried job to complete',
      async () => (await (await kit.queue('payments').getJob(job.id!))!.getState()) === 'completed',
      15_000,
    );
    const after = await kit.stateOf(orderId);
    expect(after.order).toEqual(before.order);
    expect(after.payment).toEqual(before.payment);
    expect(after.history).toEqual(before.history);
    expect(await kit.stockOf(product)).toBe(2);
    expect((await stack.dataSource.getRepository(PaymentCallback).findOneByOrFail({ id: cancelled!.id })).processedAt).toBeInstanceOf(Date);
    // A job that changed nothing announces nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(browser.orderUpdates.filter((event) => event.orderId === orderId)).toEqual([]);
  });
});
