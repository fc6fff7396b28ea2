import { setTimeout } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import { JOBS, type MpesaReconcileJob } from '@shop/contracts';
import type { AppConfig } from '@shop/config';
import { Payment, PaymentCallback, recordEvent } from '@shop/db';
import { DarajaClient, DarajaError, mpesaFailureReason, parseStkCallback, type StkCallback } from '@shop/payments';
import { APP_CONFIG } from '@shop/infrastructure';
import type { OrderUpdate } from '../orders/order-updates.js';
import { PaymentSettlement, type PaymentOutcome } from './payment-settlement.service.js';

/** How often, and how far apart, a callback looks for a push whose answer the api is still storing. */
const EARLY_CALLBACK_LOOKS = 5;
const EARLY_CALLBACK_LOOK_INTERVAL_MS = 50;

/** STK queries per payment, the first included; the waits between them double (docs/payments.md). */
export const RECONCILE_QUERIES = 6;

/**
 * Whether the number Daraja reports is the one the push went to. Daraja may mask digits
 * (2547****149): only the digits it shows are compared.
 */
export function phonesAgree(pushedTo: string, reported: string): boolean {
  const shown = reported.replace(/\s/g, '');
  return shown.length === pushedTo.length && [...shown].every((digit, index) => digit === '*' || digit === pushedTo[index]);
}

/** The api keeps the text Daraja sent (api/src/payment-callbacks). */
function bodyOf(stored: unknown): unknown {
  try {
    return JSON.parse((stored as { body: string }).body) as unknown;
  } catch {
    return undefined;
  }
}

function outcomeOf(callback: StkCallback): PaymentOutcome {
  if (callback.resultCode !== 0 || !callback.metadata) return { kind: 'failed', reason: mpesaFailureReason(callback.resultCode) };
  return { kind: 'paid', receipt: callback.metadata.receipt, received: { currency: 'KES', value: callback.metadata.amount } };
}

/** Daraja's answers that another try may change: no answer, an unreadable one, or its servers failing. */
function mayPassOnRetry(error: unknown): boolean {
  return !(error instanceof DarajaError) || error.outcomeUnknown || error.status === null || error.status >= 500;
}

/** `mpesa.callback` and `mpesa.reconcile`: what Daraja says of an STK push becomes the payment's outcome. */
@Injectable()
export class MpesaPayments {
  private readonly logger = new Logger(MpesaPayments.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settlement: PaymentSettlement,
    private readonly daraja: DarajaClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async paymentPushedAs(checkoutRequestId: string): Promise<Payment | null> {
    for (let look = 0; ; look += 1) {
      const payment = await this.dataSource.getRepository(Payment).findOneBy({ method: 'mpesa', providerReference: checkoutRequestId });
      if (payment || look === EARLY_CALLBACK_LOOKS) return payment;
      await setTimeout(EARLY_CALLBACK_LOOK_INTERVAL_MS);
    }
  }

  async callback(callbackId: number): Promise<OrderUpdate | null> {
    const callback = await this.dataSource.getRepository(PaymentCallback).findOneBy({ id: callbackId });
    if (!callback) throw new UnrecoverableError(`M-Pesa callback ${callbackId} does not exist`);
    if (callback.processedAt) return null;
    const markProcessed = (manager: EntityManager) => manager.update(PaymentCallback, { id: callbackId }, { processedAt: new Date() });

    // The api queues only well-formed bodies; one that is not is kept as it is and touches nothing.
    const stk = parseStkCallback(bodyOf(callback.payload));
    if (!stk) {
      await markProcessed(this.dataSource.manager);
      return null;
    }
    // Daraja may call back before the api has stored the push's answer, which usually follows within
    // milliseconds: look again briefly before throwing, which makes BullMQ retry with its (seconds
    // long) backoff; after the last try the job waits in the failed set, its body kept.
    const payment = await this.paymentPushedAs(stk.checkoutRequestId);
    if (!payment) throw new Error(`No M-Pesa payment has CheckoutRequestID ${stk.checkoutRequestId} yet`);
    if (stk.metadata && payment.phone && !phonesAgree(payment.phone, stk.metadata.phone)) {
      // Not what Daraja would send for this push: the reconcile query, which asks Daraja itself, decides.
      this.logger.warn(`M-Pesa callback ${callbackId} reports phone ${stk.metadata.phone} for a push to another number; left to the STK query`);
      await markProcessed(this.dataSource.manager);
      return null;
    }
    return this.settlement.settle(payment.id, outcomeOf(stk), markProcessed);
  }

  /**
   * Asks Daraja how a push ended when no callback has settled it. Still pending: the next query is
   * queued, each wait twice the last, up to RECONCILE_QUERIES; after that the order's expiry
   * settles it. Never pushes again.
   */
  async reconcile({ paymentId, attempt = 0 }: MpesaReconcileJob): Promise<OrderUpdate | null> {
    const payment = await this.dataSource.getRepository(Payment).findOneBy({ id: paymentId });
    if (!payment || payment.status !== 'pending' || !payment.providerReference) return null;
    const result = await this.daraja.stkQuery(payment.providerReference).catch((error: unknown) => {
      if (mayPassOnRetry(error)) throw error;
      throw new UnrecoverableError(`Daraja refuses the STK query of payment ${paymentId}: ${(error as Error).message}`);
    });
    if (result.state === 'pending') {
      const next = attempt + 1;
      if (next < RECONCILE_QUERIES) {
        await this.dataSource.transaction((manager) => recordEvent(manager, JOBS.mpesaReconcile, { paymentId, attempt: next }, { delayMs: this.config.MPESA_RECONCILE_DELAY_MS * 2 ** next }));
      }
      return null;
    }
    // A query tells neither amount nor receipt: the push asked for the payment's amount, and a
    // callback arriving later brings the receipt.
    const outcome: PaymentOutcome = result.resultCode === 0 ? { kind: 'paid', receipt: null } : { kind: 'failed', reason: mpesaFailureReason(result.resultCode) };
    return this.settlement.settle(paymentId, outcome);
  }
}
