import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { JOBS, LIMITS, MESSAGES, type PaymentMethod } from '@shop/contracts';
import { insertRows, inTransaction, isDuplicateKey, PaymentCallback, recordEvent, Refusal } from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';
import { parseStkCallback, parseTransactionStatusResult, parseWebhookEvent, PaypalClient } from '@shop/payments';
import { sameSecret } from '../common/secrets.js';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { RateLimitsService } from '../throttling/rate-limits.service.js';
import { RefusedWebhooks, type RefusedWebhook } from './refused-webhooks.js';

/** Only Safaricom is meant to reach the callback route; this is not a shopper's message. */
export const CALLBACK_SOURCE_REFUSED = 'M-Pesa callbacks are not accepted from this address.';

/** The headers PayPal's verification needs, kept with the event. */
const PAYPAL_TRANSMISSION_HEADERS = [
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
] as const;

/** The columns the keys go into: a longer one cannot be a provider's. */
const MAX_REFERENCE_LENGTH = 100;

/**
 * How a delivery is kept: the body as the provider sent it (wrapped, since a JSON column would
 * read a bare string back as the JSON it may contain), with PayPal's transmission headers. The
 * workers read it (workers/src/payments).
 */
interface StoredCallback {
  body: string;
  headers?: Record<string, string>;
}

interface CallbackRow {
  provider: PaymentMethod;
  deliveryKey: string;
  providerReference: string | null;
  attemptKey: string | null;
  payload: StoredCallback;
}

type CallbackJobName = typeof JOBS.mpesaCallback | typeof JOBS.mpesaStatusResult | typeof JOBS.paypalWebhook;

/** What the shop puts in an attempt's callback URLs (libs/db newCallbackKey): anything else is no URL of ours. */
const ATTEMPT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

const unreadable = () =>
  new Refusal('VALIDATION_FAILED', MESSAGES.server.validationFailed, {
    fields: [{ field: 'body', message: MESSAGES.server.validationFailed }],
  });

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A body nobody could act on is still kept, once per distinct content. */
function unreadableKey(text: string): string {
  return `unreadable:${createHash('sha256').update(text).digest('hex')}`;
}

/** IPv4 clients reach a dual-stack server as ::ffff:a.b.c.d. */
function plainAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:/, '');
}

/**
 * Takes in the providers' callbacks (docs/payments.md): every body is stored before anything else,
 * and the event that makes a worker act on it is written in the same transaction, once per
 * delivery key, so that a provider's retries and duplicates make one job and nothing is lost.
 */
