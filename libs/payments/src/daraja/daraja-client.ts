import type { Redis } from 'ioredis';
import { z } from 'zod';
import { kenyanMobileNumber } from '@shop/contracts/phone';
import { neverSent } from '../never-sent.js';
import { DarajaError } from './daraja-error.js';
import { darajaPassword, darajaTimestamp } from './daraja-timestamp.js';
import { wholeNumber } from './daraja-values.js';

export interface DarajaClientOptions {
  /** Safaricom's host (https://api.safaricom.co.ke) or the sandbox's Daraja path. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill the shopper pays. */
  shortcode: string;
  passkey: string;
  /** The paybill's API user and its encrypted password: needed by transactionStatus only. */
  initiatorName?: string;
  securityCredential?: string;
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

/** Which transaction to ask about (at least one of the two), and where M-Pesa sends the answer. */
export interface TransactionStatusInput {
  /** For an STK push, its CheckoutRequestID: the push has no receipt until the shop learns one. */
  originatorConversationId?: string;
  /** The M-Pesa receipt. */
  transactionId?: string;
  /** Where M-Pesa POSTs the result (parseTransactionStatusResult reads it). */
  resultUrl: string;
  /** Where M-Pesa POSTs when the query timed out in its queue. */
  timeoutUrl: string;
  /** At most 100 characters. */
  remarks: string;
}

/** Daraja took the query; the result comes to the ResultURL, carrying these ids. */
export interface TransactionStatusAccepted {
  originatorConversationId: string;
  conversationId: string;
}

interface DarajaAnswer {
  status: number;
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * How long the token cache may take before the client does without it: ioredis holds commands
 * while it reconnects, and a payment must not wait for Redis.
 */
const REDIS_TIMEOUT_MS = 500;
const INVALID_ACCESS_TOKEN = '404.001.03';
/** The IdentifierType of a PartyA that is a paybill or till shortcode. */
const ORGANISATION_SHORTCODE = '4';
/** Daraja's answer to a query while the shopper has not yet answered the prompt. */
const STILL_PROCESSING = { errorCode: '500.001.1001', message: /being processed/i };

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: wholeNumber.pipe(z.number().min(1)) });
const faultSchema = z.object({ errorCode: z.string().optional(), errorMessage: z.string().optional() });
const acknowledgement = z.object({ ResponseCode: z.string(), ResponseDescription: z.string() });
const pushAcceptedSchema = acknowledgement.extend({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  CustomerMessage: z.string(),
});
const statusAcceptedSchema = acknowledgement.extend({ OriginatorConversationID: z.string().min(1), ConversationID: z.string().min(1) });
const queryAnswerSchema = z.object({ ResultCode: wholeNumber, ResultDesc: z.string() });

/** Where the shared access token lives in Redis. */
export function darajaTokenKey(redisPrefix: string): string {
  return `${redisPrefix}:daraja:access-token`;
}

