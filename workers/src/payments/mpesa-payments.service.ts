import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { MESSAGES, ORDER_API } from '@shop/contracts';
import { inTransaction, LIVE_MPESA_ATTEMPT_STATES, MpesaAttempt, Order, Payment, PaymentCallback } from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';
import {
  DarajaClient,
  DarajaError,
  mpesaFailureReason,
  parseStkCallback,
  parseTransactionStatusResult,
  type StkCallback,
  type StkQueryResult,
} from '@shop/payments';
import type { OrderUpdate } from '../orders/order-updates.js';
import { PaymentSettlement, type PaymentOutcome } from './payment-settlement.service.js';

/** The longest wait between two checks of a live attempt, and between the checks of one whose outcome is unknown. */
const MAX_CHECK_INTERVAL_MS = 10 * 60_000;
const UNKNOWN_RECHECK_INTERVAL_MS = 60 * 60_000;
/** Checks of an attempt, all kinds (the sweep counts them): after these, Daraja will not tell more (its records of a push do not last). */
export const MAX_ATTEMPT_CHECKS = 40;
/** Transaction Status remarks (Daraja requires some). */
const STATUS_REMARKS = 'Toy Duka receipt lookup';

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

/**
 * What the payment became, as Daraja's STK query tells it: the query decides paid or failed, and a
 * callback that agrees it was paid brings the receipt and the amount the query does not know.
 */
function confirmedOutcome(callback: StkCallback | null, query: { resultCode: number }): PaymentOutcome {
  if (query.resultCode !== 0) return { kind: 'failed', reason: mpesaFailureReason(query.resultCode) };
  const claimed = callback?.resultCode === 0 ? callback.metadata : undefined;
  return claimed
    ? { kind: 'paid', receipt: claimed.receipt, received: { currency: 'KES', value: claimed.amount } }
    : { kind: 'paid', receipt: null };
}

/** Daraja has not finished the push a callback reports on: the callback waits, unprocessed, for its outcome. */
class StillProcessing extends Error {}

/** Daraja's answers that another try may change: no answer, an unreadable one, or its servers failing. */
function mayPassOnRetry(error: unknown): boolean {
  return !(error instanceof DarajaError) || error.outcomeUnknown || error.status === null || error.status >= 500;
}

const markProcessed = (callbackId: number) => (manager: EntityManager) =>
  manager.update(PaymentCallback, { id: callbackId }, { processedAt: new Date() });

/**
 * What Daraja says of an STK push attempt becomes its payment's outcome: its callback
 * (`mpesa.callback`), its checks with the STK query (`mpesa.reconcile`, added by the sweep when
 * due) and, for a paid push without a receipt, the Transaction Status API's result
 * (`mpesa.status-result`). docs/payments.md, Attempts.
 */
