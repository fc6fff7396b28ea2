import { createHash, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { MESSAGES, ORDER_API } from '@shop/contracts';
import type { AppConfig } from '@shop/config';
import { OutboxEvent, PaymentCallback, newCallbackKey } from '@shop/db';
import { testConfig } from '@shop/testing';
import { startTestApi, type TestApi } from '../testing/test-api.js';
import { CALLBACK_SOURCE_REFUSED } from './payment-callbacks.service.js';

const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' };

function stkCallback(checkoutRequestId: string, resultCode = 1032): object {
  return { Body: { stkCallback: { MerchantRequestID: 'merchant-1', CheckoutRequestID: checkoutRequestId, ResultCode: resultCode, ResultDesc: 'Request cancelled by user' } } };
}

const newCheckoutRequestId = () => `ws_CO_${randomUUID().replace(/-/g, '')}`;
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
    (await dataSource.getRepository(OutboxEvent).findBy({ id: MoreThan(firstEventId) })).filter((event) => (event.payload as { callbackId?: number }).callbackId === callbackId);

  describe('M-Pesa', () => {
    it('stores the body as sent with its mpesa.callback event, and answers Daraja with Accepted', async () => {
      const checkoutRequestId = newCheckoutRequestId();
      const text = JSON.stringify(stkCallback(checkoutRequestId), null, 2);

      await postMpesa(text).expect(200, ACCEPTED);

      const [stored] = await callbacksKeyed(checkoutRequestId);
      expect(stored).toMatchObject({ provider: 'mpesa', providerReference: checkoutRequestId, payload: { body: text }, processedAt: null });
      const events = await eventsOfCallback(stored!.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ jobName: 'mpesa.callback', queueName: 'payments', payload: { callbackId: stored!.id }, delayMs: 0 });
    });

    it('takes JSON with or without an attempt key in the path, and refuses any other content type unstored', async () => {
      const checkoutRequestId = newCheckoutRequestId();
      const answer = await postMpesa(JSON.stringify(stkCallback(checkoutRequestId)), undefined, 'text/plain').expect(415);
      expect(answer.body).toEqual({ success: false, message: MESSAGES.server.jsonOnly });
      expect(await callbacksKeyed(checkoutRequestId)).toHaveLength(0);

      const keyed = newCheckoutRequestId();
      const attemptKey = newCallbackKey();
      await request(server).post(ORDER_API.mpesaCallback(config.MPESA_CALLBACK_TOKEN, attemptKey)).set('content-type', 'application/json').send(JSON.stringify(stkCallback(keyed))).expect(200, ACCEPTED);
      expect(await callbacksKeyed(keyed)).toEqual([expect.objectContaining({ attemptKey })]);
    });

    it('makes one row and one event of three copies arriving together, acknowledging each', async () => {
      const checkoutRequestId = newCheckoutRequestId();
      const text = JSON.stringify(stkCallback(checkoutRequestId));

      const answers = await Promise.all([postMpesa(text), postMpesa(text), postMpesa(text)]);

      expect(answers.map((answer) => [answer.status, answer.body])).toEqual([[200, ACCEPTED], [200, ACCEPTED], [200, ACCEPTED]]);
      const stored = await callbacksKeyed(checkoutRequestId);
      expect(stored).toHaveLength(1);
      expect(await eventsOfCallback(stored[0]!.id)).toHaveLength(1);
    });

    it.each([
      ['text that is not JSON', () => `<stkCallback>${randomUUID()}</stkCallback>`],
      ['JSON that is no stkCallback', () => JSON.stringify({ hello: randomUUID() })],
      ['a JSON array', () => JSON.stringify([randomUUID()])],
      ['a callback without its CheckoutRequestID', () => JSON.stringify({ Body: { stkCallback: { MerchantRequestID: randomUUID(), ResultCode: 0, ResultDesc: 'ok' } } })],
      ['a success without amount, receipt and phone', () => JSON.stringify(stkCallback(newCheckoutRequestId(), 0))],
      ['a result code in words', () => JSON.stringify({ Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: newCheckoutRequestId(), ResultCode: 'cancelled', ResultDesc: 'x' } } })],
      ['a CheckoutRequestID longer than any Daraja gives', () => JSON.stringify(stkCallback(`ws_CO_${'9'.repeat(120)}`))],
      ['an empty body', () => ''],
    ])('stores %s, answers 400 and queues nothing', async (_case, makeBody) => {
      const text = makeBody();
      const before = await dataSource.getRepository(OutboxEvent).count({ where: { id: MoreThan(firstEventId), jobName: 'mpesa.callback' } });

      const answer = await postMpesa(text).expect(400);

      expect(answer.body).toEqual({ success: false, message: MESSAGES.server.validationFailed });
      const [stored] = await callbacksKeyed(unreadableKey(text));
      expect(stored).toMatchObject({ provider: 'mpesa', providerReference: null, payload: { body: text } });
      expect(await eventsOfCallback(stored!.id)).toEqual([]);
      expect(await dataSource.getRepository(OutboxEvent).count({ where: { id: MoreThan(firstEventId), jobName: 'mpesa.callback' } })).toBe(before);
    });

    it.each([
      ['a wrong token', () => 'wrong-token-wrong-token-wrong-token'],
      ['the token with one character changed', () => `${config.MPESA_CALLBACK_TOKEN.slice(0, -1)}${config.MPESA_CALLBACK_TOKEN.endsWith('x') ? 'y' : 'x'}`],
      ['the token in capitals', () => config.MPESA_CALLBACK_TOKEN.toUpperCase()],
      ['the token and more', () => `${config.MPESA_CALLBACK_TOKEN}0`],
    ])('answers 404 to %s and stores nothing', async (_case, token) => {
      const checkoutRequestId = newCheckoutRequestId();
      const answer = await postMpesa(JSON.stringify(stkCallback(checkoutRequestId)), token()).expect(404);
      expect(answer.body).toEqual({ success: false, message: MESSAGES.server.notFound });
      expect(await callbacksKeyed(checkoutRequestId)).toEqual([]);
    });

    it('accepts the previous token during a rotation, and only the two tokens', async () => {
      const rotated = await startTestApi(testConfig({ MPESA_CALLBACK_TOKEN: 'the-new-callback-token-after-rotation', MPESA_CALLBACK_TOKEN_PREVIOUS: config.MPESA_CALLBACK_TOKEN }));
      try {
        const post = (token: string, checkoutRequestId: string) => request(rotated.server).post(ORDER_API.mpesaCallback(token)).send(stkCallback(checkoutRequestId));
        const [byNew, byPrevious, byNeither] = [newCheckoutRequestId(), newCheckoutRequestId(), newCheckoutRequestId()];
        await post('the-new-callback-token-after-rotation', byNew).expect(200, ACCEPTED);
        await post(config.MPESA_CALLBACK_TOKEN, byPrevious).expect(200, ACCEPTED);
        await post('an-older-callback-token-no-longer-taken', byNeither).expect(404);
        expect([(await callbacksKeyed(byNew)).length, (await callbacksKeyed(byPrevious)).length, (await callbacksKeyed(byNeither)).length]).toEqual([1, 1, 0]);
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
        const answer = await request(elsewhere.server).post(ORDER_API.mpesaCallback(config.MPESA_CALLBACK_TOKEN)).send(stkCallback(refused)).expect(403);
        expect(answer.body).toEqual({ success: false, message: CALLBACK_SOURCE_REFUSED });
        expect(await callbacksKeyed(refused)).toEqual([]);

        const accepted = newCheckoutRequestId();
        await request(local.server).post(ORDER_API.mpesaCallback(config.MPESA_CALLBACK_TOKEN)).send(stkCallback(accepted)).expect(200, ACCEPTED);
        expect(await callbacksKeyed(accepted)).toHaveLength(1);
      } finally {
        await elsewhere.app.close();
        await local.app.close();
      }
    });
  });

  describe('PayPal webhooks', () => {
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
      resource: { id: 'CAPTURE1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '10.00' }, supplementary_data: { related_ids: { order_id: orderId } } },
    });
    const postWebhook = (body: string, headers: Record<string, string> = transmission()) =>
      request(server).post(ORDER_API.paypalWebhook).set({ 'content-type': 'application/json', ...headers }).send(body);

    it('stores the event as sent with the transmission headers, once per event id, and queues one job', async () => {
      const eventId = `WH-${randomUUID()}`;
      const text = JSON.stringify(captureEvent(eventId, 'PAYPALORDER1'));
      const headers = transmission();

      await postWebhook(text, headers).expect(200, { success: true });
      // PayPal's retry of the same event comes as a new transmission.
      await postWebhook(text).expect(200, { success: true });

      const stored = await callbacksKeyed(eventId);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        provider: 'paypal',
        providerReference: 'PAYPALORDER1',
        processedAt: null,
        payload: { body: text, headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])) },
      });
      const events = await eventsOfCallback(stored[0]!.id);
      expect(events.map((event) => [event.jobName, event.payload])).toEqual([['paypal.webhook', { callbackId: stored[0]!.id }]]);
    });

    it.each([
      ['text that is not JSON', () => `not json ${randomUUID()}`],
      ['an event without an id', () => JSON.stringify({ event_type: 'PAYMENT.CAPTURE.COMPLETED', nonce: randomUUID() })],
    ])('stores %s, answers 400 and queues nothing', async (_case, makeBody) => {
      const text = makeBody();
      await postWebhook(text).expect(400);
      const [stored] = await callbacksKeyed(unreadableKey(text));
      expect(stored).toMatchObject({ provider: 'paypal', payload: { body: text } });
      expect(await eventsOfCallback(stored!.id)).toEqual([]);
    });
  });
});
