import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, SANDBOX_DARAJA_APP, SANDBOX_GOOGLE_CLIENT, SANDBOX_PATHS } from '@shop/config';
import { waitFor } from '@shop/testing';
import { paymentSandboxOptions, startSandbox, type RunningSandbox } from '../sandbox.js';
import { eatTimestamp } from './request-checks.js';
import { DARAJA_TEST_NUMBERS } from './test-numbers.js';

const CALLBACK_DELAY_MS = 100;
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

interface CallbackReceiver {
  url: string;
  /** STK callbacks and Transaction Status results, as they came. */
  bodies: (StkCallbackBody | StatusResultBody)[];
  /** Statuses to answer the next callbacks with, in order; 200 once they run out. */
  statuses: number[];
  close(): Promise<void>;
}

interface StkCallbackBody {
  Body: {
    stkCallback: {
      MerchantRequestID: string;
      CheckoutRequestID: string;
      ResultCode: number;
      ResultDesc: string;
      CallbackMetadata?: { Item: { Name: string; Value?: string | number }[] };
    };
  };
}

interface StatusResultBody {
  Result: {
    ResultType: number;
    ResultCode: number;
    ResultDesc: string;
    OriginatorConversationID: string;
    ConversationID: string;
    TransactionID?: string;
    ResultParameters?: { ResultParameter: { Key: string; Value?: string | number }[] };
    ReferenceData: { ReferenceItem: { Key: string; Value?: string } };
  };
}