@Injectable()
export class PaymentCallbacksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly paypal: PaypalClient,
    private readonly limits: RateLimitsService,
    private readonly refusedWebhooks: RefusedWebhooks,
    private readonly metrics: ApiMetrics,
  ) {}

  /** The secret path token (and the attempt key's shape), then the optional source allow-list; a refused sender leaves nothing behind. */
  admitMpesaSender(token: string, sourceAddress: string | undefined, attemptKey?: string): Refusal | null {
    const notFound = new Refusal('NOT_FOUND', MESSAGES.server.notFound);
    if (!this.isCallbackToken(token)) return notFound;
    if (attemptKey !== undefined && !ATTEMPT_KEY.test(attemptKey)) return notFound;
    const allowed = this.config.MPESA_CALLBACK_ALLOWED_IPS;
    if (allowed.length > 0 && !allowed.map(plainAddress).includes(plainAddress(sourceAddress)))
      return new Refusal('CALLBACK_SOURCE_REFUSED', CALLBACK_SOURCE_REFUSED);
    return null;
  }

  /** The current token, or the one before it while a rotation lets the pushes made with it call back; both compared in constant time. */
  private isCallbackToken(token: string): boolean {
    const previous = this.config.MPESA_CALLBACK_TOKEN_PREVIOUS;
    const current = sameSecret(token, this.config.MPESA_CALLBACK_TOKEN);
    const rotatedOut = previous !== undefined && sameSecret(token, previous);
    return current || rotatedOut;
  }

  /** `attemptKey`: the attempt named by the callback's URL; null on the route older pushes call back to. */
  async receiveMpesa(text: string, attemptKey: string | null): Promise<true | Refusal> {
    const callback = parseStkCallback(parsedJson(text));
    if (!callback || callback.checkoutRequestId.length > MAX_REFERENCE_LENGTH) {
      await this.store(
        { provider: 'mpesa', deliveryKey: unreadableKey(text), providerReference: null, attemptKey, payload: { body: text } },
        null,
      );
      return unreadable();
    }
    const row: CallbackRow = {
      provider: 'mpesa',
      deliveryKey: callback.checkoutRequestId,
      providerReference: callback.checkoutRequestId,
      attemptKey,
      payload: { body: text },
    };
    if (
      !(await this.store(row, JOBS.mpesaCallback)) &&
      (await this.storedBody('mpesa', row.deliveryKey)) !== text &&
      (await this.bodiesOfPush(callback.checkoutRequestId)) < LIMITS.mpesaCallbackBodiesPerPush
    ) {
      // Another body for the same push (a forged one came first, say) is kept beside it, so the
      // first to arrive cannot silence Daraja's: the workers confirm each with Daraja. A few, not
      // a flood: each costs an STK query.
      await this.store(
        { ...row, deliveryKey: `${row.deliveryKey}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}` },
        JOBS.mpesaCallback,
      );
    }
    return true;
  }

  private bodiesOfPush(checkoutRequestId: string): Promise<number> {
    return this.dataSource.getRepository(PaymentCallback).countBy({ provider: 'mpesa', providerReference: checkoutRequestId });
  }

  private async storedBody(provider: PaymentMethod, deliveryKey: string): Promise<string | undefined> {
    const stored = await this.dataSource.getRepository(PaymentCallback).findOneBy({ provider, deliveryKey });
    return (stored?.payload as StoredCallback | undefined)?.body;
  }

  /** A Transaction Status result, once per ConversationID (Daraja's id of that one status query). */
  async receiveMpesaStatusResult(text: string, attemptKey: string): Promise<true | Refusal> {
    const result = parseTransactionStatusResult(parsedJson(text));
    if (!result || result.conversationId.length > MAX_REFERENCE_LENGTH) {
      await this.store(
        { provider: 'mpesa', deliveryKey: unreadableKey(text), providerReference: null, attemptKey, payload: { body: text } },
        null,
      );
      return unreadable();
    }
    await this.store(
      {
        provider: 'mpesa',
        deliveryKey: `status:${result.conversationId}`,
        providerReference: result.originatorConversationId.slice(0, MAX_REFERENCE_LENGTH),
        attemptKey,
        payload: { body: text },
      },
      JOBS.mpesaStatusResult,
    );
    return true;
  }

  /**
   * Stored only once PayPal confirms it sent it: a forged or unreadable delivery leaves a line in
   * the bounded record (RefusedWebhooks) and a 400, never a row. Each delivery counts against its
   * client address's limit first, as each costs a verification call.
   */
  async receivePaypal(headers: IncomingHttpHeaders, text: string, clientAddress: string): Promise<true | Refusal> {
    await this.limits.consume('paypalWebhooksPerClientAddress', [clientAddress], MESSAGES.server.tooManyRequestsFor);
    const event = parsedJson(text) as { id?: unknown } | undefined;
    const eventId =
      typeof event === 'object' &&
      event !== null &&
      typeof event.id === 'string' &&
      event.id.length > 0 &&
      event.id.length <= MAX_REFERENCE_LENGTH
        ? event.id
        : null;
    const transmission = Object.fromEntries(
      PAYPAL_TRANSMISSION_HEADERS.flatMap((name) => (typeof headers[name] === 'string' ? [[name, headers[name]]] : [])),
    );
    const refuse = async (reason: RefusedWebhook['reason']) => {
      this.metrics.unverifiedWebhooks.inc({ provider: 'paypal' });
      await this.refusedWebhooks.record({
        at: new Date().toISOString(),
        from: clientAddress,
        reason,
        eventId,
        bytes: Buffer.byteLength(text),
      });
      return unreadable();
    };
    if (!eventId) return refuse('unreadable');
    let verified: boolean;
    try {
      verified = await this.paypal.verifyWebhook(transmission, text);
    } catch {
      // PayPal could not say: it delivers the event again later.
      return new Refusal('SERVICE_UNAVAILABLE', MESSAGES.server.serviceUnavailable);
    }
    if (!verified) return refuse('unverified');
    const orderId = parseWebhookEvent(text)?.orderId ?? null;
    const providerReference = orderId !== null && orderId.length <= MAX_REFERENCE_LENGTH ? orderId : null;
    await this.store(
      { provider: 'paypal', deliveryKey: eventId, providerReference, attemptKey: null, payload: { headers: transmission, body: text } },
      JOBS.paypalWebhook,
    );
    return true;
  }

  /**
   * A delivery key stored before is a repeat: its row and its job exist already (answers false).
   * `job`: what a worker does with it; null for a body nobody can act on.
   */
  private async store(row: CallbackRow, job: CallbackJobName | null): Promise<boolean> {
    try {
      await inTransaction(this.dataSource, async (manager) => {
        const callbackId = await insertRows(manager, PaymentCallback, row);
        if (job) await recordEvent(manager, job, { callbackId });
      });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return false;
    }
  }
}
