import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis, type RedisOptions } from 'ioredis';
import { SANDBOX_GOOGLE_CLIENT, SANDBOX_PATHS, type AppConfig } from '@shop/config';
import { DARAJA_TEST_NUMBERS, paymentSandboxOptions, startSandbox, type RunningSandbox } from '@shop/sandbox';
import { testConfig, waitFor } from '@shop/testing';
import { DarajaClient, darajaTokenKey, type DarajaClientOptions, type StkPushInput } from './daraja-client.js';
import { DarajaError } from './daraja-error.js';
import { parseTransactionStatusResult } from './transaction-status-result.js';

const CALLBACK_DELAY_MS = 150;

/** Where callbacks would go; these tests read results by query, so nothing need listen. */
const CALLBACK_URL = 'http://127.0.0.1:9/api/shop/mpesa-callback/token';

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
}

/** A port on this machine where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const { port } = new URL(await listen(server));
  await close(server);
  return Number(port);
}

describe('DarajaClient', () => {
  let config: AppConfig;
  let sandbox: RunningSandbox;
  let redis: Redis;
  let options: DarajaClientOptions;

  const payment = (overrides: Partial<StkPushInput> = {}): StkPushInput => ({
    phone: DARAJA_TEST_NUMBERS.success,
    amount: 1250,
    accountReference: 'TOYDUKA-1042',
    transactionDesc: 'Toy Duka 1042',
    callbackUrl: CALLBACK_URL,
    ...overrides,
  });

  async function refusal(promise: Promise<unknown>): Promise<DarajaError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DarajaError);
    return error as DarajaError;
  }

  beforeAll(async () => {
    config = testConfig();
    const sandboxOptions = paymentSandboxOptions(config);
    sandbox = await startSandbox({
      port: 0,
      ...sandboxOptions,
      daraja: { ...sandboxOptions.daraja, callbackDelayMs: CALLBACK_DELAY_MS },
      googleClient: {
        clientId: SANDBOX_GOOGLE_CLIENT.id,
        clientSecret: SANDBOX_GOOGLE_CLIENT.secret,
        redirectUris: ['http://localhost:3000/api/auth/google/callback'],
      },
    });
    redis = new Redis(config.REDIS_URL);
    options = {
      baseUrl: `${sandbox.url}${SANDBOX_PATHS.daraja}`,
      consumerKey: config.MPESA_CONSUMER_KEY,
      consumerSecret: config.MPESA_CONSUMER_SECRET,
      shortcode: config.MPESA_SHORTCODE,
      passkey: config.MPESA_PASSKEY,
      initiatorName: config.MPESA_INITIATOR_NAME,
      securityCredential: config.MPESA_SECURITY_CREDENTIAL,
      redis,
      redisPrefix: config.REDIS_PREFIX,
    };
  });

  beforeEach(async () => {
    sandbox.daraja.reset();
    await redis.del(darajaTokenKey(config.REDIS_PREFIX));
  });

  afterAll(async () => {
    await redis?.del(darajaTokenKey(config.REDIS_PREFIX));
    redis?.disconnect();
    await sandbox?.close();
  });

  describe('access token', () => {
    it('is fetched once and shared through Redis by every client', async () => {
      await new DarajaClient(options).stkPush(payment());
      await new DarajaClient(options).stkPush(payment());
      expect(sandbox.daraja.tokensIssued()).toBe(1);
      expect(sandbox.daraja.transactions()).toHaveLength(2);
    });

    it('is fetched once by concurrent calls of one client', async () => {
      const client = new DarajaClient(options);
      await Promise.all([1, 2, 3, 4, 5].map(() => client.stkPush(payment())));
      expect(sandbox.daraja.tokensIssued()).toBe(1);
    });

    it('is kept in Redis a little shorter than Daraja keeps it', async () => {
      sandbox.daraja.setTokenLifetime(30);
      await new DarajaClient(options).stkPush(payment());
      const ttl = await redis.ttl(darajaTokenKey(config.REDIS_PREFIX));
      expect(ttl).toBeGreaterThan(20);
      expect(ttl).toBeLessThan(30);
    });

    it('is fetched anew when Daraja refuses the cached one, and the call retried once', async () => {
      const client = new DarajaClient(options);
      await client.stkPush(payment());
      const first = await redis.get(darajaTokenKey(config.REDIS_PREFIX));
      sandbox.daraja.expireTokens();

      const accepted = await new DarajaClient(options).stkPush(payment());

      expect(sandbox.daraja.transaction(accepted.checkoutRequestId)).toBeDefined();
      expect(sandbox.daraja.tokensIssued()).toBe(2);
      const second = await redis.get(darajaTokenKey(config.REDIS_PREFIX));
      expect(second).not.toBeNull();
      expect(second).not.toBe(first);
    });

    it('makes a refusal of wrong credentials a DarajaError that asked nothing of M-Pesa', async () => {
      const error = await refusal(new DarajaClient({ ...options, consumerSecret: 'not-the-secret' }).stkPush(payment()));
      expect(error).toMatchObject({
        status: 400,
        errorCode: '400.008.01',
        errorMessage: 'Invalid Authentication passed',
        outcomeUnknown: false,
      });
      expect(sandbox.daraja.transactions()).toEqual([]);
      expect(await redis.exists(darajaTokenKey(config.REDIS_PREFIX))).toBe(0);
    });

    describe('without Redis', () => {
      let downRedisUrl: string;

      beforeAll(async () => {
        downRedisUrl = `redis://127.0.0.1:${await closedPort()}`;
      });

      it.each<[string, RedisOptions]>([
        ['refuses commands at once', { enableOfflineQueue: false }],
        ['holds commands while it tries to reconnect', {}],
      ])('is fetched for each call, and the push goes out, when Redis %s', async (_case, redisOptions) => {
        const down = new Redis(downRedisUrl, redisOptions);
        // The refused connection is the point of the test.
        down.on('error', () => undefined);
        try {
          const client = new DarajaClient({ ...options, redis: down });
          const startedAt = Date.now();
          const accepted = await client.stkPush(payment());
          // ioredis alone would hold the commands for seconds before giving up.
          expect(Date.now() - startedAt).toBeLessThan(2500);
          await client.stkPush(payment());
          expect(sandbox.daraja.transaction(accepted.checkoutRequestId)).toBeDefined();
          expect(sandbox.daraja.transactions()).toHaveLength(2);
          expect(sandbox.daraja.tokensIssued()).toBe(2);
        } finally {
          down.disconnect();
        }
      });
    });
  });

  describe('stkPush', () => {
    it('pushes to the number however the shopper wrote it, and answers as Daraja accepted it', async () => {
      const accepted = await new DarajaClient(options).stkPush(payment({ phone: '0708 374 149' }));
      expect(accepted).toEqual({
        merchantRequestId: expect.any(String),
        checkoutRequestId: expect.stringMatching(/^ws_CO_/),
        responseDescription: 'Success. Request accepted for processing',
        customerMessage: 'Success. Request accepted for processing',
      });
      expect(sandbox.daraja.transaction(accepted.checkoutRequestId)).toMatchObject({
        merchantRequestId: accepted.merchantRequestId,
        phone: DARAJA_TEST_NUMBERS.success,
        amount: 1250,
        accountReference: 'TOYDUKA-1042',
        callbackUrl: CALLBACK_URL,
      });
    });

    it('refuses a number that is not a Kenyan mobile without calling Daraja', async () => {
      const error = await refusal(new DarajaClient(options).stkPush(payment({ phone: '020 123 4567' })));
      expect(error).toMatchObject({ status: null, outcomeUnknown: false });
      expect(sandbox.daraja.tokensIssued()).toBe(0);
    });

    it.each<[string, Partial<StkPushInput>, string]>([
      ['a 13-character reference', { accountReference: 'A'.repeat(13) }, 'AccountReference'],
      ['a 14-character description', { transactionDesc: 'D'.repeat(14) }, 'TransactionDesc'],
      ['an amount of 1.5', { amount: 1.5 }, 'Amount'],
    ])('passes on Daraja’s refusal of %s', async (_case, overrides, field) => {
      const error = await refusal(new DarajaClient(options).stkPush(payment(overrides)));
      expect(error).toMatchObject({
        status: 400,
        errorCode: '400.002.02',
        errorMessage: `Bad Request - Invalid ${field}`,
        outcomeUnknown: false,
      });
    });

    it('reports that nothing was sent when Daraja cannot be reached', async () => {
      const closed = createServer();
      const url = await listen(closed);
      await close(closed);
      const error = await refusal(new DarajaClient({ ...options, baseUrl: url }).stkPush(payment()));
      expect(error).toMatchObject({ status: null, errorCode: null, outcomeUnknown: false });
      expect(error.errorMessage).toMatch(/ECONNREFUSED/);
    });

    describe('behind a faulty gateway', () => {
      type GatewayAnswer = 'answer' | 'silence' | 'bad-gateway';
      let gateway: Server;
      let gatewayUrl: string;
      let oauthAnswer: GatewayAnswer;
      let pushAnswer: GatewayAnswer;
      let pushesReceived: number;

      beforeAll(async () => {
        gateway = createServer((request, response) => {
          const answer = request.method === 'GET' ? oauthAnswer : pushAnswer;
          if (request.method === 'POST') pushesReceived += 1;
          if (answer === 'answer') {
            response
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ access_token: 'gateway-token', expires_in: '3599' }));
          } else if (answer === 'bad-gateway') {
            response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
          }
          // 'silence': the request went in and no answer ever comes out.
        });
        gatewayUrl = await listen(gateway);
      });

      beforeEach(() => {
        oauthAnswer = 'answer';
        pushesReceived = 0;
      });

      afterAll(async () => {
        await close(gateway);
      });

      it.each<[string, GatewayAnswer]>([
        ['does not answer in time', 'silence'],
        ['answers with a gateway error', 'bad-gateway'],
      ])('reports that nothing was sent when OAuth %s', async (_case, answer) => {
        oauthAnswer = answer;
        const error = await refusal(new DarajaClient({ ...options, baseUrl: gatewayUrl, timeoutMs: 200 }).stkPush(payment()));
        expect(error).toMatchObject({ outcomeUnknown: false });
        expect(pushesReceived).toBe(0);
      });

      it('reports an unknown outcome when Daraja does not answer in time', async () => {
        pushAnswer = 'silence';
        const error = await refusal(new DarajaClient({ ...options, baseUrl: gatewayUrl, timeoutMs: 200 }).stkPush(payment()));
        expect(error).toMatchObject({ status: null, outcomeUnknown: true, errorMessage: 'No answer within 200 ms' });
      });

      it('reports an unknown outcome for a gateway error that is not Daraja’s', async () => {
        pushAnswer = 'bad-gateway';
        const error = await refusal(new DarajaClient({ ...options, baseUrl: gatewayUrl }).stkPush(payment()));
        expect(error).toMatchObject({ status: 502, errorCode: null, outcomeUnknown: true });
      });
    });
  });

  describe('transactionStatus', () => {
    let resultReceiver: Server;
    let resultUrl: string;
    let results: unknown[];

    beforeAll(async () => {
      resultReceiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          results.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }));
        });
      });
      resultUrl = `${await listen(resultReceiver)}/api/shop/mpesa-status-result/token`;
    });

    beforeEach(() => {
      results = [];
    });

    afterAll(async () => {
      await close(resultReceiver);
    });

    const statusOf = (target: { originatorConversationId?: string; transactionId?: string }) => ({
      ...target,
      resultUrl,
      timeoutUrl: resultUrl.replace('status-result', 'status-timeout'),
      remarks: 'Payment check',
    });

    async function resultFor(conversationId: string) {
      return waitFor('the status result', () =>
        results.map(parseTransactionStatusResult).find((result) => result?.conversationId === conversationId),
      );
    }

    it('learns the receipt and amount of a paid push by its CheckoutRequestID', async () => {
      const client = new DarajaClient(options);
      const { checkoutRequestId } = await client.stkPush(payment());
      await waitFor('the push to finish', () => sandbox.daraja.transaction(checkoutRequestId)?.state === 'finished');

      const accepted = await client.transactionStatus(statusOf({ originatorConversationId: checkoutRequestId }));

      expect(accepted).toEqual({ originatorConversationId: checkoutRequestId, conversationId: expect.stringMatching(/^AG_/) });
      expect(await resultFor(accepted.conversationId)).toEqual({
        originatorConversationId: checkoutRequestId,
        conversationId: accepted.conversationId,
        resultCode: 0,
        resultDesc: 'The service request is processed successfully.',
        receipt: sandbox.daraja.transaction(checkoutRequestId)!.receipt,
        amount: 1250,
        transactionStatus: 'Completed',
      });
    });

    it('learns that a push still waiting for the shopper has no transaction', async () => {
      const client = new DarajaClient(options);
      const { checkoutRequestId } = await client.stkPush(payment());
      const accepted = await client.transactionStatus(statusOf({ originatorConversationId: checkoutRequestId }));
      expect(await resultFor(accepted.conversationId)).toMatchObject({
        resultCode: 1,
        receipt: null,
        amount: null,
        transactionStatus: null,
      });
    });

    it('refuses to ask without the initiator, before calling Daraja', async () => {
      const client = new DarajaClient({ ...options, initiatorName: undefined, securityCredential: undefined });
      await expect(client.transactionStatus(statusOf({ originatorConversationId: 'ws_CO_1' }))).rejects.toThrow(
        /MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL/,
      );
      expect(sandbox.daraja.tokensIssued()).toBe(0);
    });

    it('passes on Daraja’s refusal of a wrong security credential', async () => {
      const error = await refusal(
        new DarajaClient({ ...options, securityCredential: 'not-the-credential' }).transactionStatus(
          statusOf({ originatorConversationId: 'ws_CO_1' }),
        ),
      );
      expect(error).toMatchObject({
        status: 400,
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid SecurityCredential',
        outcomeUnknown: false,
      });
    });
  });

  describe('stkQuery', () => {
    it('tells a pending push, then its result', async () => {
      const client = new DarajaClient(options);
      const { checkoutRequestId } = await client.stkPush(payment({ phone: DARAJA_TEST_NUMBERS.insufficientFunds }));
      expect(await client.stkQuery(checkoutRequestId)).toEqual({ state: 'pending' });
      await waitFor('the push to finish', () => sandbox.daraja.transaction(checkoutRequestId)?.state === 'finished');
      expect(await client.stkQuery(checkoutRequestId)).toEqual({
        state: 'finished',
        resultCode: 1,
        resultDesc: 'The balance is insufficient for the transaction.',
      });
    });

    it('learns a success whose callback never came', async () => {
      const client = new DarajaClient(options);
      const { checkoutRequestId } = await client.stkPush(payment());
      sandbox.daraja.setCallbackBehaviour({ checkoutRequestId }, { drop: true });
      await waitFor('the push to finish', () => sandbox.daraja.transaction(checkoutRequestId)?.state === 'finished');
      expect(await client.stkQuery(checkoutRequestId)).toEqual({
        state: 'finished',
        resultCode: 0,
        resultDesc: 'The service request is processed successfully.',
      });
    });

    it('learns that an unreachable phone finished with 1037', async () => {
      const client = new DarajaClient(options);
      const { checkoutRequestId } = await client.stkPush(payment({ phone: DARAJA_TEST_NUMBERS.unreachable }));
      await waitFor('the push to finish', () => sandbox.daraja.transaction(checkoutRequestId)?.state === 'finished');
      expect(await client.stkQuery(checkoutRequestId)).toMatchObject({ state: 'finished', resultCode: 1037 });
    });

    it('passes on Daraja’s refusal of an unknown CheckoutRequestID', async () => {
      const error = await refusal(new DarajaClient(options).stkQuery('ws_CO_000000000000000000'));
      expect(error).toMatchObject({ status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' });
    });
  });
});
