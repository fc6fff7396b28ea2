import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pRetry from 'p-retry';
import { DataSource, In } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { MESSAGES, mpesaAccountReference, ORDER_API, ROUTES, type Order as OrderView, type SessionUser } from '@shop/contracts';
import { kenyanMobileNumber } from '@shop/contracts/phone';
import {
  Address,
  inTransaction,
  LIVE_MPESA_ATTEMPT_STATES,
  lockOrder,
  movePaymentOrThrow,
  MpesaAttempt,
  newCallbackKey,
  Payment,
  recordEvent,
  recordMpesaAttempt,
  Refusal,
  transition,
} from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';
import { DarajaClient, DarajaError, PaypalClient, type StkPushAccepted } from '@shop/payments';
import { RateLimitsService } from '../throttling/rate-limits.service.js';
import type { CapturePaypalInputDto } from './dto/capture-paypal-input.dto.js';
import type { MpesaPaymentInputDto } from './dto/mpesa-payment-input.dto.js';
import { OrderPlacementService, type PlacedOrder } from './order-placement.service.js';
import { OrdersService } from './orders.service.js';

/** The shop's name on the phone's prompt (Daraja takes at most 13 characters) and on PayPal's pages. */
const SHOP_NAME = 'Toy Duka';

export interface MpesaStarted {
  orderId: number;
  /** Null when Daraja's answer never came: the push may still reach the phone. */
  checkoutRequestId: string | null;
}

/** Daraja's answer to a push is stored within about a minute and a half of database trouble. */
const PUSH_ANSWER_RETRIES = { retries: 8, minTimeout: 200, factor: 2, maxTimeout: 15_000 } as const;
/** How long the shopper's answer waits for those writes. */
const PUSH_ANSWER_WAIT_MS = 2000;

export interface PaypalStarted {
  orderId: number;
  approvalUrl: string;
}

export interface CaptureRequested {
  order: OrderView;
  /** False when the order was already paid or a capture of it is still under way: no job was added. */
  queued: boolean;
}

const returnInvalid = () => new Refusal('PAYPAL_RETURN_INVALID', MESSAGES.checkout.paypalReturnInvalid);

