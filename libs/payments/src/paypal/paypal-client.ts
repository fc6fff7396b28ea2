import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AppConfig } from '@shop/config';
import { PaypalError } from './paypal-error.js';

export interface PaypalClientOptions {
  /** PayPal's API host (https://api-m.paypal.com, https://api-m.sandbox.paypal.com) or the sandbox's PayPal path. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered for the shop's listener: PayPal verifies events against it. */
  webhookId: string;
  /** Shares the access token between processes; without it each process keeps its own. */
  redis?: Redis;
  redisPrefix?: string;
  timeoutMs?: number;
}

export interface PaypalMoney {
  /** ISO 4217 code of a currency PayPal takes (USD, EUR, …). */
  currency: string;
  /** Two decimals, as a string: see convertKes. */
  value: string;
}

export interface CreateOrderInput {
  /** The shop's own order reference, shown to the payer and returned in events. */
  referenceId: string;
  amount: PaypalMoney;
  /** Where PayPal sends the payer after approving, with `token` (the PayPal order id) and `PayerID`. */
  returnUrl: string;
  /** Where PayPal sends the payer who cancels, with `token`. */
  cancelUrl: string;
  /** Sent as PayPal-Request-Id: the same id again answers the same order instead of making a second. */
  requestId: string;
  /** The shop's name on PayPal's pages; PayPal shows the account's name without it. */
  brandName?: string;
}

export interface CreatedOrder {
  id: string;
  status: string;
  /** Where to send the payer's browser. */
  approveUrl: string;
}

export type CaptureOutcome =
  | { outcome: 'completed'; captureId: string; amount: PaypalMoney; payerId?: string }
  /** PayPal took the capture but holds the money for review; a PAYMENT.CAPTURE.COMPLETED or DENIED event settles it. */
  | { outcome: 'pending'; captureId: string; amount: PaypalMoney }
  /** An earlier capture of this order succeeded (read it with getOrder). */
  | { outcome: 'already-captured' }
  /** The payer's instrument was refused: they may approve again with another, then capture again. */
  | { outcome: 'declined' }
  | { outcome: 'not-approved' };

export interface RefundCaptureInput {
  /** Sent as PayPal-Request-Id: the same id again answers the first refund instead of refunding twice. */
  requestId: string;
  /** What to give back; without it, all of the capture not yet refunded. */
  amount?: PaypalMoney;
  /** Shown to the payer in PayPal's refund notice. */
  noteToPayer?: string;
}

export type RefundOutcome =
  /** `status` as PayPal gave it: COMPLETED when the money is back with the payer, PENDING while PayPal has yet to complete it (e.g. the merchant's balance does not cover it). */
  | { outcome: 'refunded'; refundId: string; status: string; amount: PaypalMoney }
  /** Nothing of the capture is left to give back: an earlier refund under another request id, or one made on PayPal by hand, took it all. */
  | { outcome: 'already-refunded' }
  /** The amount asked for is more than what earlier refunds left of the capture. */
  | { outcome: 'exceeds-remaining' };

export interface PaypalOrderState {
  id: string;
  /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, … */
  status: string;
  captureId?: string;
  captureStatus?: string;
  /** What was captured, or the order's amount while nothing is. */
  amount?: PaypalMoney;
  payerId?: string;
}