/** Deletes the cached token only if it is still the one Daraja refused, not a fresh one another process stored. */
const DROP_TOKEN_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/**
 * Lipa na M-Pesa Online (STK push) and the Transaction Status query over Daraja's HTTP API. The
 * access token is cached in Redis so that every api and worker process shares one, as Safaricom
 * asks; without Redis each call fetches its own rather than fail.
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
    const { MerchantRequestID, CheckoutRequestID, ResponseDescription, CustomerMessage } = acceptance(
      answer,
      pushAcceptedSchema,
      'an STK push',
    );
    return {
      merchantRequestId: MerchantRequestID,
      checkoutRequestId: CheckoutRequestID,
      responseDescription: ResponseDescription,
      customerMessage: CustomerMessage,
    };
  }

  /** The push's result as Daraja knows it now: still pending, or finished with a result code. */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const answer = await this.authorizedPost('/mpesa/stkpushquery/v1/query', {
      ...this.credentials(),
      CheckoutRequestID: checkoutRequestId,
    });
    if (answer.status === 200) {
      const result = queryAnswerSchema.safeParse(answer.body);
      if (!result.success)
        throw new DarajaError({
          status: answer.status,
          errorCode: null,
          errorMessage: 'Unreadable answer to an STK query',
          outcomeUnknown: true,
        });
      return { state: 'finished', resultCode: result.data.ResultCode, resultDesc: result.data.ResultDesc };
    }
    const fault = faultOf(answer);
    if (fault.errorCode === STILL_PROCESSING.errorCode && STILL_PROCESSING.message.test(fault.errorMessage)) return { state: 'pending' };
    throw fault;
  }

  /**
   * Asks M-Pesa for a transaction's receipt, amount and status, which the STK query does not tell;
   * the answer comes later to `resultUrl`. Throws DarajaError when Daraja does not take the query.
   */
  async transactionStatus(input: TransactionStatusInput): Promise<TransactionStatusAccepted> {
    const { initiatorName, securityCredential, shortcode } = this.options;
    if (!initiatorName || !securityCredential) {
      throw new Error(
        'The Transaction Status API needs the initiator: set MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL (DarajaClient initiatorName and securityCredential).',
      );
    }
    const answer = await this.authorizedPost('/mpesa/transactionstatus/v1/query', {
      Initiator: initiatorName,
      SecurityCredential: securityCredential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: input.transactionId,
      OriginatorConversationID: input.originatorConversationId,
      PartyA: shortcode,
      IdentifierType: ORGANISATION_SHORTCODE,
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.timeoutUrl,
      Remarks: input.remarks,
    });
    const { OriginatorConversationID, ConversationID } = acceptance(answer, statusAcceptedSchema, 'a Transaction Status query');
    return { originatorConversationId: OriginatorConversationID, conversationId: ConversationID };
  }

  private credentials(): Record<string, string> {
    const timestamp = darajaTimestamp();
    return {
      BusinessShortCode: this.options.shortcode,
      Password: darajaPassword(this.options.shortcode, this.options.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /** A Daraja refusal of the token (it expired or was revoked early) costs one new token and one retry. */
  private async authorizedPost(path: string, payload: Record<string, unknown>): Promise<DarajaAnswer> {
    const post = (token: string) =>
      this.request(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    const token = await this.accessToken();
    const answer = await post(token);
    if (!refusesToken(answer)) return answer;
    await withinRedisBound(this.options.redis.eval(DROP_TOKEN_SCRIPT, 1, this.tokenKey, token));
    return post(await this.accessToken());
  }

  /** Whatever fails here, nothing has been asked of M-Pesa yet: a DarajaError whose outcome is known. */
  private async accessToken(): Promise<string> {
    try {
      const cached = await withinRedisBound(this.options.redis.get(this.tokenKey));
      if (cached) return cached;
      // Callers of this process that miss the cache together wait for one OAuth call.
      this.tokenRequest ??= this.newAccessToken().finally(() => {
        this.tokenRequest = undefined;
      });
      return await this.tokenRequest;
    } catch (error) {
      throw nothingSent(error);
    }
  }

  private async newAccessToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.consumerKey}:${this.options.consumerSecret}`).toString('base64');
    const answer = await this.request('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    });
    const token = tokenSchema.safeParse(answer.body);
    if (answer.status !== 200 || !token.success) throw faultOf(answer);
    const lifetime = token.data.expires_in;
    // Stored a little shorter than Daraja keeps it, so no process picks a token in its last seconds.
    await withinRedisBound(
      this.options.redis.set(this.tokenKey, token.data.access_token, 'EX', Math.max(1, lifetime - Math.min(60, Math.floor(lifetime / 10)))),
    );
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

/** The command's answer, or undefined when Redis fails or is slow: the token cache is a saving, not a need. */
async function withinRedisBound<T>(command: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), REDIS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([command.catch(() => undefined), givenUp]);
  } finally {
    clearTimeout(timer);
  }
}

function nothingSent(error: unknown): DarajaError {
  if (error instanceof DarajaError)
    return new DarajaError({ status: error.status, errorCode: error.errorCode, errorMessage: error.errorMessage, outcomeUnknown: false });
  return new DarajaError({
    status: null,
    errorCode: null,
    errorMessage: `No access token: ${error instanceof Error ? error.message : String(error)}`,
    outcomeUnknown: false,
  });
}

/** Daraja's acceptance of a request, read with `schema`; its refusal, or an answer that cannot be read, as DarajaError. */
function acceptance<T extends z.infer<typeof acknowledgement>>(answer: DarajaAnswer, schema: z.ZodType<T>, request: string): T {
  if (answer.status !== 200) throw faultOf(answer);
  const accepted = schema.safeParse(answer.body);
  if (!accepted.success)
    throw new DarajaError({
      status: answer.status,
      errorCode: null,
      errorMessage: `Unreadable answer to ${request}`,
      outcomeUnknown: true,
    });
  const { ResponseCode, ResponseDescription } = accepted.data;
  if (ResponseCode !== '0')
    throw new DarajaError({ status: answer.status, errorCode: ResponseCode, errorMessage: ResponseDescription, outcomeUnknown: false });
  return accepted.data;
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
  return new DarajaError({
    status: null,
    errorCode: null,
    errorMessage: `Daraja unreachable: ${code ?? message ?? String(error)}`,
    outcomeUnknown: !neverSent(code),
  });
}
