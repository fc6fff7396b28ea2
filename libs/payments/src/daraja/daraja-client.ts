import type { Redis } from 'ioredis';
import { z } from 'zod';
import { kenyanMobileNumber } from '@shop/contracts';
import { DarajaError } from './daraja-error.js';
import { darajaPassword, darajaTimestamp } from './daraja-timestamp.js';

export interface DarajaClientOptions {
  /** Safaricom's host (https://api.safaricom.co.ke) or the sandbox's Daraja path. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill the shopper pays. */
  shortcode: string;
  passkey: string;
  redis: Redis;
  redisPrefix: string;
  timeoutMs?: number;
}

export interface StkPushInput {
  /** Any way a Kenyan mobile number is written (07…, +254…, 254…). */
  phone: string;
  /** Whole shillings. */
  amount: number;
  /** At most 12 characters: Daraja refuses longer ones. */
  accountReference: string;
  /** At most 13 characters: Daraja refuses longer ones. */
  transactionDesc: string;
  callbackUrl: string;
}

/** Daraja took the push and is prompting the phone; the result comes by callback or query. */
export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  responseDescription: string;
  customerMessage: string;
}

export type StkQueryResult = { state: 'pending' } | { state: 'finished'; resultCode: number; resultDesc: string };

interface DarajaAnswer {
  status: number;
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Network failures that mean the request never reached Daraja. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const INVALID_ACCESS_TOKEN = '404.001.03';
/** Daraja's answer to a query while the shopper has not yet answered the prompt. */
const STILL_PROCESSING = { errorCode: '500.001.1001', message: /being processed/i };

const wholeNumber = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: wholeNumber.pipe(z.number().min(1)) });
const faultSchema = z.object({ errorCode: z.string().optional(), errorMessage: z.string().optional() });
const acceptedSchema = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.string(),
  ResponseDescription: z.string(),
  CustomerMessage: z.string(),
});
const queryAnswerSchema = z.object({ ResultCode: wholeNumber, ResultDesc: z.string() });

/** Where the shared access token lives in Redis. */
export function darajaTokenKey(redisPrefix: string): string {
  return `${redisPrefix}:daraja:access-token`;
}

/** Deletes the cached token only if it is still the one Daraja refused, not a fresh one another process stored. */
const DROP_TOKEN_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/**
 * Lipa na M-Pesa Online (STK push) over Daraja's HTTP API. The access token is cached in Redis so
 * that every api and worker process shares one, as Safaricom asks.
 */
export class DarajaClient {
  private readonly baseUrl: string;
  private readonly tokenKey: string;
  private readonly timeoutMs: number;
  private tokenRequest: Promise<string> | undefined;

  constructor(private readonly options: DarajaClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.tokenKey = darajaTokenKey(options.redisPrefix);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Prompts the phone for the payment; throws DarajaError when Daraja does not take it. */
  async stkPush(input: StkPushInput): Promise<StkPushAccepted> {
    const phone = kenyanMobileNumber(input.phone);
    if (!phone) throw new DarajaError({ status: null, errorCode: null, errorMessage: 'Not a Kenyan mobile number', outcomeUnknown: false });
    const answer = await this.authorizedPost('/mpesa/stkpush/v1/processrequest', {
      ...this.credentials(),
      TransactionType: 'CustomerPayBillOnline',
      Amount: input.amount,
      PartyA: phone,
      PartyB: this.options.shortcode,
      PhoneNumber: phone,
      CallBackURL: input.callbackUrl,
      AccountReference: input.accountReference,
      TransactionDesc: input.transactionDesc,
    });
    if (answer.status !== 200) throw faultOf(answer);
    const accepted = acceptedSchema.safeParse(answer.body);
    if (!accepted.success) {
      throw new DarajaError({ status: answer.status, errorCode: null, errorMessage: 'Unreadable answer to an STK push', outcomeUnknown: true });
    }
    const { MerchantRequestID, CheckoutRequestID, ResponseCode, ResponseDescription, CustomerMessage } = accepted.data;
    if (ResponseCode !== '0') throw new DarajaError({ status: answer.status, errorCode: ResponseCode, errorMessage: ResponseDescription, outcomeUnknown: false });
    return { merchantRequestId: MerchantRequestID, checkoutRequestId: CheckoutRequestID, responseDescription: ResponseDescription, customerMessage: CustomerMessage };
  }

  /** The push's result as Daraja knows it now: still pending, or finished with a result code. */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const answer = await this.authorizedPost('/mpesa/stkpushquery/v1/query', { ...this.credentials(), CheckoutRequestID: checkoutRequestId });
    if (answer.status === 200) {
      const result = queryAnswerSchema.safeParse(answer.body);
      if (!result.success) throw new DarajaError({ status: answer.status, errorCode: null, errorMessage: 'Unreadable answer to an STK query', outcomeUnknown: true });
      return { state: 'finished', resultCode: result.data.ResultCode, resultDesc: result.data.ResultDesc };
    }
    const fault = faultOf(answer);
    if (fault.errorCode === STILL_PROCESSING.errorCode && STILL_PROCESSING.message.test(fault.errorMessage)) return { state: 'pending' };
    throw fault;
  }