/** The webhook headers as Node gives them (any case); PayPal sends these five with each event. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

interface PaypalAnswer {
  status: number;
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 15_000;

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });
const linkSchema = z.object({ href: z.string(), rel: z.string() });
const captureSchema = z.object({ id: z.string().min(1), status: z.string(), amount: moneySchema.optional() });
const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  links: z.array(linkSchema).default([]),
  purchase_units: z
    .array(z.object({ amount: moneySchema.optional(), payments: z.object({ captures: z.array(captureSchema).optional() }).optional() }))
    .default([]),
  payer: z.object({ payer_id: z.string().optional() }).optional(),
});
const faultSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional(),
  // OAuth answers in its own shape.
  error: z.string().optional(),
  error_description: z.string().optional(),
});
const refundSchema = z.object({ id: z.string().min(1), status: z.string().min(1), amount: moneySchema });
const verificationSchema = z.object({ verification_status: z.enum(['SUCCESS', 'FAILURE']) });

const TRANSMISSION_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

const CAPTURE_OUTCOMES: Record<string, CaptureOutcome> = {
  ORDER_ALREADY_CAPTURED: { outcome: 'already-captured' },
  INSTRUMENT_DECLINED: { outcome: 'declined' },
  ORDER_NOT_APPROVED: { outcome: 'not-approved' },
};

const REFUND_OUTCOMES: Record<string, RefundOutcome> = {
  CAPTURE_FULLY_REFUNDED: { outcome: 'already-refunded' },
  REFUND_AMOUNT_EXCEEDED: { outcome: 'exceeds-remaining' },
};

/** Deletes the shared token only if it is still the refused one, not a fresh one another process stored since. */
const DROP_TOKEN_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

function toMoney(money: z.infer<typeof moneySchema>): PaypalMoney {
  return { currency: money.currency_code, value: money.value };
}

function faultOf(answer: PaypalAnswer): PaypalError {
  const fault = faultSchema.safeParse(answer.body).data ?? {};
  const detail = fault.details?.[0];
  return new PaypalError({
    status: answer.status,
    name: fault.name ?? (fault.error ? 'OAUTH_ERROR' : `HTTP_${answer.status}`),
    issue: detail?.issue ?? fault.error ?? null,
    description: detail?.description ?? fault.message ?? fault.error_description ?? 'no description given',
    debugId: fault.debug_id ?? null,
  });
}

/** The outcome a 422 stands for, when its issue is one the caller expects rather than a fault. */
function expectedRefusal<Outcome>(answer: PaypalAnswer, outcomes: Record<string, Outcome>): Outcome | undefined {
  if (answer.status !== 422) return undefined;
  const issue = faultOf(answer).issue;
  return issue === null ? undefined : outcomes[issue];
}

function unreadable(answer: PaypalAnswer, what: string): PaypalError {
  return new PaypalError({
    status: answer.status,
    name: 'UNREADABLE_ANSWER',
    issue: null,
    description: `Unreadable answer to ${what}`,
    debugId: null,
  });
}

function readOrder(answer: PaypalAnswer, what: string): z.infer<typeof orderSchema> {
  const order = orderSchema.safeParse(answer.body);
  if (!order.success) throw unreadable(answer, what);
  return order.data;
}

/**
 * PayPal Orders v2 (create, capture, show), capture refunds and webhook verification over PayPal's REST API. The
 * OAuth token is cached (in Redis when given, shared by the api and the workers) a little shorter
 * than PayPal keeps it; a refused token costs one new token and one retry.
 */
