import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { loadConfig, SANDBOX_GOOGLE_CLIENT, SANDBOX_PAYPAL_APP } from '@shop/config';
import { paymentSandboxOptions, startSandbox, type RunningSandbox } from '@shop/sandbox';
import { testConfig } from '@shop/testing';
import {
  parseWebhookEvent,
  PaypalClient,
  PaypalError,
  type CaptureOutcome,
  type PaypalCaptureEvent,
  type PaypalClientOptions,
} from './index.js';

interface ListenedEvent {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  verified: boolean;
  event: PaypalCaptureEvent | null;
}

async function listen(handler: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  server.listen(0);
  await once(server, 'listening');
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
}

async function waitFor<T>(check: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const RETURN_URL = 'http://localhost:3000/shop/paypal-return';
const CANCEL_URL = 'http://localhost:3000/shop/checkout';

describe('PaypalClient against the sandbox', () => {
  const config = testConfig();
  let sandbox: RunningSandbox;
  let webhookListener: Server;
  let redis: Redis;
  let client: PaypalClient;
  let clientOptions: PaypalClientOptions;
  const listened: ListenedEvent[] = [];

  beforeAll(async () => {
    // The shop's webhook endpoint in miniature: verify through PayPal, then read the event.
    const listener = await listen((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        client
          .verifyWebhook(request.headers, rawBody)
          .then((verified) => listened.push({ rawBody, headers: request.headers, verified, event: parseWebhookEvent(rawBody) }))
          .finally(() => response.end())
          .catch(() => undefined);
      });
    });
    webhookListener = listener.server;
    const options = paymentSandboxOptions(loadConfig({ NODE_ENV: 'test' }));
    sandbox = await startSandbox({
      port: 0,
      ...options,
      googleClient: {
        clientId: SANDBOX_GOOGLE_CLIENT.id,
        clientSecret: SANDBOX_GOOGLE_CLIENT.secret,
        redirectUris: ['http://localhost:3000/api/auth/google/callback'],
      },
      paypal: { ...options.paypal, webhookUrl: `${listener.url}/api/shop/paypal-webhook`, webhookDelayMs: 0 },
    });
    redis = new Redis(config.REDIS_URL);
    clientOptions = {
      baseUrl: `${sandbox.url}/paypal`,
      clientId: SANDBOX_PAYPAL_APP.clientId,
      clientSecret: SANDBOX_PAYPAL_APP.clientSecret,
      webhookId: SANDBOX_PAYPAL_APP.webhookId,
      redis,
      redisPrefix: config.REDIS_PREFIX,
    };
    client = new PaypalClient(clientOptions);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${config.REDIS_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await sandbox.close();
    await close(webhookListener);
  });

  beforeEach(() => {
    sandbox.paypal.reset();
  });

  /** What the listener made of one order's events: a transmission of an earlier test may still land after the reset. */
  function listenedFor(orderId: string): Promise<ListenedEvent> {
    return waitFor(() => listened.find(({ event }) => event?.orderId === orderId));
  }

  let orderNumber = 0;
  function newOrder(value = '9.70') {
    orderNumber += 1;
    return client.createOrder({
      referenceId: `TD-${orderNumber}`,
      amount: { currency: 'USD', value },
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
      requestId: `create-TD-${orderNumber}`,
      brandName: 'Toy Duka',
    });
  }

  /** The payer on the approval page: loads it, then presses one of its buttons. */
  async function payerChooses(approveUrl: string, choice: 'balance' | 'declined-card' | 'cancel'): Promise<URL> {
    const page = await fetch(approveUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`value="${choice}"`);
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)![1], approveUrl);
    const token = /name="token" value="([^"]+)"/.exec(html)![1];
    const response = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, choice }).toString(),
    });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  async function rejection(promise: Promise<unknown>): Promise<PaypalError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(PaypalError);
    return error as PaypalError;
  }

  async function capturedOrder(): Promise<{ orderId: string; captureId: string }> {
    const order = await newOrder();
    sandbox.paypal.approve(order.id);
    const outcome = (await client.captureOrder(order.id, `capture-${order.id}`)) as Extract<CaptureOutcome, { outcome: 'completed' }>;
    return { orderId: order.id, captureId: outcome.captureId };
  }

  describe('OAuth', () => {
    it('shares its token through Redis, kept shorter than PayPal keeps it', async () => {
      await newOrder();
      const key = `${config.REDIS_PREFIX}:paypal:access-token:${SANDBOX_PAYPAL_APP.clientId}`;
      const token = await redis.get(key);
      expect(token).toMatch(/^A21AA/);
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(30_000);
      expect(ttl).toBeLessThan(32_400);

      await new PaypalClient(clientOptions).createOrder({
        referenceId: 'TD-shared',
        amount: { currency: 'USD', value: '1.00' },
        returnUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
        requestId: 'create-shared',
      });
      expect(await redis.get(key)).toBe(token);
    });

    it('gets a new token when PayPal refuses the cached one, with Redis and without', async () => {
      const inMemory = new PaypalClient({ ...clientOptions, redis: undefined });
      const key = `${config.REDIS_PREFIX}:paypal:access-token:${SANDBOX_PAYPAL_APP.clientId}`;
      await newOrder();
      await inMemory.getOrder((await newOrder()).id);
      const before = await redis.get(key);

      sandbox.paypal.expireTokens();
      const order = await newOrder();
      expect(order.status).toBe('PAYER_ACTION_REQUIRED');
      expect(await redis.get(key)).not.toBe(before);
      expect((await inMemory.getOrder(order.id)).id).toBe(order.id);
    });

    it('throws a PaypalError that is not retryable for wrong credentials', async () => {
      const stranger = new PaypalClient({ ...clientOptions, redis: undefined, clientSecret: 'not-the-secret' });
      const error = await rejection(stranger.getOrder('ANYORDER000000000'));
      expect(error).toMatchObject({ status: 401, issue: 'invalid_client', retryable: false });
    });
  });

  describe('createOrder', () => {
    it('answers the order id and where to send the payer', async () => {
      const order = await newOrder();
      expect(order).toEqual({
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: 'PAYER_ACTION_REQUIRED',
        approveUrl: `${sandbox.url}/paypal/checkoutnow?token=${order.id}`,
      });
      expect(sandbox.paypal.order(order.id)).toMatchObject({
        referenceId: `TD-${orderNumber}`,
        amount: { currency_code: 'USD', value: '9.70' },
        returnUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
      });
    });

    it('answers the same order again for the same request id', async () => {
      const input = {
        referenceId: 'TD-again',
        amount: { currency: 'USD', value: '3.00' },
        returnUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
        requestId: 'create-TD-again',
      };
      const first = await client.createOrder(input);
      const again = await client.createOrder(input);
      expect(again.id).toBe(first.id);
      expect(sandbox.paypal.orders()).toHaveLength(1);
    });

    it("throws PayPal's refusal of an amount it will not take", async () => {
      const error = await rejection(
        client.createOrder({
          referenceId: 'TD-kes',
          amount: { currency: 'KES', value: '1250.00' },
          returnUrl: RETURN_URL,
          cancelUrl: CANCEL_URL,
          requestId: 'create-kes',
        }),
      );
      expect(error).toMatchObject({
        status: 422,
        name: 'UNPROCESSABLE_ENTITY',
        issue: 'CURRENCY_NOT_SUPPORTED',
        debugId: expect.stringMatching(/^[0-9a-f]{13}$/),
        retryable: false,
      });
      const syntax = await rejection(newOrder('9.7.0'));
      expect(syntax).toMatchObject({ status: 400, name: 'INVALID_REQUEST', issue: 'INVALID_PARAMETER_SYNTAX' });
    });
  });

  describe('approval and capture', () => {
    it('captures an order the payer approved on the page', async () => {
      const order = await newOrder();
      const back = await payerChooses(order.approveUrl, 'balance');
      expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
      expect(back.searchParams.get('token')).toBe(order.id);
      const payerId = back.searchParams.get('PayerID');
      expect(payerId).toMatch(/^[A-Z0-9]{13}$/);

      const outcome = await client.captureOrder(order.id, `capture-${order.id}`);
      expect(outcome).toEqual({
        outcome: 'completed',
        captureId: sandbox.paypal.order(order.id)!.captureId,
        amount: { currency: 'USD', value: '9.70' },
        payerId,
      });
    });

    it('sends a payer who cancels to the cancel URL, and the order cannot be captured', async () => {
      const order = await newOrder();
      const back = await payerChooses(order.approveUrl, 'cancel');
      expect(back.href).toBe(`${CANCEL_URL}?token=${order.id}`);
      expect(await client.captureOrder(order.id, `capture-${order.id}`)).toEqual({ outcome: 'not-approved' });
    });

    it('answers the first capture again for the same request id, and already-captured for another', async () => {
      const order = await newOrder();
      sandbox.paypal.approve(order.id);
      const first = (await client.captureOrder(order.id, 'capture-job-1')) as Extract<CaptureOutcome, { outcome: 'completed' }>;
      expect(first.outcome).toBe('completed');
      expect(await client.captureOrder(order.id, 'capture-job-1')).toEqual(first);
      expect(await client.captureOrder(order.id, 'capture-job-2')).toEqual({ outcome: 'already-captured' });

      expect(await client.getOrder(order.id)).toEqual({
        id: order.id,
        status: 'COMPLETED',
        captureId: first.captureId,
        captureStatus: 'COMPLETED',
        amount: first.amount,
        payerId: first.payerId,
      });
    });

    it('answers not-approved before the payer approves', async () => {
      const order = await newOrder();
      expect(await client.captureOrder(order.id, 'capture-early')).toEqual({ outcome: 'not-approved' });
      expect(await client.getOrder(order.id)).toEqual({
        id: order.id,
        status: 'PAYER_ACTION_REQUIRED',
        amount: { currency: 'USD', value: '9.70' },
      });
    });

    it('answers declined for a declined card, then completes after the payer approves again', async () => {
      const order = await newOrder();
      await payerChooses(order.approveUrl, 'declined-card');
      expect(await client.captureOrder(order.id, 'capture-try-1')).toEqual({ outcome: 'declined' });
      await payerChooses(order.approveUrl, 'balance');
      expect(await client.captureOrder(order.id, 'capture-try-2')).toMatchObject({ outcome: 'completed' });
    });

    it('throws RESOURCE_NOT_FOUND for an order PayPal does not know', async () => {
      const error = await rejection(client.captureOrder('NOSUCHORDER000000', 'capture-unknown'));
      expect(error).toMatchObject({ status: 404, name: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID', retryable: false });
    });
  });

  describe('failures worth retrying', () => {
    it('marks an unreachable PayPal as retryable', async () => {
      const { server, url } = await listen(() => undefined);
      await close(server);
      const error = await rejection(new PaypalClient({ ...clientOptions, redis: undefined, baseUrl: url }).getOrder('ANYORDER000000000'));
      expect(error).toMatchObject({ status: null, name: 'NETWORK_ERROR', retryable: true });
    });

    it('marks a PayPal that answers too slowly as retryable', async () => {
      const { server, url } = await listen(() => undefined);
      try {
        const error = await rejection(
          new PaypalClient({ ...clientOptions, redis: undefined, baseUrl: url, timeoutMs: 100 }).getOrder('ANYORDER000000000'),
        );
        expect(error).toMatchObject({ status: null, name: 'NETWORK_ERROR', description: 'no answer within 100 ms', retryable: true });
      } finally {
        await close(server);
      }
    });

    it("marks PayPal's own failures (5xx) as retryable, with their debug id", async () => {
      const { server, url } = await listen((_request, response) => {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.', debug_id: 'abc123def4567' }));
      });
      try {
        const error = await rejection(new PaypalClient({ ...clientOptions, redis: undefined, baseUrl: url }).getOrder('ANYORDER000000000'));
        expect(error).toMatchObject({ status: 503, name: 'SERVICE_UNAVAILABLE', debugId: 'abc123def4567', retryable: true });
      } finally {
        await close(server);
      }
    });
  });

  describe('refundCapture', () => {
    it('refunds the whole capture when no amount is given', async () => {
      const { captureId } = await capturedOrder();
      const outcome = await client.refundCapture(captureId, { requestId: 'refund-1', noteToPayer: 'Out of stock' });
      expect(outcome).toEqual({
        outcome: 'refunded',
        refundId: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: 'COMPLETED',
        amount: { currency: 'USD', value: '9.70' },
      });
      expect(sandbox.paypal.refundsOf(captureId)).toMatchObject([
        { amount: { currency_code: 'USD', value: '9.70' }, noteToPayer: 'Out of stock', requestId: 'refund-1' },
      ]);
    });

    it('answers the first refund again for the same request id, refunding once', async () => {
      const { captureId } = await capturedOrder();
      const input = { requestId: 'refund-job-1', amount: { currency: 'USD', value: '4.00' } };
      const first = await client.refundCapture(captureId, input);
      expect(first).toMatchObject({ outcome: 'refunded', amount: input.amount });
      expect(await client.refundCapture(captureId, input)).toEqual(first);
      expect(sandbox.paypal.refundsOf(captureId)).toHaveLength(1);
    });

    it('answers already-refunded for a capture refunded in full under another request id', async () => {
      const { captureId } = await capturedOrder();
      await client.refundCapture(captureId, { requestId: 'refund-job-1' });
      expect(await client.refundCapture(captureId, { requestId: 'refund-job-2' })).toEqual({ outcome: 'already-refunded' });
      expect(sandbox.paypal.refundsOf(captureId)).toHaveLength(1);
    });

    it('refunds part, then answers exceeds-remaining for more than is left', async () => {
      const { captureId } = await capturedOrder();
      expect(await client.refundCapture(captureId, { requestId: 'refund-part', amount: { currency: 'USD', value: '5.00' } })).toMatchObject(
        { outcome: 'refunded' },
      );
      expect(await client.refundCapture(captureId, { requestId: 'refund-more', amount: { currency: 'USD', value: '4.71' } })).toEqual({
        outcome: 'exceeds-remaining',
      });
      expect(await client.refundCapture(captureId, { requestId: 'refund-rest' })).toMatchObject({
        outcome: 'refunded',
        amount: { currency: 'USD', value: '4.70' },
      });
      expect(sandbox.paypal.refundsOf(captureId)).toHaveLength(2);
    });

    it('throws RESOURCE_NOT_FOUND for a capture PayPal does not know', async () => {
      const error = await rejection(client.refundCapture('NOSUCHCAPTURE0000', { requestId: 'refund-unknown' }));
      expect(error).toMatchObject({ status: 404, name: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID', retryable: false });
    });

    it("throws PayPal's refusal of a refund in another currency than the capture's", async () => {
      const { captureId } = await capturedOrder();
      const error = await rejection(
        client.refundCapture(captureId, { requestId: 'refund-eur', amount: { currency: 'EUR', value: '1.00' } }),
      );
      expect(error).toMatchObject({
        status: 422,
        name: 'UNPROCESSABLE_ENTITY',
        issue: 'REFUND_CAPTURE_CURRENCY_MISMATCH',
        retryable: false,
      });
      expect(sandbox.paypal.refundsOf(captureId)).toEqual([]);
    });
  });

  describe('webhooks', () => {
    it("verifies the sandbox's PAYMENT.CAPTURE.COMPLETED and reads it", async () => {
      const { orderId, captureId } = await capturedOrder();
      const received = await listenedFor(orderId);
      expect(received.verified).toBe(true);
      expect(received.event).toEqual({
        id: expect.stringMatching(/^WH-/),
        eventType: 'PAYMENT.CAPTURE.COMPLETED',
        orderId,
        captureId,
        status: 'COMPLETED',
        amount: { currency: 'USD', value: '9.70' },
      });
    });

    it('reads a declined capture as PAYMENT.CAPTURE.DENIED', async () => {
      const order = await newOrder();
      sandbox.paypal.approve(order.id, 'declined-card');
      await client.captureOrder(order.id, 'capture-declined');
      const received = await listenedFor(order.id);
      expect(received.verified).toBe(true);
      expect(received.event).toMatchObject({ eventType: 'PAYMENT.CAPTURE.DENIED', orderId: order.id, status: 'DECLINED' });
    });

    it('does not verify a tampered event, a missing header, or a body that is not JSON', async () => {
      const received = await listenedFor((await capturedOrder()).orderId);
      expect(await client.verifyWebhook(received.headers, received.rawBody)).toBe(true);
      const tampered = received.rawBody.replace('"value":"9.70"', '"value":"0.01"');
      expect(tampered).not.toBe(received.rawBody);
      expect(await client.verifyWebhook(received.headers, tampered)).toBe(false);
      expect(await client.verifyWebhook({ ...received.headers, 'paypal-transmission-sig': undefined }, received.rawBody)).toBe(false);
      expect(await client.verifyWebhook(received.headers, 'not json')).toBe(false);
      const otherWebhook = new PaypalClient({ ...clientOptions, webhookId: 'another-webhook' });
      expect(await otherWebhook.verifyWebhook(received.headers, received.rawBody)).toBe(false);
    });

    it('reads nothing from events it does not act on or bodies that are not events', () => {
      const event = {
        id: 'WH-1',
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource_type: 'capture',
        resource: {
          id: 'C1',
          status: 'REFUNDED',
          amount: { currency_code: 'USD', value: '1.00' },
          supplementary_data: { related_ids: { order_id: 'O1' } },
        },
      };
      expect(parseWebhookEvent(event)).toBeNull();
      expect(parseWebhookEvent(JSON.stringify({ ...event, event_type: 'PAYMENT.CAPTURE.COMPLETED' }))).toMatchObject({
        eventType: 'PAYMENT.CAPTURE.COMPLETED',
        orderId: 'O1',
        captureId: 'C1',
      });
      expect(
        parseWebhookEvent({ ...event, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { ...event.resource, supplementary_data: {} } }),
      ).toBeNull();
      expect(parseWebhookEvent('{"id":')).toBeNull();
      expect(parseWebhookEvent(null)).toBeNull();
    });
  });
});
