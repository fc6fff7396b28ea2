import { createHash, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { LIMITS, MESSAGES, ORDER_API, RATE_LIMITS } from '@shop/contracts';
import { newCallbackKey, OutboxEvent, PaymentCallback } from '@shop/db';
import { REDIS_CLIENT } from '@shop/infrastructure';
import { PaypalClient } from '@shop/payments';
import { checkoutDriver, createTestProduct, refusalAnswer, sampleOf, testConfig, waitFor } from '@shop/testing';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';
import { CALLBACK_SOURCE_REFUSED } from './payment-callbacks.service.js';
import { RefusedWebhooks } from './refused-webhooks.js';

const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' };

function stkCallback(checkoutRequestId: string, resultCode = 1032): object {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'merchant-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc: 'Request cancelled by user',
      },
    },
  };
}

const newCheckoutRequestId = () => `ws_CO_${randomUUID().replace(/-/g, '')}`;
const parsedOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};
const unreadableKey = (text: string) => `unreadable:${createHash('sha256').update(text).digest('hex')}`;

describe('payment callbacks: stored first, acknowledged at once', () => {
  let shop: TestApi;
  let server: Server;
  let dataSource: DataSource;
  let config: AppConfig;
  let firstEventId: string;

  beforeAll(async () => {
    config = testConfig();
    shop = await startTestApi(config);
    ({ server, dataSource } = shop);
    firstEventId = (await dataSource.getRepository(OutboxEvent).find({ order: { id: 'DESC' }, take: 1 }))[0]?.id ?? '0';
  });
  afterAll(async () => {
    // No workers run here: the events this file wrote must not reach another file's workers.
    await dataSource?.getRepository(OutboxEvent).update({ id: MoreThan(firstEventId), publishedAt: IsNull() }, { publishedAt: new Date() });
    await shop?.app.close();
  });

  const postMpesa = (body: string, token = config.MPESA_CALLBACK_TOKEN, contentType = 'application/json') =>
    request(server).post(ORDER_API.mpesaCallback(token)).set('content-type', contentType).send(body);
  const callbacksKeyed = (deliveryKey: string) => dataSource.getRepository(PaymentCallback).findBy({ deliveryKey });
  const eventsOfCallback = async (callbackId: number) =>
    (await dataSource.getRepository(OutboxEvent).findBy({ id: MoreThan(firstEventId) })).filter(
      (event) => (event.payload as { callbackId?: number }).callbackId === callbackId,
    );

  describe('M-Pesa', () => {
    it('stores the body as sent with its mpesa.callback event, and answers Daraja with Accepted', async () => {
      const checkoutRequestId = newCheckoutRequestId();
      const text = JSON.stringify(stkCallback(checkoutRequestId), null, 2);

      await postMpesa(text).expect(200, ACCEPTED);

      const [stored] = await callbacksKeyed(checkoutRequestId);
      expect(stored).toMatchObject({ provider: 'mpesa', providerReference: checkoutRequestId, payload: { body: text }, processedAt: null });
      const events = await eventsOfCallback(stored!.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        jobName: 'mpesa.callback',
        queueName: 'payments',
        payload: { callbackId: stored!.id },
        delayMs: 0,
      });
    });

    it('takes JSON with or without an attempt key in the path, and refuses any other content type unstored', async () => {
      const checkoutRequestId = newCheckoutRequestId();
      const answer = await postMpesa(JSON.stringify(stkCallback(checkoutRequestId)), undefined, 'text/plain').expect(415);
      expect(answer.body).toEqual(refusalAnswer('UNSUPPORTED_MEDIA_TYPE', MESSAGES.server.jsonOnly));
      expect(await callbacksKeyed(checkoutRequestId)).toHaveLength(0);

      const keyed = newCheckoutRequestId();
      const attemptKey = newCallbackKey();
      await request(server)
        .post(ORDER_API.mpesaCallback(config.MPESA_CALLBACK_TOKEN, attemptKey))
        .set('content-type', 'application/json')
        .send(JSON.stringify(stkCallback(keyed)))
        .expect(200, ACCEPTED);
      expect(await callbacksKeyed(keyed)).toEqual([expect.objectContaining({ attemptKey })]);
    });

    it("keeps another body for the same push beside the first, so a forged early callback cannot silence Daraja's", async () => {
      const checkoutRequestId = newCheckoutRequestId();
      const forged = JSON.stringify(stkCallback(checkoutRequestId));
      const genuine = JSON.stringify(stkCallback(checkoutRequestId, 1));
      for (const text of [forged, genuine, genuine, forged]) await postMpesa(text).expect(200, ACCEPTED);

      const stored = await dataSource
        .getRepository(PaymentCallback)
        .find({ where: { providerReference: checkoutRequestId }, order: { id: 'ASC' } });
      expect(stored.map((row) => (row.payload as { body: string }).body)).toEqual([forged, genuine]);
      expect(stored.map((row) => row.deliveryKey)).toEqual([
        checkoutRequestId,
        expect.stringMatching(new RegExp(`^${checkoutRequestId}:[0-9a-f]{16}$`)),
      ]);
      for (const row of stored) expect(await eventsOfCallback(row.id)).toHaveLength(1);
    });

    it(`keeps no more than ${LIMITS.mpesaCallbackBodiesPerPush} different bodies for one push, acknowledging every one`, async () => {
      const checkoutRequestId = newCheckoutRequestId();
      for (let resultCode = 1; resultCode <= LIMITS.mpesaCallbackBodiesPerPush + 3; resultCode += 1)
        await postMpesa(JSON.stringify(stkCallback(checkoutRequestId, resultCode))).expect(200, ACCEPTED);
      expect(await dataSource.getRepository(PaymentCallback).countBy({ providerReference: checkoutRequestId })).toBe(
        LIMITS.mpesaCallbackBodiesPerPush,
      );
    });

    it('makes one row and one event of three copies arriving together, acknowledging each', async () => {
      const checkoutRequestId = newCheckoutRequestId();
      const text = JSON.stringify(stkCallback(checkoutRequestId));

      const answers = await Promise.all([postMpesa(text), postMpesa(text), postMpesa(text)]);

      expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
        [200, ACCEPTED],
        [200, ACCEPTED],
        [200, ACCEPTED],
      ]);
      const stored = await callbacksKeyed(checkoutRequestId);
      expect(stored).toHaveLength(1);
      expect(await eventsOfCallback(stored[0]!.id)).toHaveLength(1);
    });

    it.each([
      ['text that is not JSON', () => `<stkCallback>${randomUUID()}</stkCallback>`],
      ['JSON that is no stkCallback', () => JSON.stringify({ hello: randomUUID() })],
      ['a JSON array', () => JSON.stringify([randomUUID()])],
      [
        'a callback without its CheckoutRequestID',
        () => JSON.stringify({ Body: { stkCallback: { MerchantRequestID: randomUUID(), ResultCode: 0, ResultDesc: 'ok' } } }),
      ],
      ['a success without amount, receipt and phone', () => JSON.stringify(stkCallback(newCheckoutRequestId(), 0))],
      [
        'a result code in words',
        () =>
          JSON.stringify({
            Body: {
              stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: newCheckoutRequestId(), ResultCode: 'cancelled', ResultDesc: 'x' },
            },
          }),
      ],
      ['a CheckoutRequestID longer than any Daraja gives', () => JSON.stringify(stkCallback(`ws_CO_${'9'.repeat(120)}`))],
      ['an empty body', () => ''],
    ])('stores %s, answers 400 and queues nothing', async (_case, makeBody) => {
      const text = makeBody();
      const before = await dataSource
        .getRepository(OutboxEvent)
        .count({ where: { id: MoreThan(firstEventId), jobName: 'mpesa.callback' } });

      const answer = await postMpesa(text).expect(400);

      expect(answer.body).toEqual(
        refusalAnswer('VALIDATION_FAILED', MESSAGES.server.validationFailed, {
          fields: [{ field: 'body', message: MESSAGES.server.validationFailed }],
        }),
      );
      const [stored] = await callbacksKeyed(unreadableKey(text));
      expect(stored).toMatchObject({ provider: 'mpesa', providerReference: null, payload: { body: text } });
      expect(await eventsOfCallback(stored!.id)).toEqual([]);
      expect(await dataSource.getRepository(OutboxEvent).count({ where: { id: MoreThan(firstEventId), jobName: 'mpesa.callback' } })).toBe(
        before,
      );
    });

    it.each([
      ['a wrong token', () => 'wrong-token-wrong-token-wrong-token'],
      [
        'the token with one character changed',
        () => `${config.MPESA_CALLBACK_TOKEN.slice(0, -1)}${config.MPESA_CALLBACK_TOKEN.endsWith('x') ? 'y' : 'x'}`,
      ],
      ['the token in capitals', () => config.MPESA_CALLBACK_TOKEN.toUpperCase()],
      ['the token and more', () => `${config.MPESA_CALLBACK_TOKEN}0`],
    ])('answers 404 to %s and stores nothing', async (_case, token) => {
      const checkoutRequestId = newCheckoutRequestId();
      const answer = await postMpesa(JSON.stringify(stkCallback(checkoutRequestId)), token()).expect(404);
      expect(answer.body).toEqual(refusalAnswer('NOT_FOUND', MESSAGES.server.notFound));
      expect(await callbacksKeyed(checkoutRequestId)).toEqual([]);
    });

    it('accepts the previous token during a rotation, and only the two tokens', async () => {
      const rotated = await startTestApi(
        testConfig({
          MPESA_CALLBACK_TOKEN: 'the-new-callback-token-after-rotation',
          MPESA_CALLBACK_TOKEN_PREVIOUS: config.MPESA_CALLBACK_TOKEN,
        }),
      );
      try {
        const post = (token: string, checkoutRequestId: string) =>
          request(rotated.server).post(ORDER_API.mpesaCallback(token)).send(stkCallback(checkoutRequestId));
        const [byNew, byPrevious, byNeither] = [newCheckoutRequestId(), newCheckoutRequestId(), newCheckoutRequestId()];
        await post('the-new-callback-token-after-rotation', byNew).expect(200, ACCEPTED);
        await post(config.MPESA_CALLBACK_TOKEN, byPrevious).expect(200, ACCEPTED);
        await post('an-older-callback-token-no-longer-taken', byNeither).expect(404);
        expect([
          (await callbacksKeyed(byNew)).length,
          (await callbacksKeyed(byPrevious)).length,
          (await callbacksKeyed(byNeither)).length,
        ]).toEqual([1, 1, 0]);
      } finally {
        await rotated.app.close();
      }
    });

    it('refuses a body too large to be a callback without a server error', async () => {
      const answer = await postMpesa(JSON.stringify({ padding: 'x'.repeat(100_000) }));
      expect(answer.status).toBe(413);
    });

    it('takes callbacks only from the allowed addresses when a list is configured', async () => {
      const elsewhere = await startTestApi(testConfig({ MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.200, 196.201.214.206' }));
      const local = await startTestApi(testConfig({ MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.200,127.0.0.1' }));
      try {
        const refused = newCheckoutRequestId();
        const answer = await request(elsewhere.server)
          .post(ORDER_API.mpesaCallback(config.MPESA_CALLBACK_TOKEN))
          .send(stkCallback(refused))
          .expect(403);
        expect(answer.body).toEqual(refusalAnswer('CALLBACK_SOURCE_REFUSED', CALLBACK_SOURCE_REFUSED));
        expect(await callbacksKeyed(refused)).toEqual([]);

        const accepted = newCheckoutRequestId();
        await request(local.server)
          .post(ORDER_API.mpesaCallback(config.MPESA_CALLBACK_TOKEN))
          .send(stkCallback(accepted))
          .expect(200, ACCEPTED);
        expect(await callbacksKeyed(accepted)).toHaveLength(1);
      } finally {
        await elsewhere.app.close();
        await local.app.close();
      }
    });
  });

  describe('PayPal webhooks', () => {
    // PayPal's verification is an HTTP call: these tests talk to the sandbox, which signs what it sends.
    let stack: PaymentStack;
    beforeAll(async () => {
      stack = await startPaymentStack();
    });
    afterAll(() => stack?.close());

    const transmission = () => ({
      'PAYPAL-TRANSMISSION-ID': randomUUID(),
      'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
      'PAYPAL-TRANSMISSION-SIG': 'c2lnbmF0dXJl',
      'PAYPAL-CERT-URL': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
    });
    const captureEvent = (eventId: string, orderId: string) => ({
      id: eventId,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      resource: {
        id: 'CAPTURE1',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '10.00' },
        supplementary_data: { related_ids: { order_id: orderId } },
      },
    });
    const postWebhook = (body: string, headers: Record<string, string> = transmission()) =>
      request(stack.server)
        .post(ORDER_API.paypalWebhook)
        .set({ 'content-type': 'application/json', ...headers })
        .send(body);
    const stackCallbacksKeyed = (deliveryKey: string) => stack.dataSource.getRepository(PaymentCallback).findBy({ deliveryKey });
    const refusedRecord = () => stack.api.app.get(RefusedWebhooks).newestFirst();
    const unverifiedCount = async () =>
      sampleOf(await stack.api.app.get(ApiMetrics).registry.metrics(), 'toyduka_payment_webhooks_unverified_total', { provider: 'paypal' });

    it("stores PayPal's signed event with its transmission headers, once per event id, and queues one job", async () => {
      const shop = checkoutDriver(stack.server, stack.dataSource);
      const product = await createTestProduct(stack.dataSource, { price: 1290, totalStock: 3 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
      const paypalOrderId = (await shop.paymentOf(orderId)).providerReference!;
      stack.sandbox.paypal.approve(paypalOrderId);
      // Captured at PayPal without the workers (none run here): PayPal's webhook is the shop's only word of it.
      const paypal = new PaypalClient({
        baseUrl: stack.config.PAYPAL_BASE_URL,
        clientId: stack.config.PAYPAL_CLIENT_ID,
        clientSecret: stack.config.PAYPAL_CLIENT_SECRET,
        webhookId: stack.config.PAYPAL_WEBHOOK_ID,
      });
      await paypal.captureOrder(paypalOrderId, `test-${randomUUID()}`);
      const sent = await waitFor('the capture webhook to be delivered', () =>
        stack.sandbox.paypal
          .webhooks()
          .find(
            (record) => record.event.resource.supplementary_data.related_ids.order_id === paypalOrderId && record.deliveries.length > 0,
          ),
      );
      // PayPal's resend of the same event comes as a new transmission.
      await stack.sandbox.paypal.resendWebhook(sent.event.id);

      const stored = await stackCallbacksKeyed(sent.event.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        provider: 'paypal',
        providerReference: paypalOrderId,
        processedAt: null,
        payload: { body: JSON.stringify(sent.event), headers: expect.objectContaining({ 'paypal-auth-algo': expect.any(String) }) },
      });
      const events = await stack.dataSource.getRepository(OutboxEvent).findBy({ jobName: 'paypal.webhook' });
      expect(events.filter((event) => (event.payload as { callbackId: number }).callbackId === stored[0]!.id)).toHaveLength(1);
      expect(
        sent.deliveries
          .concat(stack.sandbox.paypal.webhooks().find((record) => record.event.id === sent.event.id)!.deliveries)
          .every((delivery) => delivery.httpStatus === 200),
      ).toBe(true);
    });

    it.each([
      ['a forged event PayPal does not confirm', () => JSON.stringify(captureEvent(`WH-${randomUUID()}`, 'PAYPALORDER1')), 'unverified'],
      ['text that is not JSON', () => `not json ${randomUUID()}`, 'unreadable'],
      ['an event without an id', () => JSON.stringify({ event_type: 'PAYMENT.CAPTURE.COMPLETED', nonce: randomUUID() }), 'unreadable'],
    ])('refuses %s with 400 and stores no row of it, only a line in the bounded record', async (_case, makeBody, reason) => {
      const text = makeBody();
      const before = await unverifiedCount();
      await postWebhook(text).expect(400);
      const eventId = (parsedOrNull(text) as { id?: string } | null)?.id ?? null;
      expect(await stackCallbacksKeyed(eventId ?? unreadableKey(text))).toEqual([]);
      expect((await refusedRecord())[0]).toEqual({
        at: expect.any(String),
        from: expect.any(String),
        reason,
        eventId,
        bytes: Buffer.byteLength(text),
      });
      expect((await unverifiedCount())! - before!).toBe(1);
    });

    it('keeps only the newest refused deliveries, under a key that expires', async () => {
      const redis = stack.api.app.get<Redis>(REDIS_CLIENT);
      const key = `${stack.config.REDIS_PREFIX}:paypal-webhooks:refused`;
      await redis.del(key);
      const body = JSON.stringify(captureEvent(`WH-${randomUUID()}`, 'PAYPALORDER1'));
      const refused = { at: new Date().toISOString(), from: '192.0.2.1', reason: 'unverified' as const, eventId: 'WH-X', bytes: 1 };
      for (let entry = 0; entry < LIMITS.refusedWebhooksKept + 5; entry += 1) await stack.api.app.get(RefusedWebhooks).record(refused);
      await postWebhook(body).expect(400);
      expect(await redis.llen(key)).toBe(LIMITS.refusedWebhooksKept);
      expect(await redis.pttl(key)).toBeGreaterThan(LIMITS.refusedWebhooksKeptMs - 60_000);
      expect((await refusedRecord())[0]!.bytes).toBe(Buffer.byteLength(body));
    });

    it("answers 429 past the client address's limit, before asking PayPal", async () => {
      const limited = await startPaymentStack();
      try {
        const send = () =>
          request(limited.server)
            .post(ORDER_API.paypalWebhook)
            .set({ 'content-type': 'application/json', ...transmission() })
            .send(JSON.stringify(captureEvent(`WH-${randomUUID()}`, 'X')));
        for (let delivery = 0; delivery < RATE_LIMITS.paypalWebhooksPerClientAddress.points; delivery += 1) await send().expect(400);
        const verificationsBefore = limited.sandbox.paypal.verificationsAsked();
        const refused = await send().expect(429);
        const retryAfterSeconds = Number(refused.headers['retry-after']);
        expect(retryAfterSeconds).toBeGreaterThan(0);
        expect(refused.body.message).toBe(MESSAGES.server.tooManyRequestsFor(retryAfterSeconds * 1000));
        expect(limited.sandbox.paypal.verificationsAsked()).toBe(verificationsBefore);
      } finally {
        await limited.close();
      }
    });
  });
});
