import { randomBytes, randomInt } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  checkStkPush,
  checkStkQuery,
  checkTransactionStatus,
  eatTimestamp,
  isKenyanMobile,
  type DarajaInitiator,
  type StkPushRequest,
  type TransactionStatusRequest,
} from './request-checks.js';
import { stkOutcomeFor } from './test-numbers.js';

export { DARAJA_TEST_NUMBERS, type DarajaTestNumber } from './test-numbers.js';

export interface DarajaSandboxOptions extends DarajaInitiator {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** How long the "phone" takes before the callback (the PIN prompt), and M-Pesa before a Transaction Status result. */
  callbackDelayMs: number;
}

/** How the sandbox treats the callbacks of one transaction, or of every push to one phone. */
export interface CallbackBehaviour {
  /** Copies of the callback, sent at the same moment (Safaricom does send duplicates). */
  copies?: number;
  /** Added to the callback delay. */
  extraDelayMs?: number;
  /** Never send the callback; a query still reports the result. */
  drop?: boolean;
  /** The Amount the success callback and Transaction Status results report instead of the amount pushed. */
  amount?: number;
  /** Never send a Transaction Status result about this payment to its ResultURL; the query is still recorded. */
  dropStatusResults?: boolean;
}

export type CallbackTarget = { checkoutRequestId: string } | { phone: string };

export interface CallbackDelivery {
  copy: number;
  attempt: number;
  at: string;
  /** The callback URL's HTTP status, or the network error when there was none. */
  status?: number;
  error?: string;
}

/** One Transaction Status query about a transaction, and the delivery of its result to the ResultURL. */
export interface StatusQuery {
  originatorConversationId: string;
  conversationId: string;
  /** The receipt the query named, if it named one. */
  transactionId: string | null;
  at: string;
  resultUrl: string;
  /** What the result says, as the transaction stood when the query came: 0 with the receipt once paid. */
  resultCode: number;
  resultDesc: string;
  deliveries: CallbackDelivery[];
}

export interface DarajaTransaction extends StkPushRequest {
  merchantRequestId: string;
  checkoutRequestId: string;
  createdAt: string;
  /** When the shopper "answers" the prompt: the result is known and the callback goes out. */
  dueAt: string;
  state: 'pending' | 'finished';
  resultCode: number;
  resultDesc: string;
  /** The MpesaReceiptNumber of a successful payment. */
  receipt: string | null;
  behaviour: CallbackBehaviour;
  deliveries: CallbackDelivery[];
  statusQueries: StatusQuery[];
}

export interface DarajaSandboxControl {
  transactions(): DarajaTransaction[];
  transaction(checkoutRequestId: string): DarajaTransaction | undefined;
  /** For a phone, applies to every later push to it until reset; for a transaction, it must still be pending. */
  setCallbackBehaviour(target: CallbackTarget, behaviour: CallbackBehaviour): void;
  /**
   * Finishes a pending transaction now, or sends a finished one's callback once more, whatever its
   * behaviour or result (a 1037 too); resolves when delivered.
   */
  sendCallbackNow(checkoutRequestId: string): Promise<DarajaTransaction>;
  /** Lifetime of the access tokens issued from now on. */
  setTokenLifetime(seconds: number): void;
  /** Makes every access token issued so far invalid. */
  expireTokens(): void;
  tokensIssued(): number;
  reset(): void;
  stop(): void;
}

export interface DarajaSandbox {
  router: Router;
  control: DarajaSandboxControl;
}

/** A control call the sandbox cannot honour (unknown transaction, bad behaviour): HTTP 400/404/409. */
export class DarajaControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'DarajaControlError';
  }
}

interface DarajaFault {
  requestId: string;
  errorCode: string;
  errorMessage: string;
}

interface LiveTransaction {
  record: DarajaTransaction;
  timer?: NodeJS.Timeout;
}

const DEFAULT_TOKEN_LIFETIME_SECONDS = 3599;
/** Safaricom tries a callback URL very few times: one attempt plus two retries, a second apart. */
const CALLBACK_ATTEMPTS = 3;
const CALLBACK_RETRY_DELAY_MS = 1000;
const CALLBACK_TIMEOUT_MS = 5000;
const MAX_COPIES = 10;
const ACCEPTED = 'Success. Request accepted for processing';
/** Daraja's own spelling. */
const QUERY_ACCEPTED = 'The service request has been accepted successsfully';
const STATUS_QUERY_ACCEPTED = 'Accept the service request successfully.';
const STATUS_FOUND = { resultCode: 0, resultDesc: 'The service request is processed successfully.' };
/** The sandbox's own code (and words, below) for a transaction it has no paid record of. */
const STATUS_NOT_FOUND_CODE = 1;
/** The names status results give the parties: the sandbox knows numbers, not names. */
const CUSTOMER_NAME = 'John Doe';
const PAYBILL_NAME = 'Toy Duka';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Every delivery in flight listens to one signal: hundreds at once on a busy run are expected, not a leak. */
function deliveryController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

