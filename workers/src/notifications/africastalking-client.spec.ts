import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_GOOGLE_CLIENT, SANDBOX_PATHS, type AppConfig } from '@shop/config';
import {
  AFRICAS_TALKING_TEST_NUMBERS,
  messagingSandboxOptions,
  paymentSandboxOptions,
  startSandbox,
  type RunningSandbox,
} from '@shop/sandbox';
import { testConfig } from '@shop/testing';
import { AfricasTalkingClient, africasTalkingClientFromConfig, SmsRefused, SmsUnavailable } from './africastalking-client.js';

const SHOPPER = '+254712345678';
const MESSAGE = 'Toy Duka: order 1042 is paid, KES 2,400. We are packing it.';

describe('AfricasTalkingClient against the sandbox', () => {
  let sandbox: RunningSandbox;
  let config: AppConfig;
  let client: AfricasTalkingClient;

  beforeAll(async () => {
    // Another app than the sandbox's own: the sandbox knows the one the configuration names.
    const defaults = testConfig({ AT_USERNAME: 'toyduka-shop', AT_API_KEY: 'toyduka-shop-at-key', AT_SENDER_ID: 'TOYDUKASHOP' });
    sandbox = await startSandbox({
      port: 0,
      googleClient: { clientId: SANDBOX_GOOGLE_CLIENT.id, clientSecret: SANDBOX_GOOGLE_CLIENT.secret, redirectUris: [] },
      ...paymentSandboxOptions(defaults),
      ...messagingSandboxOptions({ ...defaults, SANDBOX_SMTP_PORT: 0 }),
    });
    config = { ...defaults, AT_BASE_URL: `${sandbox.url}${SANDBOX_PATHS.africasTalking}` };
    client = africasTalkingClientFromConfig(config);
  });
  afterAll(() => sandbox?.close());
  beforeEach(() => sandbox.africasTalking.reset());

  it('sends from the configured sender id and reports the recipient sent', async () => {
    const [result] = await client.send({ to: [SHOPPER], message: MESSAGE });

    expect(result).toEqual({
      number: SHOPPER,
      statusCode: 101,
      status: 'Success',
      messageId: expect.stringMatching(/^ATXid_/),
      sent: true,
    });
    expect(sandbox.africasTalking.messages()).toEqual([
      expect.objectContaining({ id: result.messageId, from: 'TOYDUKASHOP', to: SHOPPER, message: MESSAGE }),
    ]);
  });

  it('sends from the shared short code when no sender id is configured', async () => {
    await africasTalkingClientFromConfig({ ...config, AT_SENDER_ID: undefined }).send({ to: [SHOPPER], message: MESSAGE });

    expect(sandbox.africasTalking.messages()).toEqual([expect.objectContaining({ from: null, statusCode: 101 })]);
  });

  it("gives a refused recipient as a result beside the others', with no message id", async () => {
    const results = await client.send({ to: [SHOPPER, AFRICAS_TALKING_TEST_NUMBERS.invalidPhoneNumber], message: MESSAGE });

    expect(results).toEqual([
      expect.objectContaining({ number: SHOPPER, sent: true }),
      {
        number: AFRICAS_TALKING_TEST_NUMBERS.invalidPhoneNumber,
        statusCode: 403,
        status: 'InvalidPhoneNumber',
        messageId: null,
        sent: false,
      },
    ]);
  });

  it("says Africa's Talking is unavailable on its server error, and the retry goes through", async () => {
    const to = [SHOPPER, AFRICAS_TALKING_TEST_NUMBERS.serverError];

    const first = client.send({ to, message: MESSAGE });
    await expect(first).rejects.toThrow(SmsUnavailable);
    await expect(first).rejects.toEqual(expect.objectContaining({ status: 500, mayHaveSent: false }));
    expect(sandbox.africasTalking.messages()).toEqual([]);
    expect((await client.send({ to, message: MESSAGE })).map(({ sent }) => sent)).toEqual([true, true]);
  });

  it('says a wrong API key is refused, not worth retrying', async () => {
    const send = africasTalkingClientFromConfig({ ...config, AT_API_KEY: 'not-the-key' }).send({ to: [SHOPPER], message: MESSAGE });

    await expect(send).rejects.toThrow(SmsRefused);
    await expect(send).rejects.toEqual(expect.objectContaining({ status: 401, reason: 'The supplied authentication is invalid' }));
  });

  it("says Africa's Talking is unavailable when nothing answers", async () => {
    const stopped = await startSandbox({
      port: 0,
      googleClient: { clientId: 'x', clientSecret: 'y', redirectUris: [] },
      ...paymentSandboxOptions(config),
    });
    await stopped.close();

    const send = africasTalkingClientFromConfig({ ...config, AT_BASE_URL: `${stopped.url}${SANDBOX_PATHS.africasTalking}` }).send({
      to: [SHOPPER],
      message: MESSAGE,
    });

    await expect(send).rejects.toThrow(SmsUnavailable);
    await expect(send).rejects.toEqual(expect.objectContaining({ status: null, mayHaveSent: false }));
  });

  it('gives up on an answer that does not come in time, saying the SMS may have gone out', async () => {
    const silent = createServer(() => undefined);
    silent.listen(0);
    await once(silent, 'listening');
    try {
      const send = new AfricasTalkingClient({
        username: config.AT_USERNAME,
        apiKey: config.AT_API_KEY,
        baseUrl: `http://localhost:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 100,
      }).send({ to: [SHOPPER], message: MESSAGE });

      await expect(send).rejects.toEqual(new SmsUnavailable(null, 'no answer within 100 ms'));
      await expect(send).rejects.toEqual(expect.objectContaining({ mayHaveSent: true }));
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("says an SMS may have gone when a gateway in front of Africa's Talking answers 502", async () => {
    const gateway = createServer((_request, response) => response.writeHead(502).end('Bad Gateway'));
    gateway.listen(0);
    await once(gateway, 'listening');
    try {
      const send = new AfricasTalkingClient({
        username: config.AT_USERNAME,
        apiKey: config.AT_API_KEY,
        baseUrl: `http://localhost:${(gateway.address() as AddressInfo).port}`,
      }).send({ to: [SHOPPER], message: MESSAGE });

      await expect(send).rejects.toEqual(expect.objectContaining({ status: 502, mayHaveSent: true }));
    } finally {
      gateway.close();
    }
  });
});