async function startReceiver(): Promise<CallbackReceiver> {
  const bodies: CallbackReceiver['bodies'] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as StkCallbackBody | StatusResultBody);
      response.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/shop/mpesa-callback/token`,
    bodies,
    statuses,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function password(timestamp: string, passkey: string = SANDBOX_DARAJA_APP.passkey): string {
  return Buffer.from(`${SANDBOX_DARAJA_APP.shortcode}${passkey}${timestamp}`).toString('base64');
}

describe('Daraja sandbox', () => {
  let sandbox: RunningSandbox;
  let daraja: string;
  let receiver: CallbackReceiver;
  let token: string;

  const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

  async function newToken(
    authorization = basic(SANDBOX_DARAJA_APP.consumerKey, SANDBOX_DARAJA_APP.consumerSecret),
    grantType = 'client_credentials',
  ): Promise<Response> {
    return fetch(`${daraja}/oauth/v1/generate?grant_type=${grantType}`, { headers: { authorization } });
  }

  async function post(path: string, body: unknown, bearer = token): Promise<{ status: number; body: Record<string, string> }> {
    const response = await fetch(`${daraja}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  function pushRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const timestamp = eatTimestamp(new Date());
    return {
      BusinessShortCode: SANDBOX_DARAJA_APP.shortcode,
      Password: password(timestamp),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1250,
      PartyA: DARAJA_TEST_NUMBERS.success,
      PartyB: SANDBOX_DARAJA_APP.shortcode,
      PhoneNumber: DARAJA_TEST_NUMBERS.success,
      CallBackURL: receiver.url,
      AccountReference: 'TOYDUKA-1042',
      TransactionDesc: 'Toy Duka 1042',
      ...overrides,
    };
  }

  const push = (overrides: Record<string, unknown> = {}) => post('/mpesa/stkpush/v1/processrequest', pushRequest(overrides));

  async function pushAccepted(overrides: Record<string, unknown> = {}): Promise<string> {
    const answer = await push(overrides);
    expect(answer.status).toBe(200);
    return answer.body.CheckoutRequestID;
  }

  function query(checkoutRequestId: string) {
    const timestamp = eatTimestamp(new Date());
    return post('/mpesa/stkpushquery/v1/query', {
      BusinessShortCode: SANDBOX_DARAJA_APP.shortcode,
      Password: password(timestamp),
      Timestamp: timestamp,
      CheckoutRequestID: checkoutRequestId,
    });
  }

  const callbacksOf = (checkoutRequestId: string) =>
    receiver.bodies.filter(
      (body): body is StkCallbackBody => 'Body' in body && body.Body.stkCallback.CheckoutRequestID === checkoutRequestId,
    );
  /** The transaction once `count` deliveries have their outcome recorded (the receiver may see a body first). */
  const delivered = (checkoutRequestId: string, count: number) =>
    waitFor(
      `${count} recorded deliveries`,
      () => {
        const transaction = sandbox.daraja.transaction(checkoutRequestId)!;
        const done = transaction.deliveries.filter((delivery) => delivery.status !== undefined || delivery.error !== undefined);
        return done.length === count && transaction;
      },
      5000,
    );
  const finished = (checkoutRequestId: string) =>
    waitFor('the transaction to finish', () => sandbox.daraja.transaction(checkoutRequestId)?.state === 'finished');

  beforeAll(async () => {
    const options = paymentSandboxOptions(loadConfig({ NODE_ENV: 'test' }));
    sandbox = await startSandbox({
      port: 0,
      ...options,
      daraja: { ...options.daraja, callbackDelayMs: CALLBACK_DELAY_MS },
      googleClient: {
        clientId: SANDBOX_GOOGLE_CLIENT.id,
        clientSecret: SANDBOX_GOOGLE_CLIENT.secret,
        redirectUris: ['http://localhost:3000/api/auth/google/callback'],
      },
    });
    daraja = `${sandbox.url}${SANDBOX_PATHS.daraja}`;
    receiver = await startReceiver();
  });

  beforeEach(async () => {
    sandbox.daraja.reset();
    receiver.bodies.length = 0;
    receiver.statuses.length = 0;
    token = ((await (await newToken()).json()) as { access_token: string }).access_token;
  });

  afterAll(async () => {
    await receiver?.close();
    await sandbox?.close();
  });

  describe('OAuth', () => {
    it('issues an access token for the app credentials, expiring in 3599 seconds', async () => {
      const response = await newToken();
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ access_token: expect.stringMatching(/^\S{20,}$/), expires_in: '3599' });
      expect(sandbox.daraja.tokensIssued()).toBe(2);
    });

    it('refuses wrong credentials as Daraja does', async () => {
      const response = await newToken(basic(SANDBOX_DARAJA_APP.consumerKey, 'not-the-secret'));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        requestId: expect.any(String),
        errorCode: '400.008.01',
        errorMessage: 'Invalid Authentication passed',
      });
    });

    it('refuses a grant type other than client_credentials', async () => {
      const response = await newToken(undefined, 'password');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: '400.008.02', errorMessage: 'Invalid grant type passed' });
    });

    it('refuses a push without a token, with an unknown token and with an expired one', async () => {
      const invalid = { requestId: expect.any(String), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' };
      expect(await post('/mpesa/stkpush/v1/processrequest', pushRequest(), '')).toEqual({ status: 404, body: invalid });
      expect(await post('/mpesa/stkpush/v1/processrequest', pushRequest(), 'made-up-token')).toEqual({ status: 404, body: invalid });

      sandbox.daraja.setTokenLifetime(1);
      const shortLived = (await (await newToken()).json()) as { access_token: string; expires_in: string };
      expect(shortLived.expires_in).toBe('1');
      expect((await post('/mpesa/stkpush/v1/processrequest', pushRequest(), shortLived.access_token)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await post('/mpesa/stkpush/v1/processrequest', pushRequest(), shortLived.access_token)).toEqual({
        status: 404,
        body: invalid,
      });
    });
  });

  describe('STK push', () => {
    it('accepts a valid push the way Daraja does', async () => {
      const answer = await push();
      expect(answer).toEqual({
        status: 200,
        body: {
          MerchantRequestID: expect.stringMatching(/^\d+-\d+-\d+$/),
          CheckoutRequestID: expect.stringMatching(/^ws_CO_\d{20,}$/),
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        },
      });
      expect(sandbox.daraja.transaction(answer.body.CheckoutRequestID)).toMatchObject({
        phone: DARAJA_TEST_NUMBERS.success,
        amount: 1250,
        state: 'pending',
      });
    });

    it('accepts amounts and numbers sent as strings, a 12-character reference and a 13-character description', async () => {
      const answer = await push({
        Amount: '5',
        PartyA: '254712345678',
        PhoneNumber: '254112345678',
        AccountReference: 'A'.repeat(12),
        TransactionDesc: 'D'.repeat(13),
      });
      expect(answer.status).toBe(200);
      expect(sandbox.daraja.transaction(answer.body.CheckoutRequestID)).toMatchObject({ amount: 5, phone: '254112345678' });
    });

    const utcTimestamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    it.each<[string, string, () => Record<string, unknown>]>([
      ['another shortcode', 'BusinessShortCode', () => ({ BusinessShortCode: '600000' })],
      ['a password made with another passkey', 'Password', () => ({ Password: password(eatTimestamp(new Date()), 'another-passkey') })],
      [
        'a timestamp that is not YYYYMMDDHHmmss',
        'Timestamp',
        () => ({ Timestamp: '2025-01-01 10:00', Password: password('2025-01-01 10:00') }),
      ],
      [
        'a timestamp in UTC rather than Nairobi time',
        'Timestamp',
        () => ({ Timestamp: utcTimestamp(), Password: password(utcTimestamp()) }),
      ],
      ['an impossible date', 'Timestamp', () => ({ Timestamp: '20250231120000', Password: password('20250231120000') })],
      ['an unknown transaction type', 'TransactionType', () => ({ TransactionType: 'CustomerPayBill' })],
      ['an amount of 0', 'Amount', () => ({ Amount: 0 })],
      ['an amount of 1.5', 'Amount', () => ({ Amount: 1.5 })],
      ['an amount of "1.5"', 'Amount', () => ({ Amount: '1.5' })],
      ['an amount above M-Pesa’s limit', 'Amount', () => ({ Amount: 250_001 })],
      ['a 9-digit PartyA', 'PartyA', () => ({ PartyA: '712345678' })],
      ['another PartyB', 'PartyB', () => ({ PartyB: '600000' })],
      ['a 9-digit phone number', 'PhoneNumber', () => ({ PhoneNumber: '712345678' })],
      ['a phone number written 07…', 'PhoneNumber', () => ({ PhoneNumber: '0712345678' })],
      ['a landline', 'PhoneNumber', () => ({ PhoneNumber: '254201234567' })],
      ['a callback URL that is not http(s)', 'CallBackURL', () => ({ CallBackURL: 'ftp://shop.example/callback' })],
      ['a callback URL that is not a URL', 'CallBackURL', () => ({ CallBackURL: 'the shop' })],
      ['a 13-character account reference', 'AccountReference', () => ({ AccountReference: 'A'.repeat(13) })],
      ['an empty account reference', 'AccountReference', () => ({ AccountReference: ' ' })],
      ['a 14-character description', 'TransactionDesc', () => ({ TransactionDesc: 'D'.repeat(14) })],
    ])('refuses %s', async (_case, field, overrides) => {
      expect(await push(overrides())).toEqual({
        status: 400,
        body: { requestId: expect.any(String), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` },
      });
      expect(sandbox.daraja.transactions()).toEqual([]);
    });

    it('refuses a body that is not JSON in its own error shape', async () => {
      const response = await fetch(`${daraja}/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"Amount":',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: '400.002.02' });
    });
  });

  describe('callbacks', () => {
    it('pays from Safaricom’s test number with the receipt, amount, date and phone', async () => {
      const pushedAt = Date.now();
      const id = await pushAccepted();
      expect(callbacksOf(id)).toEqual([]);
      const [callback] = await waitFor('the callback', () => callbacksOf(id).length > 0 && callbacksOf(id));
      const transaction = await delivered(id, 1);
      expect(callback).toEqual({
        Body: {
          stkCallback: {
            MerchantRequestID: transaction.merchantRequestId,
            CheckoutRequestID: id,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 1250 },
                { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/) },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: expect.any(Number) },
                { Name: 'PhoneNumber', Value: 254708374149 },
              ],
            },
          },
        },
      });
      const items = callback.Body.stkCallback.CallbackMetadata!.Item;
      expect(items[1].Value).toBe(transaction.receipt);
      // TransactionDate is Nairobi wall-clock time, three hours ahead of UTC.
      const date = String(items[3].Value);
      const paidAt =
        Date.UTC(
          +date.slice(0, 4),
          +date.slice(4, 6) - 1,
          +date.slice(6, 8),
          +date.slice(8, 10),
          +date.slice(10, 12),
          +date.slice(12, 14),
        ) - EAT_OFFSET_MS;
      expect(paidAt).toBeGreaterThanOrEqual(Math.floor(pushedAt / 1000) * 1000);
      expect(paidAt).toBeLessThanOrEqual(Date.now());
      expect(transaction.deliveries).toEqual([{ copy: 1, attempt: 1, at: expect.any(String), status: 200 }]);
    });

    it('gives every payment its own receipt number', async () => {
      const ids = await Promise.all(
        ['254711000001', '254711000002', '254711000003', '254711000004'].map((phone) =>
          pushAccepted({ PhoneNumber: phone, PartyA: phone }),
        ),
      );
      await waitFor('four callbacks', () => receiver.bodies.length === 4);
      const receipts = ids.map((id) => sandbox.daraja.transaction(id)!.receipt);
      expect(new Set(receipts).size).toBe(4);
      expect(receipts.every((receipt) => /^[A-Z0-9]{10}$/.test(receipt!))).toBe(true);
    });

    it.each([
      ['any other number', '254722000111', 0, 'The service request is processed successfully.'],
      ['the cancelling number', DARAJA_TEST_NUMBERS.cancelled, 1032, 'Request cancelled by user'],
      ['the number without funds', DARAJA_TEST_NUMBERS.insufficientFunds, 1, 'The balance is insufficient for the transaction.'],
      ['the wrong-PIN number', DARAJA_TEST_NUMBERS.wrongPin, 2001, 'The initiator information is invalid.'],
      ['the number that lets the prompt expire', DARAJA_TEST_NUMBERS.expired, 1019, 'Transaction has expired'],
    ])('calls back for %s (%s) with result %d', async (_case, phone, resultCode, resultDesc) => {
      const id = await pushAccepted({ PhoneNumber: phone, PartyA: phone });
      const [callback] = await waitFor('the callback', () => callbacksOf(id).length > 0 && callbacksOf(id));
      expect(callback.Body.stkCallback).toMatchObject({ CheckoutRequestID: id, ResultCode: resultCode, ResultDesc: resultDesc });
      expect('CallbackMetadata' in callback.Body.stkCallback).toBe(resultCode === 0);
    });

    it('never calls back for the unreachable number, but the query finishes with 1037', async () => {
      const id = await pushAccepted({ PhoneNumber: DARAJA_TEST_NUMBERS.unreachable, PartyA: DARAJA_TEST_NUMBERS.unreachable });
      expect(await query(id)).toMatchObject({ status: 500, body: { errorCode: '500.001.1001' } });
      await finished(id);
      await new Promise((resolve) => setTimeout(resolve, 3 * CALLBACK_DELAY_MS));
      expect(callbacksOf(id)).toEqual([]);
      expect(sandbox.daraja.transaction(id)!.deliveries).toEqual([]);
      expect(await query(id)).toMatchObject({ status: 200, body: { ResultCode: '1037', ResultDesc: 'DS timeout user cannot be reached' } });
    });

    it('retries a callback answered 5xx, and stops at the first answer below 500', async () => {
      receiver.statuses.push(503, 400);
      const id = await pushAccepted();
      await delivered(id, 2);
      // Long enough for a third attempt, which must not come.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sandbox.daraja.transaction(id)!.deliveries.map(({ attempt, status }) => ({ attempt, status }))).toEqual([
        { attempt: 1, status: 503 },
        { attempt: 2, status: 400 },
      ]);
      expect(callbacksOf(id)).toHaveLength(2);
    });

    it('gives up on an unreachable callback URL after three attempts, recording each', async () => {
      const closed = createServer().listen(0, '127.0.0.1');
      await once(closed, 'listening');
      const { port } = closed.address() as AddressInfo;
      closed.close();
      const id = await pushAccepted({ CallBackURL: `http://127.0.0.1:${port}/callback` });
      const { deliveries } = await delivered(id, 3);
      expect(deliveries.map(({ attempt, error, status }) => ({ attempt, error, status }))).toEqual(
        [1, 2, 3].map((attempt) => ({ attempt, error: 'ECONNREFUSED', status: undefined })),
      );
    });
  });

  describe('STK query', () => {
    it('answers "being processed" while the shopper has not answered, then the result', async () => {
      const id = await pushAccepted({ PhoneNumber: DARAJA_TEST_NUMBERS.cancelled, PartyA: DARAJA_TEST_NUMBERS.cancelled });
      expect(await query(id)).toEqual({
        status: 500,
        body: { requestId: id, errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' },
      });
      await finished(id);
      const transaction = sandbox.daraja.transaction(id)!;
      expect(await query(id)).toEqual({
        status: 200,
        body: {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: transaction.merchantRequestId,
          CheckoutRequestID: id,
          ResultCode: '1032',
          ResultDesc: 'Request cancelled by user',
        },
      });
    });

    it('refuses an unknown CheckoutRequestID and a wrong password', async () => {
      expect(await query('ws_CO_000000000000000000')).toEqual({
        status: 400,
        body: { requestId: expect.any(String), errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' },
      });
      const id = await pushAccepted();
      const timestamp = eatTimestamp(new Date());
      const wrong = await post('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: SANDBOX_DARAJA_APP.shortcode,
        Password: password(timestamp, 'nope'),
        Timestamp: timestamp,
        CheckoutRequestID: id,
      });
      expect(wrong).toMatchObject({ status: 400, body: { errorMessage: 'Bad Request - Invalid Password' } });
    });
  });

  describe('Transaction Status', () => {
    const resultUrl = () => new URL('/api/shop/mpesa-status-result/token', receiver.url).href;

    function statusRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
      return {
        Initiator: SANDBOX_DARAJA_APP.initiatorName,
        SecurityCredential: SANDBOX_DARAJA_APP.securityCredential,
        CommandID: 'TransactionStatusQuery',
        PartyA: SANDBOX_DARAJA_APP.shortcode,
        IdentifierType: '4',
        ResultURL: resultUrl(),
        QueueTimeOutURL: new URL('/api/shop/mpesa-status-timeout/token', receiver.url).href,
        Remarks: 'Payment check',
        ...overrides,
      };
    }

    const statusQuery = (overrides: Record<string, unknown> = {}, bearer = token) =>
      post('/mpesa/transactionstatus/v1/query', statusRequest(overrides), bearer);
    const resultOf = (conversationId: string) =>
      waitFor(
        'the status result',
        () => receiver.bodies.find((body): body is StatusResultBody => 'Result' in body && body.Result.ConversationID === conversationId),
        5000,
      );
    const parameters = (result: StatusResultBody) =>
      Object.fromEntries((result.Result.ResultParameters?.ResultParameter ?? []).map(({ Key, Value }) => [Key, Value]));

    async function paidPush(overrides: Record<string, unknown> = {}): Promise<string> {
      const id = await pushAccepted(overrides);
      await finished(id);
      return id;
    }

    it('accepts a query by an STK push’s CheckoutRequestID, then posts the payment’s receipt and amount to the ResultURL', async () => {
      const id = await paidPush();
      const answer = await statusQuery({ OriginatorConversationID: id, Occasion: 'Order 1042' });
      expect(answer).toEqual({
        status: 200,
        body: {
          OriginatorConversationID: id,
          ConversationID: expect.stringMatching(/^AG_\d{8}_[0-9a-f]{20}$/),
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        },
      });
      const transaction = sandbox.daraja.transaction(id)!;
      const result = await resultOf(answer.body.ConversationID);
      expect(result).toEqual({
        Result: {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          OriginatorConversationID: id,
          ConversationID: answer.body.ConversationID,
          TransactionID: transaction.receipt,
          ResultParameters: {
            ResultParameter: [
              { Key: 'DebitPartyName', Value: '254708374149 - John Doe' },
              { Key: 'CreditPartyName', Value: '174379 - Toy Duka' },
              { Key: 'OriginatorConversationID', Value: id },
              { Key: 'InitiatedTime', Value: Number(eatTimestamp(new Date(transaction.createdAt))) },
              { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
              { Key: 'DebitPartyCharges' },
              { Key: 'TransactionReason' },
              { Key: 'ReasonType', Value: 'Pay Bill Online' },
              { Key: 'TransactionStatus', Value: 'Completed' },
              { Key: 'FinalisedTime', Value: Number(eatTimestamp(new Date(transaction.dueAt))) },
              { Key: 'Amount', Value: 1250 },
              { Key: 'ConversationID', Value: answer.body.ConversationID },
              { Key: 'ReceiptNo', Value: transaction.receipt },
            ],
          },
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: 'Order 1042' } },
        },
      });
      const { statusQueries } = await waitFor('the recorded delivery', () => {
        const recorded = sandbox.daraja.transaction(id)!;
        return recorded.statusQueries[0]?.deliveries[0]?.status !== undefined && recorded;
      });
      expect(statusQueries).toEqual([
        {
          originatorConversationId: id,
          conversationId: answer.body.ConversationID,
          transactionId: null,
          at: expect.any(String),
          resultUrl: resultUrl(),
          resultCode: 0,
          resultDesc: 'The service request is processed successfully.',
          deliveries: [{ copy: 1, attempt: 1, at: expect.any(String), status: 200 }],
        },
      ]);
    });

    it('finds a payment by its receipt, and reports the amount actually taken', async () => {
      const id = await pushAccepted();
      sandbox.daraja.setCallbackBehaviour({ checkoutRequestId: id }, { amount: 1 });
      await finished(id);
      const { receipt } = sandbox.daraja.transaction(id)!;
      const answer = await statusQuery({ TransactionID: receipt });
      expect(answer.body.OriginatorConversationID).toMatch(/^\d+-\d+-\d+$/);
      const result = await resultOf(answer.body.ConversationID);
      expect(result.Result).toMatchObject({ ResultCode: 0, TransactionID: receipt, ReferenceData: { ReferenceItem: { Key: 'Occasion' } } });
      expect(parameters(result)).toMatchObject({ Amount: 1, ReceiptNo: receipt, TransactionStatus: 'Completed' });
      expect(sandbox.daraja.transaction(id)!.statusQueries).toEqual([expect.objectContaining({ transactionId: receipt, resultCode: 0 })]);
    });

    it.each<[string, () => Promise<Record<string, unknown>>, string]>([
      ['an unknown CheckoutRequestID', async () => ({ OriginatorConversationID: 'ws_CO_000000000000000000' }), 'OriginatorConversationID'],
      ['an unknown receipt', async () => ({ TransactionID: 'SZZ0000000' }), 'TransactionID'],
      ['a push the shopper has not answered', async () => ({ OriginatorConversationID: await pushAccepted() }), 'OriginatorConversationID'],
      [
        'a cancelled push',
        async () => ({
          OriginatorConversationID: await paidPush({ PhoneNumber: DARAJA_TEST_NUMBERS.cancelled, PartyA: DARAJA_TEST_NUMBERS.cancelled }),
        }),
        'OriginatorConversationID',
      ],
    ])('finds no transaction for %s, and says so without a receipt', async (_case, asked, key) => {
      const answer = await statusQuery(await asked());
      expect(answer.status).toBe(200);
      const result = await resultOf(answer.body.ConversationID);
      expect(result).toEqual({
        Result: {
          ResultType: 0,
          ResultCode: 1,
          ResultDesc: `No transaction found for the given ${key}`,
          OriginatorConversationID: answer.body.OriginatorConversationID,
          ConversationID: answer.body.ConversationID,
          ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
        },
      });
    });

    it.each<[string, string, Record<string, unknown>]>([
      ['another initiator', 'Initiator', { Initiator: 'someone-else', OriginatorConversationID: 'ws_CO_1' }],
      ['another security credential', 'SecurityCredential', { SecurityCredential: 'guess', OriginatorConversationID: 'ws_CO_1' }],
      ['another command', 'CommandID', { CommandID: 'AccountBalance', OriginatorConversationID: 'ws_CO_1' }],
      ['neither a TransactionID nor an OriginatorConversationID', 'TransactionID', { TransactionID: '' }],
      ['another PartyA', 'PartyA', { PartyA: '600000', OriginatorConversationID: 'ws_CO_1' }],
      ['a phone number’s IdentifierType', 'IdentifierType', { IdentifierType: '1', OriginatorConversationID: 'ws_CO_1' }],
      ['a ResultURL that is not http(s)', 'ResultURL', { ResultURL: 'ftp://shop.example/result', OriginatorConversationID: 'ws_CO_1' }],
      ['a QueueTimeOutURL that is not a URL', 'QueueTimeOutURL', { QueueTimeOutURL: 'the shop', OriginatorConversationID: 'ws_CO_1' }],
      ['empty remarks', 'Remarks', { Remarks: ' ', OriginatorConversationID: 'ws_CO_1' }],
      ['101-character remarks', 'Remarks', { Remarks: 'R'.repeat(101), OriginatorConversationID: 'ws_CO_1' }],
      ['a 101-character occasion', 'Occasion', { Occasion: 'O'.repeat(101), OriginatorConversationID: 'ws_CO_1' }],
    ])('refuses a query with %s', async (_case, field, overrides) => {
      expect(await statusQuery(overrides)).toEqual({
        status: 400,
        body: { requestId: expect.any(String), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` },
      });
    });

    it('refuses a query without a valid access token', async () => {
      expect(await statusQuery({ OriginatorConversationID: 'ws_CO_1' }, 'made-up-token')).toMatchObject({
        status: 404,
        body: { errorCode: '404.001.03' },
      });
    });

    it('refuses every query when no initiator is configured', async () => {
      const options = paymentSandboxOptions(loadConfig({ NODE_ENV: 'test' }));
      const bare = await startSandbox({
        port: 0,
        ...options,
        daraja: { ...options.daraja, initiatorName: undefined, securityCredential: undefined },
        googleClient: { clientId: SANDBOX_GOOGLE_CLIENT.id, clientSecret: SANDBOX_GOOGLE_CLIENT.secret, redirectUris: [] },
      });
      try {
        const bareDaraja = `${bare.url}${SANDBOX_PATHS.daraja}`;
        const { access_token } = (await (
          await fetch(`${bareDaraja}/oauth/v1/generate?grant_type=client_credentials`, {
            headers: { authorization: basic(SANDBOX_DARAJA_APP.consumerKey, SANDBOX_DARAJA_APP.consumerSecret) },
          })
        ).json()) as { access_token: string };
        const response = await fetch(`${bareDaraja}/mpesa/transactionstatus/v1/query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify(statusRequest({ OriginatorConversationID: 'ws_CO_1' })),
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid Initiator' });
      } finally {
        await bare.close();
      }
    });

    it('retries a result answered 5xx, as it does a callback', async () => {
      const id = await paidPush();
      await delivered(id, 1);
      receiver.statuses.push(502);
      await statusQuery({ OriginatorConversationID: id });
      const { statusQueries } = await waitFor(
        'two recorded attempts',
        () => {
          const recorded = sandbox.daraja.transaction(id)!;
          return recorded.statusQueries[0]?.deliveries[1]?.status !== undefined && recorded;
        },
        5000,
      );
      expect(statusQueries[0].deliveries.map(({ attempt, status }) => ({ attempt, status }))).toEqual([
        { attempt: 1, status: 502 },
        { attempt: 2, status: 200 },
      ]);
    });

    it('drops the results about a payment set so, and still records the query', async () => {
      sandbox.daraja.setCallbackBehaviour({ phone: DARAJA_TEST_NUMBERS.success }, { dropStatusResults: true });
      const id = await paidPush();
      const answer = await statusQuery({ OriginatorConversationID: id });
      await new Promise((resolve) => setTimeout(resolve, 3 * CALLBACK_DELAY_MS));
      expect(receiver.bodies.filter((body) => 'Result' in body)).toEqual([]);
      expect(sandbox.daraja.transaction(id)!.statusQueries).toEqual([
        expect.objectContaining({ conversationId: answer.body.ConversationID, resultCode: 0, deliveries: [] }),
      ]);
    });
  });

  describe('controls', () => {
    it('sends duplicate callbacks to a phone set to three copies', async () => {
      sandbox.daraja.setCallbackBehaviour({ phone: DARAJA_TEST_NUMBERS.success }, { copies: 3 });
      const id = await pushAccepted();
      const transaction = await delivered(id, 3);
      const [first, ...others] = callbacksOf(id);
      expect(others).toEqual([first, first]);
      expect(transaction.deliveries.map(({ copy, status }) => ({ copy, status }))).toEqual(
        expect.arrayContaining([1, 2, 3].map((copy) => ({ copy, status: 200 }))),
      );
      const other = await pushAccepted({ PhoneNumber: '254722000111', PartyA: '254722000111' });
      await finished(other);
      await waitFor('the other callback', () => callbacksOf(other).length === 1);
    });

    it('drops a transaction’s callback while the query still tells the result, and sends it on demand', async () => {
      const id = await pushAccepted();
      sandbox.daraja.setCallbackBehaviour({ checkoutRequestId: id }, { drop: true });
      await finished(id);
      await new Promise((resolve) => setTimeout(resolve, 2 * CALLBACK_DELAY_MS));
      expect(callbacksOf(id)).toEqual([]);
      expect(await query(id)).toMatchObject({ status: 200, body: { ResultCode: '0' } });

      const transaction = await sandbox.daraja.sendCallbackNow(id);
      expect(callbacksOf(id)).toHaveLength(1);
      expect(callbacksOf(id)[0].Body.stkCallback.CallbackMetadata!.Item[1].Value).toBe(transaction.receipt);
    });

    it('delays a transaction’s callback, or sends it at once', async () => {
      const slow = await pushAccepted();
      sandbox.daraja.setCallbackBehaviour({ checkoutRequestId: slow }, { extraDelayMs: 60_000 });
      const fast = await pushAccepted({ PhoneNumber: '254722000111', PartyA: '254722000111' });
      await waitFor('the undelayed callback', () => callbacksOf(fast).length === 1);
      await new Promise((resolve) => setTimeout(resolve, 2 * CALLBACK_DELAY_MS));
      expect(callbacksOf(slow)).toEqual([]);
      expect(await query(slow)).toMatchObject({ status: 500, body: { errorCode: '500.001.1001' } });

      await sandbox.daraja.sendCallbackNow(slow);
      expect(callbacksOf(slow)).toHaveLength(1);
      expect(() => sandbox.daraja.setCallbackBehaviour({ checkoutRequestId: slow }, { drop: true })).toThrow(/already finished/);
    });

    it('reports another amount in the callback than the one pushed', async () => {
      const id = await pushAccepted({ Amount: 1250 });
      sandbox.daraja.setCallbackBehaviour({ checkoutRequestId: id }, { amount: 1 });
      const [callback] = await waitFor('the callback', () => callbacksOf(id).length > 0 && callbacksOf(id));
      expect(callback.Body.stkCallback.CallbackMetadata!.Item[0]).toEqual({ Name: 'Amount', Value: 1 });
      expect(sandbox.daraja.transaction(id)!.amount).toBe(1250);
    });

    it('refuses behaviours it cannot honour', () => {
      expect(() => sandbox.daraja.setCallbackBehaviour({ checkoutRequestId: 'ws_CO_unknown' }, { drop: true })).toThrow(/No transaction/);
      expect(() => sandbox.daraja.setCallbackBehaviour({ phone: '0712345678' }, { drop: true })).toThrow(/12-digit/);
      expect(() => sandbox.daraja.setCallbackBehaviour({ phone: DARAJA_TEST_NUMBERS.success }, { copies: 0 })).toThrow(/copies/);
    });

    it('serves the same controls over HTTP', async () => {
      const phone = DARAJA_TEST_NUMBERS.success;
      const set = await fetch(`${daraja}/control/phones/${phone}/behaviour`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ drop: true }),
      });
      expect(set.status).toBe(204);
      const id = await pushAccepted();
      await finished(id);

      const listed = (await (await fetch(`${daraja}/control/transactions`)).json()) as { checkoutRequestId: string; behaviour: unknown }[];
      expect(listed).toEqual([expect.objectContaining({ checkoutRequestId: id, behaviour: { drop: true } })]);
      const sent = await fetch(`${daraja}/control/transactions/${id}/callback`, { method: 'POST' });
      expect(sent.status).toBe(200);
      expect(callbacksOf(id)).toHaveLength(1);

      const bad = await fetch(`${daraja}/control/phones/${phone}/behaviour`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ copies: 'many' }),
      });
      expect(bad.status).toBe(400);
      expect((await fetch(`${daraja}/control/transactions/ws_CO_unknown`)).status).toBe(404);

      expect(await (await fetch(`${daraja}/control/tokens`)).json()).toEqual({ issued: 1, lifetimeSeconds: 3599 });
      expect((await fetch(`${daraja}/control/tokens/expire`, { method: 'POST' })).status).toBe(204);
      expect((await push()).status).toBe(404);
      expect((await fetch(`${daraja}/control/reset`, { method: 'POST' })).status).toBe(204);
      expect(sandbox.daraja.transactions()).toEqual([]);
    });
  });
});