function checkBehaviour(behaviour: unknown): CallbackBehaviour {
  if (typeof behaviour !== 'object' || behaviour === null)
    throw new DarajaControlError(400, 'A behaviour is an object of copies, extraDelayMs, drop, amount and dropStatusResults.');
  const { copies, extraDelayMs, drop, amount, dropStatusResults } = behaviour as Record<string, unknown>;
  const wholeIn = (value: unknown, min: number, max: number) =>
    value === undefined || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max);
  if (!wholeIn(copies, 1, MAX_COPIES)) throw new DarajaControlError(400, `copies must be a whole number from 1 to ${MAX_COPIES}.`);
  if (!wholeIn(extraDelayMs, 0, 3_600_000))
    throw new DarajaControlError(400, 'extraDelayMs must be a whole number of milliseconds up to an hour.');
  if (!wholeIn(amount, 0, Number.MAX_SAFE_INTEGER)) throw new DarajaControlError(400, 'amount must be a whole number of shillings.');
  if (drop !== undefined && typeof drop !== 'boolean') throw new DarajaControlError(400, 'drop must be true or false.');
  if (dropStatusResults !== undefined && typeof dropStatusResults !== 'boolean')
    throw new DarajaControlError(400, 'dropStatusResults must be true or false.');
  return Object.fromEntries(
    Object.entries({ copies, extraDelayMs, drop, amount, dropStatusResults }).filter(([, value]) => value !== undefined),
  );
}

/** What M-Pesa took from the shopper: the pushed amount unless a behaviour says otherwise. */
function amountTaken(record: DarajaTransaction): number {
  return record.behaviour.amount ?? record.amount;
}

/**
 * Daraja as the shop uses it: OAuth, STK push, the delayed callback to the shop, the STK query and
 * the Transaction Status query with its delayed result, with state in memory. Mounted at SANDBOX_PATHS.daraja; `/control` serves the test controls over HTTP.
 */
