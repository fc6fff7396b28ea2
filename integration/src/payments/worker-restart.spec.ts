import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Job } from 'bullmq';
import type { AppConfig } from '@shop/config';
import { Payment } from '@shop/db';
import { createTestProduct, waitFor } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../../../api/src/testing/payment-stack.js';
import { PAYMENT_JOB_LOCK, PaymentsProcessor } from '../../../workers/src/payments/payments.processor.js';
import { WorkersModule } from '../../../workers/src/workers.module.js';
import { paymentKit, type PaymentKit } from './payment-test-kit.js';

async function startWorkers(config: AppConfig): Promise<INestApplication> {
  const workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
  await workers.init();
  return workers;
}

describe('a payments worker killed in the middle of a job', () => {
  let stack: PaymentStack;
  let workers: INestApplication;
  let kit: PaymentKit;

  beforeAll(async () => {
    stack = await startPaymentStack({ config: { MPESA_RECONCILE_DELAY_MS: '600000' } });
    workers = await startWorkers(stack.config);
    kit = paymentKit(stack, () => workers);
  });
  afterAll(async () => {
    await workers?.close();
    await stack?.close();
  });

  /**
   * Holds the shopper's cart lines so that the job stops at the end of its settlement, after the
   * provider has answered and with the payment's changes not yet committed; then kills the worker
   * as a crash would: its BullMQ worker stops without finishing the job, and its database
   * connection dies, rolling the settlement back.
   */
  async function killWorkerInsideSettlement(userId: number, jobName: string, start?: () => Promise<unknown>): Promise<Job> {
    const holder = stack.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(
        'SELECT `line`.`id` FROM `cart_items` `line` JOIN `carts` `cart` ON `cart`.`id` = `line`.`cartId` WHERE `cart`.`userId` = ? FOR UPDATE',
        [userId],
      );
      await start?.();
      const waiting = await waitFor('the job to wait for the cart', async () => {
        const [row] = await stack.dataSource.query<{ id: number }[]>(
          "SELECT `ID` AS `id` FROM `information_schema`.`PROCESSLIST` WHERE `DB` = DATABASE() AND `ID` <> CONNECTION_ID() AND `INFO` LIKE 'DELETE `line` FROM `cart_items`%'",
        );
        return row;
      });
      const job = (await kit.queue('payments').getActive()).find((candidate) => candidate.name === jobName)!;
      expect(job).toBeDefined();

      await workers.get(PaymentsProcessor).worker.close(true);
      await stack.dataSource.query(`KILL ${Number(waiting.id)}`);
      await workers.close();
      return job;
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
  }

  it('repeats a PayPal capture under the same PayPal-Request-Id: one capture, one payment', async () => {
    // The capture job alone must settle this order: no webhook backstop.
    stack.sandbox.paypal.setWebhookDelivery({ copies: 0 });
    const product = await createTestProduct(stack.dataSource, { price: 3000, totalStock: 2 });
    const { shopper, address } = await kit.shopperWithCart([[product, 1]]);
    const { orderId } = (await kit.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const paypalOrderId = (await kit.stateOf(orderId)).payment.providerReference!;
    stack.sandbox.paypal.approve(paypalOrderId);

    const killed = await killWorkerInsideSettlement(shopper.id, 'paypal.capture', () =>
      kit.capture(shopper, { orderId, token: paypalOrderId }).expect(202),
    );
    const captureId = stack.sandbox.paypal.order(paypalOrderId)!.captureId;
    expect(captureId).toEqual(expect.any(String));
    expect((await kit.stateOf(orderId)).payment).toMatchObject({ status: 'pending', providerReceipt: null });

    workers = await startWorkers(stack.config);
    const settled = await kit.waitForOrder(orderId, undefined, PAYMENT_JOB_LOCK.lockDuration + 3 * PAYMENT_JOB_LOCK.stalledInterval);
    expect(settled.payment).toMatchObject({ status: 'paid', providerReceipt: captureId, captureAttempts: 1 });
    expect(settled.order.orderStatus).toBe('confirmed');
    expect(settled.history.filter((change) => change.toStatus === 'confirmed')).toHaveLength(1);
    expect(await stack.dataSource.getRepository(Payment).countBy({ orderId })).toBe(1);
    expect(stack.sandbox.paypal.order(paypalOrderId)).toMatchObject({ status: 'COMPLETED', captureId });
    const retried = (await kit.queue('payments').getJob(killed.id!))!;
    expect(retried.stalledCounter).toBe(1);
    expect(await retried.getState()).toBe('completed');
    stack.sandbox.paypal.setWebhookDelivery({ copies: 1 });
  }, 60_000);

  it('applies an M-Pesa callback whose worker died: the same receipt, once', async () => {
    const phone = kit.newPhone();
    // Time to hold the cart between the api's answer and the callback.
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { extraDelayMs: 500 });
    const product = await createTestProduct(stack.dataSource, { price: 500, totalStock: 2 });
    const { shopper, address } = await kit.shopperWithCart([[product, 1]], phone);
    const { orderId, checkoutRequestId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body
      .data as { orderId: number; checkoutRequestId: string };

    const killed = await killWorkerInsideSettlement(shopper.id, 'mpesa.callback');
    expect((await kit.stateOf(orderId)).payment.status).toBe('pending');

    workers = await startWorkers(stack.config);
    const settled = await kit.waitForOrder(orderId, undefined, PAYMENT_JOB_LOCK.lockDuration + 3 * PAYMENT_JOB_LOCK.stalledInterval);
    expect(settled.payment).toMatchObject({
      status: 'paid',
      providerReceipt: stack.sandbox.daraja.transaction(checkoutRequestId)!.receipt,
    });
    expect(settled.history.filter((change) => change.toStatus === 'confirmed')).toHaveLength(1);
    expect(await kit.callbacksFor(checkoutRequestId)).toHaveLength(1);
    const retried = (await kit.queue('payments').getJob(killed.id!))!;
    expect(retried.stalledCounter).toBe(1);
    expect(await retried.getState()).toBe('completed');
  }, 60_000);
});