/**
 * Starting a payment: the order is placed first (its own transaction), then the provider is asked,
 * outside any transaction; what the provider answered is written in a second one. A provider that
 * surely refused gets the order cancelled and its units back at once.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly placement: OrderPlacementService,
    private readonly orders: OrdersService,
    private readonly daraja: DarajaClient,
    private readonly paypal: PaypalClient,
    private readonly limits: RateLimitsService,
  ) {}

  /**
   * Places the order with its STK push attempt (and so the attempt's first check) in one
   * transaction, then asks Daraja. Daraja's answer is stored with retries; a push Daraja surely
   * did not take releases the order at once, and one whose fate is unknown is left to its checks:
   * the shopper is told to wait for it, never to pay again (docs/payments.md, Attempts).
   */
  async startMpesa(shopper: SessionUser, clientAddress: string, input: MpesaPaymentInputDto): Promise<MpesaStarted | Refusal> {
    const phone = kenyanMobileNumber(input.phone);
    if (!phone) return new Refusal('PHONE_INVALID', MESSAGES.checkout.invalidPhone);
    // A prompt goes only to a phone the shopper gave as theirs, never to a stranger's typed in.
    if (!(await this.dataSource.getRepository(Address).existsBy({ userId: shopper.id, phone })))
      return new Refusal('PHONE_NOT_ON_ACCOUNT', MESSAGES.checkout.phoneNotOnAccount);
    await this.countCheckout(shopper, clientAddress);
    const callbackKey = newCallbackKey();
    let attemptId = 0;
    const placed = await this.placement.place(shopper.id, input.addressId, 'mpesa', async (manager, order) => {
      attemptId = await recordMpesaAttempt(manager, { ...order, phone, callbackKey, firstCheckInMs: this.config.MPESA_RECONCILE_DELAY_MS });
      // Counted only once an order is placed and its push is about to go: requests that prompt
      // nobody (an empty cart, stock gone) cannot use up a phone's pushes and lock its owner out.
      // A refusal here rolls the placement back.
      await this.limits.consume('pushesToPhoneByShopper', [`${phone} ${shopper.id}`], MESSAGES.checkout.tooManyPushesToPhone);
      await this.limits.consume('pushesToPhone', [phone], MESSAGES.checkout.tooManyPushesToPhone);
    });
    if (placed instanceof Refusal) return placed;
    let accepted: StkPushAccepted;
    try {
      accepted = await this.daraja.stkPush({
        phone,
        amount: placed.totalAmount,
        accountReference: mpesaAccountReference(placed.orderId),
        transactionDesc: SHOP_NAME,
        callbackUrl: new URL(ORDER_API.mpesaCallback(this.config.MPESA_CALLBACK_TOKEN, callbackKey), this.config.PUBLIC_URL).href,
      });
    } catch (error) {
      this.logger.warn(`STK push for order ${placed.orderId} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (error instanceof DarajaError && !error.outcomeUnknown) {
        await this.abandon(placed, MESSAGES.payment.mpesaDeclined, attemptId);
        return new Refusal('PROVIDER_FAILED', MESSAGES.checkout.mpesaInitiateFailed, { provider: 'mpesa' });
      }
      // The push may be on the phone: its callback or its checks settle the order.
      return { orderId: placed.orderId, checkoutRequestId: null };
    }
    await this.recordPushed(attemptId, phone, placed, accepted);
    return { orderId: placed.orderId, checkoutRequestId: accepted.checkoutRequestId };
  }

  /**
   * Daraja's answer is the only way to query the push later: a failed write (a deadlock, the
   * database away for a while) is tried again with backoff before giving up. The shopper, whose
   * phone is ringing, is answered after the first seconds whatever the writes are doing; they go
   * on in the background. Given up, the push is still found by its callback's key, and its
   * checks end in "outcome unknown" at worst.
   */
  private async recordPushed(attemptId: number, phone: string, placed: PlacedOrder, accepted: StkPushAccepted): Promise<void> {
    // Two single-row writes, each its own commit, payment first: an attempt with its CheckoutRequestID
    // has a payment that names it (the workers rely on this), and neither write can deadlock.
    const stored = pRetry(async () => {
      await this.dataSource
        .getRepository(Payment)
        .update({ id: placed.paymentId }, { providerReference: accepted.checkoutRequestId, phone });
      await this.dataSource
        .getRepository(MpesaAttempt)
        .update({ id: attemptId, state: 'sending' }, { state: 'pushed', checkoutRequestId: accepted.checkoutRequestId });
    }, PUSH_ANSWER_RETRIES).catch((error: unknown) => {
      this.logger.error(
        `Daraja's answer to the STK push of order ${placed.orderId} (${accepted.checkoutRequestId}) could not be stored: ${(error as Error).message}`,
      );
    });
    const answered = new AbortController();
    await Promise.race([
      stored.finally(() => answered.abort()),
      sleep(PUSH_ANSWER_WAIT_MS, undefined, { signal: answered.signal }).catch(() => undefined),
    ]);
  }

  async startPaypal(shopper: SessionUser, clientAddress: string, addressId: number): Promise<PaypalStarted | Refusal> {
    await this.countCheckout(shopper, clientAddress);
    const placed = await this.placement.place(shopper.id, addressId, 'paypal');
    if (placed instanceof Refusal) return placed;
    const returnUrl = new URL(ROUTES.shopPaypalReturn, this.config.PUBLIC_URL).href;
    let created: { id: string; approveUrl: string };
    try {
      created = await this.paypal.createOrder({
        // The same request id on a retry finds the PayPal order made the first time.
        requestId: `order-${placed.orderId}`,
        referenceId: String(placed.orderId),
        amount: { currency: this.config.PAYPAL_CURRENCY, value: placed.providerAmount! },
        returnUrl,
        cancelUrl: `${returnUrl}?cancelled=1`,
        brandName: SHOP_NAME,
      });
    } catch (error) {
      // An order PayPal may have made is never approved by anyone: abandoning ours charges nobody.
      await this.abandon(placed, MESSAGES.checkout.paypalStartFailed);
      this.logger.warn(`PayPal order for order ${placed.orderId} failed: ${error instanceof Error ? error.message : String(error)}`);
      return new Refusal('PROVIDER_FAILED', MESSAGES.checkout.paypalStartFailed, { provider: 'paypal' });
    }
    await this.dataSource
      .getRepository(Payment)
      .update({ id: placed.paymentId }, { providerReference: created.id, approvalUrl: created.approveUrl });
    return { orderId: placed.orderId, approvalUrl: created.approveUrl };
  }

  /**
   * Queues the capture of an approved PayPal order and answers at once; the worker captures. One
   * capture is under way at a time: a request while one is (a double click, a reload of the return
   * page) adds nothing. A new attempt is allowed once the last one recorded why it failed (a
   * declined card the shopper has since changed in PayPal).
   */
  async requestCapture(shopper: SessionUser, clientAddress: string, input: CapturePaypalInputDto): Promise<CaptureRequested | Refusal> {
    await this.countCheckout(shopper, clientAddress);
    const reference = input.token ?? input.paymentId;
    return inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrder(manager, input.orderId);
      if (!locked || locked.order.userId !== shopper.id) return returnInvalid();
      const { order, payment } = locked;
      if (payment.method !== 'paypal' || !reference || payment.providerReference !== reference) return returnInvalid();
      const answer = async (queued: boolean): Promise<CaptureRequested> => ({ order: await this.orders.view(order.id, manager), queued });
      if (payment.status === 'paid') return answer(false);
      if (order.orderStatus !== 'pending' || payment.status !== 'pending')
        return new Refusal('CAPTURE_NOT_PENDING', MESSAGES.orders.captureNotPending);
      if (payment.captureAttempts > 0 && payment.failureReason === null) return answer(false);
      const attempt = payment.captureAttempts + 1;
      await manager.update(
        Payment,
        { id: payment.id },
        { captureAttempts: attempt, payerId: input.payerId ?? payment.payerId, failureReason: null },
      );
      await recordEvent(manager, 'paypal.capture', { paymentId: payment.id, attempt });
      return answer(true);
    });
  }

  /** Every payment start or capture counts against the shopper's and the client address's limits (RATE_LIMITS). */
  private async countCheckout(shopper: SessionUser, clientAddress: string): Promise<void> {
    await this.limits.consume('checkoutPerShopper', [String(shopper.id)], MESSAGES.checkout.tooManyPayments);
    await this.limits.consume('checkoutPerClientAddress', [clientAddress], MESSAGES.checkout.tooManyPayments);
  }

  /**
   * The provider would not start the payment: the order is cancelled and its units go back on the
   * shelf, unless an earlier push of the same order may still be answered on the phone.
   */
  private async abandon(placed: PlacedOrder, reason: string, mpesaAttemptId?: number): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrder(manager, placed.orderId);
      if (mpesaAttemptId) await manager.update(MpesaAttempt, { id: mpesaAttemptId }, { state: 'notPushed', nextCheckAt: null });
      if (locked?.order.orderStatus !== 'pending') return;
      if (mpesaAttemptId && (await manager.existsBy(MpesaAttempt, { orderId: placed.orderId, state: In(LIVE_MPESA_ATTEMPT_STATES) })))
        return;
      await movePaymentOrThrow(manager, locked, { to: 'failed', by: 'checkout', reason, details: { failureReason: reason } });
      await transition(manager, locked.order, { to: 'cancelled', by: 'payment', reason });
    });
  }
}