export function createDarajaSandbox(options: DarajaSandboxOptions): DarajaSandbox {
  const live = new Map<string, LiveTransaction>();
  const phoneBehaviours = new Map<string, CallbackBehaviour>();
  const tokens = new Map<string, number>();
  // Kept across reset: the shop's database remembers receipts longer than the sandbox does.
  const receipts = new Set<string>();
  let tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS;
  let tokensIssued = 0;
  let sequence = 0;
  // Aborted by reset and stop, so that no callback of a forgotten transaction goes out afterwards.
  let deliveries = deliveryController();

  const requestId = (): string => `${randomInt(1000, 99_999)}-${randomInt(1_000_000, 99_999_999)}-${++sequence}`;
  const fault = (response: Response, status: number, errorCode: string, errorMessage: string, id = requestId()): void => {
    response.status(status).json({ requestId: id, errorCode, errorMessage } satisfies DarajaFault);
  };

  function newCheckoutRequestId(now: Date): string {
    const stamp = eatTimestamp(now);
    // Daraja's look: ws_CO_ then DDMMYYYYHHmmss, then digits of its own.
    const dayFirst = `${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}`;
    for (;;) {
      const id = `ws_CO_${dayFirst}${String(now.getMilliseconds()).padStart(3, '0')}${randomDigits(9)}`;
      if (!live.has(id)) return id;
    }
  }

  function newReceipt(): string {
    for (;;) {
      const receipt = Array.from({ length: 10 }, (_, index) => ALPHANUMERIC[randomInt(index === 0 ? 26 : ALPHANUMERIC.length)]).join('');
      if (!receipts.has(receipt)) {
        receipts.add(receipt);
        return receipt;
      }
    }
  }

  function callbackBody(record: DarajaTransaction, finishedAt: Date): unknown {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResultCode: record.resultCode,
      ResultDesc: record.resultDesc,
    };
    if (record.resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: amountTaken(record) },
          { Name: 'MpesaReceiptNumber', Value: record.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(eatTimestamp(finishedAt)) },
          { Name: 'PhoneNumber', Value: Number(record.phone) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  /** Posts a callback or a status result as Safaricom does, recording every attempt in `log`. */
  async function deliverCopy(url: string, body: string, copy: number, log: CallbackDelivery[], signal: AbortSignal): Promise<void> {
    for (let attempt = 1; !signal.aborted; attempt += 1) {
      const delivery: CallbackDelivery = { copy, attempt, at: new Date().toISOString() };
      log.push(delivery);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(CALLBACK_TIMEOUT_MS)]),
        });
        delivery.status = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (response.status < 500) return;
      } catch (error) {
        const { message, cause } = error as { message?: string; cause?: { code?: string } };
        delivery.error = cause?.code ?? message ?? String(error);
      }
      if (attempt >= CALLBACK_ATTEMPTS) return;
      await sleep(CALLBACK_RETRY_DELAY_MS, undefined, { signal }).catch(() => undefined);
    }
  }

  async function deliver(record: DarajaTransaction, copies: number, finishedAt: Date): Promise<void> {
    const body = JSON.stringify(callbackBody(record, finishedAt));
    const { signal } = deliveries;
    await Promise.all(
      Array.from({ length: copies }, (_, index) => deliverCopy(record.callbackUrl, body, index + 1, record.deliveries, signal)),
    );
  }

  function newConversationId(now: Date): string {
    return `AG_${eatTimestamp(now).slice(0, 8)}_${randomBytes(10).toString('hex')}`;
  }

  /** A receipt names the paid transaction; otherwise the sandbox's rule: the OriginatorConversationID is an STK push's CheckoutRequestID. */
  function transactionAskedAbout({ transactionId, originatorConversationId }: TransactionStatusRequest): DarajaTransaction | undefined {
    if (transactionId !== null) return [...live.values()].find(({ record }) => record.receipt === transactionId)?.record;
    return originatorConversationId === null ? undefined : live.get(originatorConversationId)?.record;
  }

  /** The Result M-Pesa posts to the ResultURL: the payment's details once it is paid, otherwise that there is none. */
  function statusResultBody(query: StatusQuery, request: TransactionStatusRequest, paid: DarajaTransaction | undefined): unknown {
    const result: Record<string, unknown> = {
      ResultType: 0,
      ResultCode: query.resultCode,
      ResultDesc: query.resultDesc,
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
    };
    if (paid) {
      const initiatedTime = Number(eatTimestamp(new Date(paid.createdAt)));
      result.TransactionID = paid.receipt;
      result.ResultParameters = {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: `${paid.phone} - ${CUSTOMER_NAME}` },
          { Key: 'CreditPartyName', Value: `${options.shortcode} - ${PAYBILL_NAME}` },
          { Key: 'OriginatorConversationID', Value: query.originatorConversationId },
          { Key: 'InitiatedTime', Value: initiatedTime },
          { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
          { Key: 'DebitPartyCharges' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: 'Pay Bill Online' },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'FinalisedTime', Value: Number(eatTimestamp(new Date(paid.dueAt))) },
          { Key: 'Amount', Value: amountTaken(paid) },
          { Key: 'ConversationID', Value: query.conversationId },
          { Key: 'ReceiptNo', Value: paid.receipt },
        ],
      };
    }
    result.ReferenceData = {
      ReferenceItem: request.occasion === null ? { Key: 'Occasion' } : { Key: 'Occasion', Value: request.occasion },
    };
    return { Result: result };
  }

  /**
   * Answered as the transaction stands when the query comes, so a test knows what the result will
   * say; the result goes to the ResultURL after the callback delay, as M-Pesa takes its time too.
   */
  function startStatusQuery(request: TransactionStatusRequest, now: Date): StatusQuery {
    const record = transactionAskedAbout(request);
    const paid = record?.state === 'finished' && record.resultCode === 0 ? record : undefined;
    const query: StatusQuery = {
      originatorConversationId: request.originatorConversationId ?? requestId(),
      conversationId: newConversationId(now),
      transactionId: request.transactionId,
      at: now.toISOString(),
      resultUrl: request.resultUrl,
      ...(paid
        ? STATUS_FOUND
        : {
            resultCode: STATUS_NOT_FOUND_CODE,
            resultDesc: `No transaction found for the given ${request.transactionId === null ? 'OriginatorConversationID' : 'TransactionID'}`,
          }),
      deliveries: [],
    };
    record?.statusQueries.push(query);
    if (record?.behaviour.dropStatusResults) return query;
    const body = JSON.stringify(statusResultBody(query, request, paid));
    const { signal } = deliveries;
    void sleep(options.callbackDelayMs, undefined, { signal }).then(
      () => deliverCopy(query.resultUrl, body, 1, query.deliveries, signal),
      () => undefined,
    );
    return query;
  }

  /** The shopper has answered the prompt: from now on a query tells the result. */
  function settle(transaction: LiveTransaction): Date {
    clearTimeout(transaction.timer);
    transaction.timer = undefined;
    const { record } = transaction;
    const finishedAt = new Date();
    record.state = 'finished';
    record.dueAt = finishedAt.toISOString();
    if (record.resultCode === 0) record.receipt = newReceipt();
    return finishedAt;
  }

  function finish(transaction: LiveTransaction): void {
    const finishedAt = settle(transaction);
    const { record } = transaction;
    if (record.behaviour.drop || !stkOutcomeFor(record.phone).callsBack) return;
    void deliver(record, record.behaviour.copies ?? 1, finishedAt);
  }

  function schedule(transaction: LiveTransaction): void {
    clearTimeout(transaction.timer);
    const wait = Math.max(0, Date.parse(transaction.record.dueAt) - Date.now());
    transaction.timer = setTimeout(() => finish(transaction), wait);
  }

  function startPush(request: StkPushRequest, now: Date): DarajaTransaction {
    const outcome = stkOutcomeFor(request.phone);
    const behaviour = { ...phoneBehaviours.get(request.phone) };
    const record: DarajaTransaction = {
      ...request,
      merchantRequestId: requestId(),
      checkoutRequestId: newCheckoutRequestId(now),
      createdAt: now.toISOString(),
      dueAt: new Date(now.getTime() + options.callbackDelayMs + (behaviour.extraDelayMs ?? 0)).toISOString(),
      state: 'pending',
      resultCode: outcome.resultCode,
      resultDesc: outcome.resultDesc,
      receipt: null,
      behaviour,
      deliveries: [],
      statusQueries: [],
    };
    const transaction: LiveTransaction = { record };
    live.set(record.checkoutRequestId, transaction);
    schedule(transaction);
    return record;
  }

  function stopDeliveries(): void {
    deliveries.abort();
    deliveries = deliveryController();
    for (const transaction of live.values()) clearTimeout(transaction.timer);
  }

  const control: DarajaSandboxControl = {
    transactions: () => [...live.values()].map(({ record }) => structuredClone(record)),
    transaction: (checkoutRequestId) => {
      const transaction = live.get(checkoutRequestId);
      return transaction && structuredClone(transaction.record);
    },
    setCallbackBehaviour(target, behaviour) {
      const checked = checkBehaviour(behaviour);
      if ('phone' in target) {
        if (!isKenyanMobile(target.phone)) throw new DarajaControlError(400, 'phone must be a 12-digit 2547… or 2541… number.');
        phoneBehaviours.set(target.phone, checked);
        return;
      }
      const transaction = live.get(target.checkoutRequestId);
      if (!transaction) throw new DarajaControlError(404, `No transaction ${target.checkoutRequestId}.`);
      if (transaction.record.state !== 'pending')
        throw new DarajaControlError(409, `Transaction ${target.checkoutRequestId} has already finished.`);
      const { record } = transaction;
      if (checked.extraDelayMs !== undefined) {
        // A new extra delay replaces the one the transaction had, counted from the same start.
        const shift = checked.extraDelayMs - (record.behaviour.extraDelayMs ?? 0);
        record.dueAt = new Date(Date.parse(record.dueAt) + shift).toISOString();
      }
      record.behaviour = { ...record.behaviour, ...checked };
      schedule(transaction);
    },
    async sendCallbackNow(checkoutRequestId) {
      const transaction = live.get(checkoutRequestId);
      if (!transaction) throw new DarajaControlError(404, `No transaction ${checkoutRequestId}.`);
      const { record } = transaction;
      if (record.state === 'pending') await deliver(record, record.behaviour.copies ?? 1, settle(transaction));
      else await deliver(record, 1, new Date(record.dueAt));
      return structuredClone(transaction.record);
    },
    setTokenLifetime(seconds) {
      if (!Number.isInteger(seconds) || seconds < 1)
        throw new DarajaControlError(400, 'A token lifetime is a whole number of seconds, at least 1.');
      tokenLifetimeSeconds = seconds;
    },
    expireTokens: () => tokens.clear(),
    tokensIssued: () => tokensIssued,
    reset() {
      stopDeliveries();
      live.clear();
      phoneBehaviours.clear();
      tokens.clear();
      tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS;
      tokensIssued = 0;
    },
    stop: stopDeliveries,
  };

  const router = express.Router();
  const json = express.json({ limit: '16kb' });

  router.get('/oauth/v1/generate', (request, response) => {
    if (request.query.grant_type !== 'client_credentials') return fault(response, 400, '400.008.02', 'Invalid grant type passed');
    const [scheme, encoded] = (request.get('authorization') ?? '').split(' ');
    const expected = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64');
    if (scheme !== 'Basic' || encoded !== expected) return fault(response, 400, '400.008.01', 'Invalid Authentication passed');
    const accessToken = randomBytes(21).toString('base64url');
    tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    tokensIssued += 1;
    response.json({ access_token: accessToken, expires_in: String(tokenLifetimeSeconds) });
  });

  const bearer = (request: Request, response: Response, next: NextFunction): void => {
    const [scheme, token] = (request.get('authorization') ?? '').split(' ');
    const expiresAt = scheme === 'Bearer' && token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) return fault(response, 404, '404.001.03', 'Invalid Access Token');
    next();
  };

  router.post('/mpesa/stkpush/v1/processrequest', bearer, json, (request, response) => {
    const now = new Date();
    const checked = checkStkPush(request.body, options, now);
    if (!checked.ok) return fault(response, 400, '400.002.02', `Bad Request - Invalid ${checked.invalidField}`);
    const record = startPush(checked.value, now);
    response.json({
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: ACCEPTED,
      CustomerMessage: ACCEPTED,
    });
  });

  router.post('/mpesa/stkpushquery/v1/query', bearer, json, (request, response) => {
    const checked = checkStkQuery(request.body, options, new Date());
    if (!checked.ok) return fault(response, 400, '400.002.02', `Bad Request - Invalid ${checked.invalidField}`);
    const record = live.get(checked.value)?.record;
    if (!record) return fault(response, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
    if (record.state === 'pending')
      return fault(response, 500, '500.001.1001', 'The transaction is being processed', record.checkoutRequestId);
    response.json({
      ResponseCode: '0',
      ResponseDescription: QUERY_ACCEPTED,
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResultCode: String(record.resultCode),
      ResultDesc: record.resultDesc,
    });
  });

  router.post('/mpesa/transactionstatus/v1/query', bearer, json, (request, response) => {
    const checked = checkTransactionStatus(request.body, options);
    if (!checked.ok) return fault(response, 400, '400.002.02', `Bad Request - Invalid ${checked.invalidField}`);
    const query = startStatusQuery(checked.value, new Date());
    response.json({
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      ResponseCode: '0',
      ResponseDescription: STATUS_QUERY_ACCEPTED,
    });
  });

  router.get('/control/transactions', (_request, response) => {
    response.json(control.transactions());
  });
  router.get('/control/transactions/:checkoutRequestId', (request, response) => {
    const record = control.transaction(request.params.checkoutRequestId);
    if (!record) throw new DarajaControlError(404, `No transaction ${request.params.checkoutRequestId}.`);
    response.json(record);
  });
  router.put('/control/transactions/:checkoutRequestId/behaviour', json, (request, response) => {
    control.setCallbackBehaviour({ checkoutRequestId: request.params.checkoutRequestId }, request.body as CallbackBehaviour);
    response.json(control.transaction(request.params.checkoutRequestId));
  });
  router.post('/control/transactions/:checkoutRequestId/callback', async (request, response) => {
    response.json(await control.sendCallbackNow(request.params.checkoutRequestId));
  });
  router.put('/control/phones/:phone/behaviour', json, (request, response) => {
    control.setCallbackBehaviour({ phone: request.params.phone }, request.body as CallbackBehaviour);
    response.status(204).end();
  });
  router.get('/control/tokens', (_request, response) => {
    response.json({ issued: control.tokensIssued(), lifetimeSeconds: tokenLifetimeSeconds });
  });
  router.put('/control/tokens/lifetime', json, (request, response) => {
    control.setTokenLifetime((request.body as { seconds?: unknown }).seconds as number);
    response.status(204).end();
  });
  router.post('/control/tokens/expire', (_request, response) => {
    control.expireTokens();
    response.status(204).end();
  });
  router.post('/control/reset', (_request, response) => {
    control.reset();
    response.status(204).end();
  });

  // Daraja answers unreadable JSON in its own error shape; control mistakes get a plain reason.
  router.use((error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (error instanceof DarajaControlError) {
      response.status(error.status).json({ error: error.message });
    } else if ((error as { type?: string }).type === 'entity.parse.failed' && !request.path.startsWith('/control')) {
      fault(response, 400, '400.002.02', 'Bad Request - Invalid JSON');
    } else if ((error as { type?: string }).type === 'entity.parse.failed') {
      response.status(400).json({ error: 'The body is not JSON.' });
    } else {
      next(error);
    }
  });

  return { router, control };
}