@Injectable()
export class MpesaPayments {
  private readonly logger = new Logger(MpesaPayments.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settlement: PaymentSettlement,
    private readonly daraja: DarajaClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async callback(callbackId: number): Promise<OrderUpdate | null> {
    const callback = await this.dataSource.getRepository(PaymentCallback).findOneBy({ id: callbackId });
    if (!callback) throw new UnrecoverableError(`M-Pesa callback ${callbackId} does not exist`);
    if (callback.processedAt) return null;
    const done = markProcessed(callbackId);

    // The api queues only well-formed bodies; one that is not is kept as it is and touches nothing.
    const stk = parseStkCallback(bodyOf(callback.payload));
    if (!stk) {
      await done(this.dataSource.manager);
      return null;
    }
    const attempt = await this.attemptOf(callback.attemptKey, stk.checkoutRequestId);
    if (!attempt) {
      // A keyed URL names an attempt written before its push: no attempt means no push of ours.
      if (callback.attemptKey !== null) {
        this.logger.warn(`M-Pesa callback ${callbackId} names no attempt of the shop; ignored`);
        await done(this.dataSource.manager);
        return null;
      }
      // An older push's callback, found only by the CheckoutRequestID its answer stored: that may still be on its way.
      throw new Error(`No M-Pesa attempt has CheckoutRequestID ${stk.checkoutRequestId} yet`);
    }
    if (attempt.checkoutRequestId !== null && attempt.checkoutRequestId !== stk.checkoutRequestId) {
      this.logger.warn(
        `M-Pesa callback ${callbackId} reports ${stk.checkoutRequestId} for the attempt of ${attempt.checkoutRequestId}; ignored`,
      );
      await done(this.dataSource.manager);
      return null;
    }
    if (stk.metadata && !phonesAgree(attempt.phone, stk.metadata.phone)) {
      // Not what Daraja would send for this push: the STK query, which asks Daraja itself, decides.
      this.logger.warn(
        `M-Pesa callback ${callbackId} reports phone ${stk.metadata.phone} for a push to another number; left to the STK query`,
      );
      await done(this.dataSource.manager);
      return null;
    }
    // Whoever holds the callback URL could send this body: Daraja itself is asked before anything is
    // settled. Until it has an answer the callback stays unprocessed, tried again by this job's retries
    // and then by the attempt's checks, so an early forged "cancelled" never hides a later payment.
    const query = this.confirmed(attempt) ?? (await this.daraja.stkQuery(stk.checkoutRequestId));
    if (query.state === 'pending')
      throw new StillProcessing(`Daraja is still processing ${stk.checkoutRequestId}; its callback ${callbackId} waits for the outcome`);
    if (query.resultCode !== stk.resultCode) {
      this.logger.warn(
        `M-Pesa callback ${callbackId} reports ResultCode ${stk.resultCode} for ${stk.checkoutRequestId}; Daraja's STK query says ${query.resultCode}, which is what counts`,
      );
    } else if (query.resultCode === 0 && stk.metadata && stk.metadata.amount !== attempt.amount && this.config.MPESA_INITIATOR_NAME) {
      return this.awaitAmountFromDaraja(callbackId, attempt, stk.checkoutRequestId, query);
    }
    const outcome = confirmedOutcome(stk, query);
    return this.settlement.settle(attempt.paymentId, outcome, async (manager) => {
      await done(manager);
      await this.recordResult(manager, attempt, stk.checkoutRequestId, query, outcome.kind === 'paid' ? outcome.receipt : null);
    });
  }

  /**
   * One check of an attempt whose check is due: what Daraja knows of the push settles it, a paid
   * push without a receipt asks the Transaction Status API for it, and an attempt still unanswered
   * when its order's reservation ends is marked "outcome unknown" for a person, and checked on.
   */
  async check(attemptId: number): Promise<OrderUpdate | null> {
    const attempt = await this.dataSource.getRepository(MpesaAttempt).findOneBy({ id: attemptId });
    if (!attempt || attempt.nextCheckAt === null) return null;
    if (attempt.state === 'settled') return this.fetchReceipt(attempt);
    if (attempt.state === 'notPushed') return this.stopChecking(attempt);

    const reservationEndsAt = await this.reservationEndOf(attempt);
    // A callback stored while its job was lost (Redis restarted, say) tells more than a query.
    const unprocessed = await this.unprocessedCallbackOf(attempt);
    if (unprocessed) {
      return this.callback(unprocessed.id).catch((error: unknown) => {
        if (error instanceof StillProcessing) return this.notAnsweredYet(attempt, reservationEndsAt, { askable: true });
        throw error;
      });
    }
    // Daraja's answer to the push was lost and no callback came: there is nothing to ask it with.
    if (attempt.checkoutRequestId === null) return this.notAnsweredYet(attempt, reservationEndsAt, { askable: false });
    let result;
    try {
      result = await this.daraja.stkQuery(attempt.checkoutRequestId);
    } catch (error) {
      if (!mayPassOnRetry(error)) this.logger.error(`Daraja refuses the STK query of attempt ${attemptId}: ${(error as Error).message}`);
      const update = await this.notAnsweredYet(attempt, reservationEndsAt, { askable: true });
      if (update) return update;
      throw error;
    }
    if (result.state === 'pending') return this.notAnsweredYet(attempt, reservationEndsAt, { askable: true });
    // A query tells neither amount nor receipt: the push asked for the payment's amount, and the
    // receipt (with the amount, checked then) comes from a callback or the Transaction Status API.
    return this.settlement.settle(attempt.paymentId, confirmedOutcome(null, result), (manager) =>
      this.recordResult(manager, attempt, attempt.checkoutRequestId!, result, null),
    );
  }

  /**
   * Daraja says the push was paid, but the callback claims another amount than the push asked:
   * whoever learnt the callback URL could have written it, so nothing is settled on its word. The
   * attempt is recorded as paid with its receipt still to come, and the Transaction Status API is
   * asked at once; its result, which must name the shop's own query, settles the payment with the
   * amount M-Pesa really took (a wrong one cancels the order as before). Until then the order
   * waits, and its expiry leaves it to this check.
   */
  private async awaitAmountFromDaraja(
    callbackId: number,
    attempt: MpesaAttempt,
    checkoutRequestId: string,
    query: { resultCode: number; resultDesc: string },
  ): Promise<null> {
    this.logger.warn(
      `M-Pesa callback ${callbackId} claims another amount than the push of attempt ${attempt.id} asked; the Transaction Status API tells what came`,
    );
    await inTransaction(this.dataSource, async (manager) => {
      await markProcessed(callbackId)(manager);
      await this.recordResult(manager, attempt, checkoutRequestId, query, null);
    });
    return null;
  }

  /** A Transaction Status result sent to the attempt's ResultURL: the receipt and the amount M-Pesa took. */
  async statusResult(callbackId: number): Promise<OrderUpdate | null> {
    const callback = await this.dataSource.getRepository(PaymentCallback).findOneBy({ id: callbackId });
    if (!callback) throw new UnrecoverableError(`M-Pesa status result ${callbackId} does not exist`);
    if (callback.processedAt) return null;
    const done = markProcessed(callbackId);
    const result = parseTransactionStatusResult(bodyOf(callback.payload));
    const attempt =
      callback.attemptKey === null
        ? null
        : await this.dataSource.getRepository(MpesaAttempt).findOneBy({ callbackKey: callback.attemptKey });
    // Asked for only once the STK query confirmed the push paid: for any other attempt it settles nothing.
    const confirmedPaid = attempt?.confirmedAt != null && attempt.resultCode === 0;
    if (result && confirmedPaid && attempt.statusConversationId === null) {
      throw new Error(`The Transaction Status query of attempt ${attempt.id} is not recorded yet; its result ${callbackId} waits for it`);
    }
    // Only the result of the shop's own last query counts: whoever holds the ResultURL could send one.
    const answersOurQuery = result !== null && result.conversationId === attempt?.statusConversationId;
    if (!result || !confirmedPaid || !answersOurQuery || result.resultCode !== 0 || !result.receipt || result.amount === null) {
      // Not ours, not found or not paid (yet): the attempt's next check asks again.
      await done(this.dataSource.manager);
      return null;
    }
    const outcome: PaymentOutcome = { kind: 'paid', receipt: result.receipt, received: { currency: 'KES', value: result.amount } };
    return this.settlement.settle(attempt.paymentId, outcome, async (manager) => {
      await done(manager);
      await this.recordResult(
        manager,
        attempt,
        attempt.checkoutRequestId ?? result.originatorConversationId,
        { resultCode: 0, resultDesc: result.resultDesc },
        result.receipt,
      );
    });
  }

  /**
   * The attempt's outcome as Daraja's STK query confirmed it, in the settlement's transaction. A
   * paid push keeps being checked until its receipt is known; anything else needs no more checks.
   * An attempt settled already keeps its outcome, as its payment does: only a missing receipt is
   * filled in.
   */
  private async recordResult(
    manager: EntityManager,
    attempt: MpesaAttempt,
    checkoutRequestId: string,
    { resultCode, resultDesc }: { resultCode: number; resultDesc: string },
    receipt: string | null,
  ): Promise<void> {
    const current = await manager.findOne(MpesaAttempt, { where: { id: attempt.id }, lock: { mode: 'pessimistic_write' } });
    if (!current) return;
    // The payment names its push for the admin, also when the api never stored Daraja's answer (it
    // stores the payment's reference with the attempt's CheckoutRequestID, in one transaction).
    if (current.checkoutRequestId === null)
      await manager.update(
        Payment,
        { id: attempt.paymentId, providerReference: IsNull() },
        { providerReference: checkoutRequestId, phone: attempt.phone },
      );
    if (current.state === 'settled') {
      if (current.resultCode === 0 && resultCode === 0 && current.receipt === null && receipt !== null)
        await manager.update(MpesaAttempt, { id: attempt.id }, { receipt, nextCheckAt: null });
      return;
    }
    const needsReceipt = resultCode === 0 && receipt === null;
    await manager.update(
      MpesaAttempt,
      { id: attempt.id },
      {
        state: 'settled',
        checkoutRequestId: current.checkoutRequestId ?? checkoutRequestId,
        resultCode,
        resultDesc: resultDesc.slice(0, 255),
        receipt,
        confirmedAt: new Date(),
        // The receipt is asked for at once; later checks only if it does not come.
        nextCheckAt: needsReceipt ? new Date() : null,
      },
    );
  }

  /** The outcome the STK query already confirmed for a settled attempt: a later callback needs no second query. */
  private confirmed(attempt: MpesaAttempt): StkQueryResult | null {
    if (attempt.state !== 'settled' || attempt.confirmedAt === null || attempt.resultCode === null) return null;
    return { state: 'finished', resultCode: attempt.resultCode, resultDesc: attempt.resultDesc ?? '' };
  }

  /** The attempt a callback answers: by the key in its URL, else (older pushes) by its CheckoutRequestID. */
  private attemptOf(attemptKey: string | null, checkoutRequestId: string): Promise<MpesaAttempt | null> {
    const attempts = this.dataSource.getRepository(MpesaAttempt);
    return attemptKey !== null ? attempts.findOneBy({ callbackKey: attemptKey }) : attempts.findOneBy({ checkoutRequestId });
  }

  private async unprocessedCallbackOf(attempt: MpesaAttempt): Promise<PaymentCallback | null> {
    const keys = [
      { attemptKey: attempt.callbackKey, processedAt: IsNull() },
      ...(attempt.checkoutRequestId ? [{ providerReference: attempt.checkoutRequestId, processedAt: IsNull() }] : []),
    ];
    const callbacks = await this.dataSource
      .getRepository(PaymentCallback)
      .find({ where: keys.map((key) => ({ provider: 'mpesa' as const, ...key })), order: { id: 'ASC' } });
    return callbacks.find((callback) => !callback.deliveryKey.startsWith('status:') && parseStkCallback(bodyOf(callback.payload))) ?? null;
  }

  /** Asks the Transaction Status API for a paid push's receipt; its answer comes to the attempt's ResultURL. */
  private async fetchReceipt(attempt: MpesaAttempt): Promise<null> {
    if (attempt.resultCode !== 0 || attempt.receipt !== null || attempt.checkoutRequestId === null) return this.stopChecking(attempt);
    const unprocessed = await this.unprocessedCallbackOf(attempt);
    if (unprocessed) {
      await this.callback(unprocessed.id);
      return null;
    }
    if (!this.config.MPESA_INITIATOR_NAME || attempt.checks >= MAX_ATTEMPT_CHECKS) {
      this.logger.warn(
        `No receipt for the paid M-Pesa attempt ${attempt.id} (${attempt.checkoutRequestId}): a later callback may still bring it`,
      );
      return this.stopChecking(attempt);
    }
    const resultUrl = new URL(ORDER_API.mpesaStatusResult(this.config.MPESA_CALLBACK_TOKEN, attempt.callbackKey), this.config.PUBLIC_URL)
      .href;
    await this.scheduleNextCheck(attempt, 0);
    const asked = await this.daraja.transactionStatus({
      originatorConversationId: attempt.checkoutRequestId,
      resultUrl,
      timeoutUrl: resultUrl,
      remarks: STATUS_REMARKS,
    });
    await this.dataSource.getRepository(MpesaAttempt).update({ id: attempt.id }, { statusConversationId: asked.conversationId });
    return null;
  }

  /** When the order's reservation ends (ms since epoch); an order without one is over already. */
  private async reservationEndOf(attempt: MpesaAttempt): Promise<number> {
    const order = await this.dataSource
      .getRepository(Order)
      .findOne({ where: { id: attempt.orderId }, select: { id: true, reservationExpiresAt: true } });
    return order?.reservationExpiresAt?.getTime() ?? 0;
  }

  /**
   * Daraja has not told the outcome (still processing, unreachable, or nothing to ask it with).
   * Before the reservation ends, the next check is scheduled. After, the outcome is never cancelled
   * silently: it becomes unknown for a person (the order keeps its units, the admins are alerted),
   * and while Daraja can still be asked it is asked hourly.
   */
  private async notAnsweredYet(
    attempt: MpesaAttempt,
    reservationEndsAt: number,
    { askable }: { askable: boolean },
  ): Promise<OrderUpdate | null> {
    if (reservationEndsAt > Date.now() || attempt.state === 'unknown') {
      await this.scheduleNextCheck(attempt, reservationEndsAt);
      return null;
    }
    const reason = MESSAGES.paymentAttention.outcomeUnknown(attempt.phone, attempt.checkoutRequestId);
    return this.settlement.settle(attempt.paymentId, { kind: 'unknown', reason }, async (manager) => {
      await manager.update(
        MpesaAttempt,
        { id: attempt.id, state: In(LIVE_MPESA_ATTEMPT_STATES) },
        {
          state: 'unknown',
          nextCheckAt: askable ? new Date(Date.now() + UNKNOWN_RECHECK_INTERVAL_MS) : null,
        },
      );
    });
  }

  /**
   * The next check, each wait twice the last (from MPESA_RECONCILE_DELAY_MS, at most ten minutes),
   * never after the order's reservation ends, so the last check comes as it does; unknown outcomes
   * are asked about hourly. Only while the attempt is as it was read: a settlement meanwhile wins.
   */
  private async scheduleNextCheck(attempt: MpesaAttempt, reservationEndsAt: number): Promise<void> {
    if (attempt.checks >= MAX_ATTEMPT_CHECKS) {
      await this.stopChecking(attempt);
      return;
    }
    const waitMs =
      attempt.state === 'unknown'
        ? UNKNOWN_RECHECK_INTERVAL_MS
        : Math.min(this.config.MPESA_RECONCILE_DELAY_MS * 2 ** Math.max(0, attempt.checks - 1), MAX_CHECK_INTERVAL_MS);
    const now = Date.now();
    const nextAt = reservationEndsAt > now ? Math.min(now + waitMs, reservationEndsAt) : now + waitMs;
    await this.dataSource.getRepository(MpesaAttempt).update({ id: attempt.id, state: attempt.state }, { nextCheckAt: new Date(nextAt) });
  }

  private async stopChecking(attempt: MpesaAttempt): Promise<null> {
    await this.dataSource.getRepository(MpesaAttempt).update({ id: attempt.id, state: attempt.state }, { nextCheckAt: null });
    return null;
  }
}
