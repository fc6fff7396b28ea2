import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { SANDBOX_AFRICAS_TALKING_APP, SANDBOX_PATHS } from '@shop/config';
import { waitFor } from '@shop/testing';
import { KEPT_MESSAGES } from '../outbox/kept-messages.js';
import { AFRICAS_TALKING_TEST_NUMBERS, createAfricasTalkingSandbox, type AfricasTalkingSandbox } from './africastalking-sandbox.js';

const DELIVERY_DELAY_MS = 100;
/** How far a timer's start may lag the wall clock on a loaded machine (see its use). */
const TIMER_START_LAG_MS = 20;
const SHOPPER = '+254712345678';

interface ReportReceiver {
  url: string;
  /** The delivery reports' form fields, as they came; a body that is not a form reads as {}. */
  reports: Record<string, string>[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<ReportReceiver> {
  const reports: Record<string, string>[] = [];
  const path = '/api/shop/sms-delivery-report';
  const server = express()
    .post(path, express.urlencoded({ extended: false }), (incoming, response) => {
      reports.push({ ...(incoming.body as Record<string, string>) });
      response.end();
    })
    .listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    reports,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe("Africa's Talking sandbox", () => {
  let receiver: ReportReceiver;
  let sandbox: AfricasTalkingSandbox;
  let app: express.Express;

  function send(
    fields: Record<string, string>,
    headers: Record<string, string> = { apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey, accept: 'application/json' },
  ) {
    return request(app)
      .post(`${SANDBOX_PATHS.africasTalking}/version1/messaging`)
      .set(headers)
      .type('form')
      .send({ username: SANDBOX_AFRICAS_TALKING_APP.username, ...fields });
  }

  const sms = (to: string, message = 'Your Toy Duka order 1042 is on its way.', from: string = SANDBOX_AFRICAS_TALKING_APP.senderId) =>
    send({ to, message, from });

  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = createAfricasTalkingSandbox({
      username: SANDBOX_AFRICAS_TALKING_APP.username,
      apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey,
      senderIds: [SANDBOX_AFRICAS_TALKING_APP.senderId],
      deliveryReportUrl: receiver.url,
      deliveryDelayMs: DELIVERY_DELAY_MS,
    });
    app = express();
    app.use(SANDBOX_PATHS.africasTalking, sandbox.router);
  });

  beforeEach(() => {
    sandbox.control.reset();
    receiver.reports.length = 0;
  });

  afterAll(async () => {
    sandbox?.control.stop();
    await receiver?.close();
  });

  describe('sending', () => {
    it('keeps only the newest messages, one per recipient', async () => {
      // A sandbox of its own that reports to nobody: 501 reports would reach the other tests' receiver.
      const quiet = createAfricasTalkingSandbox({
        ...SANDBOX_AFRICAS_TALKING_APP,
        senderIds: [SANDBOX_AFRICAS_TALKING_APP.senderId],
        deliveryDelayMs: 0,
      });
      const quietApp = express().use(SANDBOX_PATHS.africasTalking, quiet.router);
      try {
        const recipients = Array.from({ length: KEPT_MESSAGES + 1 }, (_, index) => `+2547110${String(index).padStart(5, '0')}`);
        const sent = await request(quietApp)
          .post(`${SANDBOX_PATHS.africasTalking}/version1/messaging`)
          .set({ apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey, accept: 'application/json' })
          .type('form')
          .send({
            username: SANDBOX_AFRICAS_TALKING_APP.username,
            to: recipients.join(','),
            message: 'Your Toy Duka order 1042 is on its way.',
          });
        expect(sent.status).toBe(201);
        const kept = quiet.control.messages();
        expect(kept).toHaveLength(KEPT_MESSAGES);
        expect([kept[0]!.to, kept.at(-1)!.to]).toEqual([recipients.at(-1), recipients[1]]);
      } finally {
        quiet.control.stop();
      }
    });

    it('answers a send as the real API does, with HTTP 201', async () => {
      const response = await sms(SHOPPER);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        SMSMessageData: {
          Message: 'Sent to 1/1 Total Cost: KES 0.8000',
          Recipients: [
            {
              statusCode: 101,
              number: SHOPPER,
              status: 'Success',
              cost: 'KES 0.8000',
              messageId: expect.stringMatching(/^ATXid_[0-9a-f]{32}$/),
            },
          ],
        },
      });
      expect(sandbox.control.messages()).toEqual([
        {
          id: response.body.SMSMessageData.Recipients[0].messageId,
          sentAt: expect.any(String),
          from: 'TOYDUKA',
          to: SHOPPER,
          message: 'Your Toy Duka order 1042 is on its way.',
          parts: 1,
          statusCode: 101,
          status: 'Success',
          cost: 'KES 0.8000',
          delivery: null,
        },
      ]);
    });

    it('sends to every number of a comma-separated list, without a sender id, and totals the cost', async () => {
      const response = await send({ to: `${SHOPPER}, +254110345678`, message: 'Hello' });
      expect(response.body.SMSMessageData).toMatchObject({
        Message: 'Sent to 2/2 Total Cost: KES 1.6000',
        Recipients: [{ number: SHOPPER }, { number: '+254110345678' }],
      });
      expect(sandbox.control.messages().map(({ to, from }) => ({ to, from }))).toEqual([
        { to: '+254110345678', from: null },
        { to: SHOPPER, from: null },
      ]);
    });

    it.each([
      ['160 GSM characters', 1, 'a'.repeat(160)],
      ['161 GSM characters', 2, 'a'.repeat(161)],
      ['159 characters and an extension character, counted as two,', 2, `${'a'.repeat(159)}€`],
      ['306 GSM characters', 2, 'a'.repeat(306)],
      ['accented letters of the GSM alphabet', 1, 'Asante! Karibu Café Ñairobi £5 @home'],
    ])('counts %s as %i part(s), and charges for each', async (_case, parts, message) => {
      const response = await sms(SHOPPER, message);
      expect(response.status).toBe(201);
      expect(response.body.SMSMessageData.Recipients[0].cost).toBe(`KES ${(parts * 0.8).toFixed(4)}`);
      expect(sandbox.control.messages()[0].parts).toBe(parts);
    });

    it('never splits an escaped pair across parts', async () => {
      // 306 septets fit two parts only if '{' may straddle them; it moves whole to part two, and the last 'b' needs a third.
      const response = await sms(SHOPPER, `${'a'.repeat(152)}{${'b'.repeat(152)}`);
      expect(response.status).toBe(400);
      expect(response.text).toMatch(/3 SMS parts/);
    });
  });

