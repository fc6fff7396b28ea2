import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES, type PaypalCaptureJob } from '@shop/contracts';
import { Payment, PaymentCallback } from '@shop/db';
import { parseWebhookEvent, PaypalClient, PaypalError, type PaypalMoney } from '@shop/payments';
import type { OrderUpdate } from '../orders/order-updates.js';
import { PaymentSettlement, type PaymentOutcome } from './payment-settlement.service.js';

/** How the api keeps a PayPal delivery (api/src/payment-callbacks), stored only once PayPal verified it. */
interface StoredPaypalWebhook {
  body: string;
}

function paidWith(captureId: string, amount: PaypalMoney | undefined): PaymentOutcome {
  return { kind: 'paid', receipt: captureId, ...(amount ? { received: { currency: amount.currency, value: Number(amount.value) } } : {}) };
}

/** Only PayPal failing or not answering may pass on a retry; a refusal says the same again. */
function retryOrGiveUp(error: unknown, what: string): never {
  if (error instanceof PaypalError && !error.retryable) throw new UnrecoverableError(`PayPal refuses ${what}: ${error.message}`);
  throw error;
}

/** `paypal.capture` and `paypal.webhook`: PayPal's word on an order becomes the payment's outcome. */
@Injectable()
export class PaypalPayments {
  private readonly logger = new Logger(PaypalPayments.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settlement: PaymentSettlement,
    private readonly paypal: PaypalClient,
  ) {}

  /**
   * Captures the approved order. The PayPal-Request-Id names the payment and the shopper's attempt,
   * so a retried job (a crash, a timeout) repeats the same capture and PayPal charges once.
   */
  async capture({ paymentId, attempt }: PaypalCaptureJob): Promise<OrderUpdate | null> {
    const payment = await this.dataSource.getRepository(Payment).findOneBy({ id: paymentId, method: 'paypal' });
    // Paid, or closed (the order expired): no capture. A later attempt of the shopper's has its own job.
    if (!payment?.providerReference || payment.status !== 'pending' || attempt < payment.captureAttempts) return null;
    const orderId = payment.providerReference;
    const result = await this.paypal
      .captureOrder(orderId, `capture-${paymentId}-${attempt}`)
      .catch((error: unknown) => retryOrGiveUp(error, `the capture of ${orderId}`));
    switch (result.outcome) {
      case 'completed':
        return this.settlement.settle(paymentId, paidWith(result.captureId, result.amount));
      case 'already-captured': {
        const order = await this.paypal.getOrder(orderId).catch((error: unknown) => retryOrGiveUp(error, `reading ${orderId}`));
        if (order.captureStatus !== 'COMPLETED' || !order.captureId)
          throw new Error(`PayPal says ${orderId} is captured but shows capture status ${order.captureStatus ?? 'none'}`);
        return this.settlement.settle(paymentId, paidWith(order.captureId, order.amount));
      }
      case 'pending':
        // PayPal holds the money for review; its PAYMENT.CAPTURE.COMPLETED or DENIED event for this
        // capture settles the payment, so the capture's id is kept to know that event when it comes.
        this.logger.log(`PayPal holds capture ${result.captureId} of ${orderId} for review`);
        await this.dataSource.getRepository(Payment).update({ id: paymentId, status: 'pending' }, { providerReceipt: result.captureId });
        return null;
      case 'declined':
        return this.settlement.settle(paymentId, { kind: 'declined', reason: MESSAGES.payment.paypalDeclined });
      case 'not-approved':
        return this.settlement.settle(paymentId, { kind: 'declined', reason: MESSAGES.payment.paypalCancelled });
    }
  }

  /**
   * A webhook is a backstop for the capture job. The api stored it only once PayPal confirmed its
   * signature; it is settled like a capture's answer. Events for an order the shop does not know yet are retried.
   */
  async webhook(callbackId: number): Promise<OrderUpdate | null> {
    const callback = await this.dataSource.getRepository(PaymentCallback).findOneBy({ id: callbackId, provider: 'paypal' });
    if (!callback) throw new UnrecoverableError(`PayPal webhook ${callbackId} does not exist`);
    if (callback.processedAt) return null;
    const markProcessed = (manager: EntityManager) => manager.update(PaymentCallback, { id: callbackId }, { processedAt: new Date() });

    const event = parseWebhookEvent((callback.payload as StoredPaypalWebhook).body);
    // Verified, but not an event about a capture of ours.
    if (!event) {
      await markProcessed(this.dataSource.manager);
      return null;
    }
    const payment = await this.dataSource.getRepository(Payment).findOneBy({ method: 'paypal', providerReference: event.orderId });
    if (!payment) throw new Error(`No PayPal payment has order id ${event.orderId} yet`);
    if (event.eventType !== 'PAYMENT.CAPTURE.COMPLETED' && payment.providerReceipt !== event.captureId) {
      // A denial of a capture the shop is not waiting on: the capture job reported that declined card
      // already, and the shopper may be paying with another one now, which this must not overrule.
      await markProcessed(this.dataSource.manager);
      return null;
    }
    const outcome: PaymentOutcome =
      event.eventType === 'PAYMENT.CAPTURE.COMPLETED'
        ? paidWith(event.captureId, event.amount)
        : { kind: 'declined', reason: MESSAGES.payment.paypalDeclined };
    return this.settlement.settle(payment.id, outcome, markProcessed);
  }
}