  private credentials(): Record<string, string> {
    const timestamp = darajaTimestamp();
    return { BusinessShortCode: this.options.shortcode, Password: darajaPassword(this.options.shortcode, this.options.passkey, timestamp), Timestamp: timestamp };
  }

  /** A Daraja refusal of the token (it expired or was revoked early) costs one new token and one retry. */
  private async authorizedPost(path: string, payload: Record<string, unknown>): Promise<DarajaAnswer> {
    const post = (token: string) => this.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    const token = await this.accessToken();
    const answer = await post(token);
    if (!refusesToken(answer)) return answer;
    await this.options.redis.eval(DROP_TOKEN_SCRIPT, 1, this.tokenKey, token);
    return post(await this.accessToken());
  }

  private async accessToken(): Promise<string> {
    const cached = await this.options.redis.get(this.tokenKey);
    if (cached) return cached;
    // Callers of this process that miss the cache together wait for one OAuth call.
    this.tokenRequest ??= this.newAccessToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async newAccessToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.consumerKey}:${this.options.consumerSecret}`).toString('base64');
    let answer: DarajaAnswer;
    try {
      answer = await this.request('/oauth/v1/generate?grant_type=client_credentials', { method: 'GET', headers: { authorization: `Basic ${basic}` } });
    } catch (error) {
      // Without a token nothing was asked of M-Pesa yet, whatever happened to the OAuth call.
      throw error instanceof DarajaError ? new DarajaError({ status: error.status, errorCode: error.errorCode, errorMessage: error.errorMessage, outcomeUnknown: false }) : error;
    }
    const token = tokenSchema.safeParse(answer.body);
    if (answer.status !== 200 || !token.success) {
      const fault = faultOf(answer);
      throw new DarajaError({ status: fault.status, errorCode: fault.errorCode, errorMessage: fault.errorMessage, outcomeUnknown: false });
    }
    const lifetime = token.data.expires_in;
    // Stored a little shorter than Daraja keeps it, so no process picks a token in its last seconds.
    await this.options.redis.set(this.tokenKey, token.data.access_token, 'EX', Math.max(1, lifetime - Math.min(60, Math.floor(lifetime / 10))));
    return token.data.access_token;
  }

  private async request(path: string, init: RequestInit): Promise<DarajaAnswer> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw networkFault(error, this.timeoutMs);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkFault(error, this.timeoutMs);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }
}

function refusesToken(answer: DarajaAnswer): boolean {
  return answer.status === 401 || faultSchema.safeParse(answer.body).data?.errorCode === INVALID_ACCESS_TOKEN;
}

function faultOf(answer: DarajaAnswer): DarajaError {
  const fault = faultSchema.safeParse(answer.body).data;
  // A Daraja error body is a deliberate refusal; a bare 5xx (a gateway's page) may hide a push that went out.
  const fromDaraja = Boolean(fault?.errorCode);
  return new DarajaError({
    status: answer.status,
    errorCode: fault?.errorCode ?? null,
    errorMessage: fault?.errorMessage ?? `HTTP ${answer.status}`,
    outcomeUnknown: !fromDaraja && answer.status >= 500,
  });
}

function networkFault(error: unknown, timeoutMs: number): DarajaError {
  // Duck-typed: fetch's errors may come from another realm than this module's Error.
  const { name, message, cause } = (error ?? {}) as { name?: string; message?: string; cause?: { code?: string } };
  if (name === 'TimeoutError') {
    return new DarajaError({ status: null, errorCode: null, errorMessage: `No answer within ${timeoutMs} ms`, outcomeUnknown: true });
  }
  const code = cause?.code;
  return new DarajaError({ status: null, errorCode: null, errorMessage: `Daraja unreachable: ${code ?? message ?? String(error)}`, outcomeUnknown: !code || !NOT_SENT.has(code) });
}