  describe('request checks', () => {
    it.each<[string, Record<string, string>, Record<string, string>, number, string]>([
      ['no apiKey header', {}, { accept: 'application/json' }, 401, 'Request is missing required HTTP header apiKey.'],
      ['a wrong apiKey', {}, { apiKey: 'guess', accept: 'application/json' }, 401, 'The supplied authentication is invalid'],
      [
        'another username',
        { username: 'someone-else' },
        { apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey },
        401,
        'The supplied authentication is invalid',
      ],
      [
        'no username',
        { username: '' },
        { apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey },
        400,
        "Request is missing required form field 'username'",
      ],
      ['no to', { to: '' }, { apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey }, 400, "Request is missing required form field 'to'"],
      [
        'a to of commas only',
        { to: ' , ,' },
        { apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey },
        400,
        "Request is missing required form field 'to'",
      ],
      [
        'no message',
        { message: '' },
        { apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey },
        400,
        "Request is missing required form field 'message'",
      ],
    ])('refuses a send with %s in plain text', async (_case, fields, headers, status, text) => {
      const response = await send({ to: SHOPPER, message: 'Hello', ...fields }, headers);
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.text).toBe(text);
      expect(sandbox.control.messages()).toEqual([]);
    });

    it.each([
      ['an emoji', 'Your toys are on the way 🚚', /GSM 03\.38.*"🚚"/],
      ['curly quotes', 'Toy Duka’s order', /GSM 03\.38.*"’"/],
      ['307 GSM characters', 'a'.repeat(307), /3 SMS parts.*at most 2/],
      ['154 extension characters', '€'.repeat(154), /3 SMS parts/],
    ])('refuses a message with %s', async (_case, message, reason) => {
      const response = await sms(SHOPPER, message);
      expect(response.status).toBe(400);
      expect(response.text).toMatch(reason);
      expect(sandbox.control.messages()).toEqual([]);
    });

    it('refuses to answer a send that does not ask for JSON', async () => {
      const response = await send({ to: SHOPPER, message: 'Hello' }, { apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey });
      expect(response.status).toBe(406);
      expect(response.text).toMatch(/Accept: application\/json/);
    });

    it('refuses an oversized form in plain text', async () => {
      const response = await sms(SHOPPER, 'a'.repeat(20_000));
      expect(response.status).toBe(413);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    });

    it('gives every recipient InvalidSenderId when the sender id is not the app’s, and sends nothing', async () => {
      const response = await sms(`${SHOPPER},+254110345678`, 'Hello', 'SOMEONE');
      expect(response.status).toBe(201);
      expect(response.body.SMSMessageData).toEqual({
        Message: 'Sent to 0/2 Total Cost: 0',
        Recipients: [SHOPPER, '+254110345678'].map((number) => ({
          statusCode: 402,
          number,
          status: 'InvalidSenderId',
          cost: '0',
          messageId: 'None',
        })),
      });
      await new Promise((resolve) => setTimeout(resolve, 2 * DELIVERY_DELAY_MS));
      expect(receiver.reports).toEqual([]);
    });

    it.each([
      ['written 07…', '0712345678'],
      ['without its plus', '254712345678'],
      ['a landline', '+254201234567'],
      ['a foreign mobile', '+255712345678'],
    ])('answers InvalidPhoneNumber for a number %s', async (_case, number) => {
      const response = await sms(number);
      expect(response.body.SMSMessageData.Recipients).toEqual([
        { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' },
      ]);
    });
  });