export class PaypalClient {
  private readonly baseUrl: string;
  private readonly tokenKey: string;
  private readonly timeoutMs: number;
  private memoryToken: { token: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | undefined;

  constructor(private readonly options: PaypalClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.tokenKey = `${options.redisPrefix ? `${options.redisPrefix}:` : ''}paypal:access-token:${options.clientId}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    const answer = await this.call('POST', '/v2/checkout/orders', {
      requestId: input.requestId,
      body: {
        intent: 'CAPTURE',
        purchase_units: [{ reference_id: input.referenceId, amount: { currency_code: input.amount.currency, value: input.amount.value } }],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              // The shop captures as soon as the payer is back, so PayPal's button says "Pay Now".
              user_action: 'PAY_NOW',
              // The shop delivers to the address chosen at checkout, not to one kept at PayPal.
              shipping_preference: 'NO_SHIPPING',
              ...(input.brandName === undefined ? {} : { brand_name: input.brandName }),
            },
          },
        },
      },
    });
    if (answer.status !== 200 && answer.status !== 201) throw faultOf(answer);
    const order = readOrder(answer, 'creating an order');
    const approveUrl = order.links.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
    if (!approveUrl) throw unreadable(answer, 'creating an order (no approval link)');
    return { id: order.id, status: order.status, approveUrl };
  }

  /**
   * Captures an approved order. Repeat a capture that threw a retryable error with the same
   * `requestId`: PayPal then answers the first capture instead of charging twice.
   */
  async captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome> {
    const answer = await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      requestId,
      body: {},
      representation: true,
    });
    const refused = expectedRefusal(answer, CAPTURE_OUTCOMES);
    if (refused) return refused;
    if (answer.status !== 200 && answer.status !== 201) throw faultOf(answer);
    const order = readOrder(answer, 'capturing an order');
    const capture = order.purchase_units[0]?.payments?.captures?.[0];
    if (!capture?.amount) throw unreadable(answer, 'capturing an order (no capture)');
    const amount = toMoney(capture.amount);
    // A 201 may still carry a capture PayPal refused or holds: the capture's status decides, not the order's.
    if (capture.status === 'COMPLETED')
      return { outcome: 'completed', captureId: capture.id, amount, ...(order.payer?.payer_id ? { payerId: order.payer.payer_id } : {}) };
    if (capture.status === 'PENDING') return { outcome: 'pending', captureId: capture.id, amount };
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') return { outcome: 'declined' };
    throw unreadable(answer, `capturing an order (capture status ${capture.status})`);
  }

  /**
   * Gives back all or part of a capture (Payments v2). A capture with nothing left to refund answers
   * `already-refunded` and an amount above what is left `exceeds-remaining`, as values: both come
   * from refunds already made, which the caller reads as state rather than as a fault. Other refusals
   * (an unknown capture, another currency than the capture's, a malformed amount) throw PaypalError
   * with PayPal's issue. Repeat a refund that threw a retryable error with the same `requestId`.
   */
  async refundCapture(captureId: string, input: RefundCaptureInput): Promise<RefundOutcome> {
    const answer = await this.call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      requestId: input.requestId,
      body: {
        ...(input.amount === undefined ? {} : { amount: { currency_code: input.amount.currency, value: input.amount.value } }),
        ...(input.noteToPayer === undefined ? {} : { note_to_payer: input.noteToPayer }),
      },
      representation: true,
    });
    const refused = expectedRefusal(answer, REFUND_OUTCOMES);
    if (refused) return refused;
    if (answer.status !== 200 && answer.status !== 201) throw faultOf(answer);
    const refund = refundSchema.safeParse(answer.body);
    if (!refund.success) throw unreadable(answer, 'refunding a capture');
    return { outcome: 'refunded', refundId: refund.data.id, status: refund.data.status, amount: toMoney(refund.data.amount) };
  }

  async getOrder(orderId: string): Promise<PaypalOrderState> {
    const answer = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (answer.status !== 200) throw faultOf(answer);
    const order = readOrder(answer, 'showing an order');
    const unit = order.purchase_units[0];
    const capture = unit?.payments?.captures?.[0];
    const amount = capture?.amount ?? unit?.amount;
    return {
      id: order.id,
      status: order.status,
      ...(capture && { captureId: capture.id, captureStatus: capture.status }),
      ...(amount && { amount: toMoney(amount) }),
      ...(order.payer?.payer_id && { payerId: order.payer.payer_id }),
    };
  }

  /**
   * Asks PayPal whether a webhook came from it, untouched, for our webhook id. Pass the body exactly
   * as received: PayPal checks the event as it signed it, and parsing then re-encoding it could change it.
   * False when a transmission header is missing or the body is not JSON.
   */
  async verifyWebhook(headers: WebhookHeaders, rawEvent: string | Buffer): Promise<boolean> {
    const lowerCased = new Map(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value[0] : value]),
    );
    const transmission: Record<string, string> = {};
    for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
      const value = lowerCased.get(header);
      if (!value) return false;
      transmission[field] = value;
    }
    const event = rawEvent.toString();
    try {
      const parsed: unknown = JSON.parse(event);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
    } catch {
      return false;
    }
    const head = JSON.stringify({ ...transmission, webhook_id: this.options.webhookId });
    const answer = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      rawBody: `${head.slice(0, -1)},"webhook_event":${event}}`,
    });
    if (answer.status !== 200) throw faultOf(answer);
    const verification = verificationSchema.safeParse(answer.body);
    if (!verification.success) throw unreadable(answer, 'verifying a webhook');
    return verification.data.verification_status === 'SUCCESS';
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    {
      requestId,
      body,
      rawBody,
      representation = false,
    }: { requestId?: string; body?: unknown; rawBody?: string; representation?: boolean } = {},
  ): Promise<PaypalAnswer> {
    const send = (token: string) =>
      this.request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(requestId === undefined ? {} : { 'paypal-request-id': requestId }),
          ...(representation ? { prefer: 'return=representation' } : {}),
        },
        body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
    const token = await this.accessToken();
    const answer = await send(token);
    if (answer.status !== 401) return answer;
    await this.dropToken(token);
    return send(await this.accessToken());
  }

  private async accessToken(): Promise<string> {
    const cached = this.options.redis
      ? await this.options.redis.get(this.tokenKey)
      : this.memoryToken && this.memoryToken.expiresAt > Date.now()
        ? this.memoryToken.token
        : null;
    if (cached) return cached;
    // Callers of this process that miss the cache together wait for one OAuth call.
    this.tokenRequest ??= this.newAccessToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async newAccessToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const answer = await this.request('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (answer.status !== 200) throw faultOf(answer);
    const token = tokenSchema.safeParse(answer.body);
    if (!token.success) throw unreadable(answer, 'the OAuth token request');
    const lifetime = token.data.expires_in;
    // Kept a little shorter than PayPal keeps it, so no call goes out with a token in its last seconds.
    const ttlSeconds = Math.max(1, lifetime - Math.min(300, Math.ceil(lifetime / 10)));
    if (this.options.redis) await this.options.redis.set(this.tokenKey, token.data.access_token, 'EX', ttlSeconds);
    else this.memoryToken = { token: token.data.access_token, expiresAt: Date.now() + ttlSeconds * 1000 };
    return token.data.access_token;
  }

  private async dropToken(token: string): Promise<void> {
    if (this.options.redis) await this.options.redis.eval(DROP_TOKEN_SCRIPT, 1, this.tokenKey, token);
    else if (this.memoryToken?.token === token) this.memoryToken = null;
  }

  private async request(path: string, init: RequestInit): Promise<PaypalAnswer> {
    try {
      const response = await fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: response.status, body };
    } catch (error) {
      // Read by shape: fetch's errors (a DOMException on timeout) need not share this realm's Error.
      const { name, message, cause } = (error ?? {}) as { name?: string; message?: string; cause?: { message?: string } };
      const reason = name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : (cause?.message ?? message ?? String(error));
      throw new PaypalError({ status: null, name: 'NETWORK_ERROR', issue: null, description: reason, debugId: null });
    }
  }
}

export type PaypalSettings = Pick<
  AppConfig,
  'PAYPAL_BASE_URL' | 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_WEBHOOK_ID' | 'REDIS_PREFIX'
>;

/** The client the configuration names: the sandbox unless PAYPAL_* point at PayPal, its token shared through Redis. */
export function paypalClientFromConfig(config: PaypalSettings, redis: Redis): PaypalClient {
  return new PaypalClient({
    baseUrl: config.PAYPAL_BASE_URL,
    clientId: config.PAYPAL_CLIENT_ID,
    clientSecret: config.PAYPAL_CLIENT_SECRET,
    webhookId: config.PAYPAL_WEBHOOK_ID,
    redis,
    redisPrefix: config.REDIS_PREFIX,
  });
}