  describe('test numbers', () => {
    it.each([
      [AFRICAS_TALKING_TEST_NUMBERS.invalidPhoneNumber, 403, 'InvalidPhoneNumber'],
      [AFRICAS_TALKING_TEST_NUMBERS.insufficientBalance, 405, 'InsufficientBalance'],
      [AFRICAS_TALKING_TEST_NUMBERS.userInBlacklist, 406, 'UserInBlacklist'],
    ])(
      'refuses %s with %i %s, sent beside a number that goes through, and reports no delivery for it',
      async (number, statusCode, status) => {
        const response = await sms(`${number},${SHOPPER}`);
        expect(response.body.SMSMessageData).toEqual({
          Message: 'Sent to 1/2 Total Cost: KES 0.8000',
          Recipients: [
            { statusCode, number, status, cost: '0', messageId: 'None' },
            expect.objectContaining({ statusCode: 101, number: SHOPPER }),
          ],
        });
        await waitFor('the shopper’s report', () => receiver.reports.length === 1);
        await new Promise((resolve) => setTimeout(resolve, DELIVERY_DELAY_MS));
        expect(receiver.reports).toEqual([expect.objectContaining({ phoneNumber: SHOPPER })]);
        expect(sandbox.control.messages().find((message) => message.to === number)).toMatchObject({ statusCode, status, delivery: null });
      },
    );

    it('sends to the absent subscriber, whose delivery report says Failed: AbsentSubscriber', async () => {
      const number = AFRICAS_TALKING_TEST_NUMBERS.absentSubscriber;
      const response = await sms(number);
      const { messageId } = response.body.SMSMessageData.Recipients[0];
      expect(response.body.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 101, status: 'Success' });
      const [report] = await waitFor('the delivery report', () => receiver.reports.length > 0 && receiver.reports);
      expect(report).toEqual({
        id: messageId,
        status: 'Failed',
        failureReason: 'AbsentSubscriber',
        phoneNumber: number,
        networkCode: '63902',
        retryCount: '0',
      });
      expect(sandbox.control.messages()[0].delivery).toEqual({
        status: 'Failed',
        failureReason: 'AbsentSubscriber',
        reportedAt: expect.any(String),
      });
    });

    it('fails the whole request with HTTP 500 every other time, so that a retry goes through', async () => {
      const first = await sms(`${SHOPPER},${AFRICAS_TALKING_TEST_NUMBERS.serverError}`);
      expect(first.status).toBe(500);
      expect(sandbox.control.messages()).toEqual([]);
      const retry = await sms(`${SHOPPER},${AFRICAS_TALKING_TEST_NUMBERS.serverError}`);
      expect(retry.status).toBe(201);
      expect(retry.body.SMSMessageData.Message).toBe('Sent to 2/2 Total Cost: KES 1.6000');
      expect((await sms(AFRICAS_TALKING_TEST_NUMBERS.serverError)).status).toBe(500);
    });
  });

  describe('delivery reports', () => {
    it('posts a Success report to the callback URL after the delay, and records it on the message', async () => {
      const sentAt = Date.now();
      const response = await sms(SHOPPER);
      const { messageId } = response.body.SMSMessageData.Recipients[0];
      expect(receiver.reports).toEqual([]);
      const [report] = await waitFor('the delivery report', () => receiver.reports.length > 0 && receiver.reports);
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DELIVERY_DELAY_MS);
      expect(report).toEqual({ id: messageId, status: 'Success', phoneNumber: SHOPPER, networkCode: '63902', retryCount: '0' });
      const [message] = sandbox.control.messages();
      expect(message.delivery).toEqual({ status: 'Success', reportedAt: expect.any(String) });
      // Node starts a timer from the event loop's cached clock, which lags the wall clock the sandbox
      // stamps sentAt with by the work done so far in that turn: the two stamps may be a little under
      // the delay apart (99 ms on a busy CI machine), never far under.
      expect(Date.parse(message.delivery!.reportedAt) - Date.parse(message.sentAt)).toBeGreaterThanOrEqual(
        DELIVERY_DELAY_MS - TIMER_START_LAG_MS,
      );
    });

    it('records reports without posting them when no callback URL is set, and ignores a callback URL that is down', async () => {
      for (const deliveryReportUrl of [undefined, 'http://127.0.0.1:9/unreachable']) {
        const quiet = createAfricasTalkingSandbox({ ...SANDBOX_AFRICAS_TALKING_APP, senderIds: [], deliveryReportUrl, deliveryDelayMs: 0 });
        const quietApp = express().use(quiet.router);
        const response = await request(quietApp)
          .post('/version1/messaging')
          .set({ apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey, accept: 'application/json' })
          .type('form')
          .send({ username: SANDBOX_AFRICAS_TALKING_APP.username, to: SHOPPER, message: 'Hello' });
        expect(response.status).toBe(201);
        await waitFor('the recorded report', () => quiet.control.messages()[0].delivery !== null);
        quiet.control.stop();
      }
    });

    it('sends no report of a message sent before a reset, or after stop', async () => {
      await sms(SHOPPER);
      sandbox.control.reset();
      await sms(SHOPPER);
      sandbox.control.stop();
      await new Promise((resolve) => setTimeout(resolve, 2 * DELIVERY_DELAY_MS));
      expect(receiver.reports).toEqual([]);
      expect(sandbox.control.messages()).toEqual([expect.objectContaining({ delivery: null })]);
    });
  });

  describe('controls', () => {
    it('lists messages newest first, over HTTP too, and forgets them on reset', async () => {
      await sms(SHOPPER, 'first');
      await sms(SHOPPER, 'second');
      expect(sandbox.control.messages().map(({ message }) => message)).toEqual(['second', 'first']);
      const listed = await request(app).get(`${SANDBOX_PATHS.africasTalking}/control/messages`);
      expect(listed.body).toEqual(sandbox.control.messages());

      expect((await request(app).post(`${SANDBOX_PATHS.africasTalking}/control/reset`)).status).toBe(204);
      expect(sandbox.control.messages()).toEqual([]);
    });

    it('hands out copies, so a caller cannot change the outbox', async () => {
      await sms(SHOPPER);
      sandbox.control.messages()[0].message = 'changed';
      expect(sandbox.control.messages()[0].message).not.toBe('changed');
    });
  });
});
