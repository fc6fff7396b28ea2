import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, SANDBOX_GOOGLE_CLIENT, SANDBOX_PAYPAL_APP } from '@shop/config';
import { paymentSandboxOptions, startSandbox, type RunningSandbox } from '../sandbox.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  orderId: string;
}

/** The shop's webhook listener, reduced to recording what arrives and failing the transmissions it is told to. */
async function startListener() {
  const received: Received[] = [];
  const failures = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const orderId = (JSON.parse(body) as { resource: { supplementary_data: { related_ids: { order_id: string } } } }).resource
        .supplementary_data.related_ids.order_id;
      received.push({ headers: request.headers, body, orderId });
      const failuresLeft = failures.get(orderId) ?? 0;
      failures.set(orderId, failuresLeft - 1);
      response.statusCode = failuresLeft > 0 ? 500 : 200;
      response.end();
    });
  });
  server.listen(0);
  await once(server, 'listening');
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/api/shop/paypal-webhook`,
    /** What arrived about one order: a transmission of an earlier test may still land after the reset. */
    receivedFor: (orderId: string) => received.filter((transmission) => transmission.orderId === orderId),
    failFirst: (orderId: string, count: number) => failures.set(orderId, count),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
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

const RETURN_URL = 'http://localhost:3000/shop/paypal-return?from=checkout';
const CANCEL_URL = 'http://localhost:3000/shop/checkout';

describe('PayPal sandbox', () => {
  let sandbox: RunningSandbox;
  let listener: Awaited<ReturnType<typeof startListener>>;
  let paypal: string;
  let token: string;

  beforeAll(async () => {
    listener = await startListener();
    const options = paymentSandboxOptions(loadConfig({ NODE_ENV: 'test' }));
    sandbox = await startSandbox({
      port: 0,
      ...options,
      googleClient: {
        clientId: SANDBOX_GOOGLE_CLIENT.id,
        clientSecret: SANDBOX_GOOGLE_CLIENT.secret,
        redirectUris: ['http://localhost:3000/api/auth/google/callback'],
      },
      paypal: { ...options.paypal, webhookUrl: listener.url, webhookDelayMs: 0, webhookRetryDelaysMs: [50, 50] },
    });
    paypal = `${sandbox.url}/paypal`;
    token = await accessToken();
  });

  afterAll(async () => {
    await sandbox.close();
    await listener.close();
  });

  beforeEach(() => {
    sandbox.paypal.reset();
  });

  function waitForReceived(orderId: string, count: number): Promise<Received[]> {
    return waitFor(() => {
      const received = listener.receivedFor(orderId);
      return received.length >= count ? received : undefined;
    });
  }

  function basic(id: string, secret: string): string {
    return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  }

  async function accessToken(): Promise<string> {
    const response = await fetch(`${paypal}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: basic(SANDBOX_PAYPAL_APP.clientId, SANDBOX_PAYPAL_APP.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  function api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    return fetch(`${paypal}${path}`, {
      method: init.method ?? 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
  }

  function orderBody(
    overrides: Record<string, unknown> = {},
    amount: unknown = { currency_code: 'USD', value: '12.40' },
  ): Record<string, unknown> {
    return {
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'TD-1001', amount }],
      payment_source: { paypal: { experience_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL, brand_name: 'Toy Duka' } } },
      ...overrides,
    };
  }

  async function createOrder(
    body = orderBody(),
    headers: Record<string, string> = {},
  ): Promise<{ id: string; status: string; links: { href: string; rel: string; method: string }[] }> {
    const response = await api('/v2/checkout/orders', { body, headers });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; status: string; links: { href: string; rel: string; method: string }[] };
  }

  /** Submits the approval page's form as the browser would, without following the redirect. */
  function submitApproval(orderId: string, choice: string): Promise<Response> {
    return fetch(`${paypal}/checkoutnow`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: orderId, choice }).toString(),
    });
  }

  function capture(orderId: string, requestId: string): Promise<Response> {
    return api(`/v2/checkout/orders/${orderId}/capture`, { body: {}, headers: { 'PayPal-Request-Id': requestId } });
  }

  async function issues(response: Response): Promise<{ name: string; issues: string[]; fields: (string | undefined)[] }> {
    const body = (await response.json()) as { name: string; debug_id: string; details: { issue: string; field?: string }[] };
    expect(body.debug_id).toMatch(/^[0-9a-f]{13}$/);
    return { name: body.name, issues: body.details.map((detail) => detail.issue), fields: body.details.map((detail) => detail.field) };
  }

  describe('OAuth', () => {
    it('issues a bearer token for the app credentials', async () => {
      const response = await fetch(`${paypal}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: basic(SANDBOX_PAYPAL_APP.clientId, SANDBOX_PAYPAL_APP.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        token_type: 'Bearer',
        expires_in: 32_400,
        app_id: expect.stringMatching(/^APP-/),
        nonce: expect.any(String),
      });
      expect(body.access_token).toEqual(expect.stringMatching(/^A21AA/));
    });

    it('refuses a wrong secret with invalid_client', async () => {
      const response = await fetch(`${paypal}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: basic(SANDBOX_PAYPAL_APP.clientId, 'not-the-secret'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    });

    it('refuses a request without the client-credentials grant', async () => {
      const response = await fetch(`${paypal}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: basic(SANDBOX_PAYPAL_APP.clientId, SANDBOX_PAYPAL_APP.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=password',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'unsupported_grant_type' });
    });

    it('refuses API calls without a token, with an unknown token, and after the tokens expire', async () => {
      const anonymous = await fetch(`${paypal}/v2/checkout/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(orderBody()),
      });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
      expect((await api('/v2/checkout/orders', { body: orderBody(), headers: { authorization: 'Bearer A21AAforged' } })).status).toBe(401);

      sandbox.paypal.expireTokens();
      expect((await api('/v2/checkout/orders', { body: orderBody() })).status).toBe(401);
      token = await accessToken();
      expect((await api('/v2/checkout/orders', { body: orderBody() })).status).toBe(201);
    });
  });

  describe('creating an order', () => {
    it('answers PAYER_ACTION_REQUIRED and a payer-action link for a payment_source.paypal order', async () => {
      const order = await createOrder();
      expect(order.id).toMatch(/^[A-Z0-9]{17}$/);
      expect(order.status).toBe('PAYER_ACTION_REQUIRED');
      expect(order.links.map((link) => link.rel)).toEqual(['self', 'payer-action', 'update', 'capture']);
      expect(order.links.find((link) => link.rel === 'payer-action')?.href).toBe(`${paypal}/checkoutnow?token=${order.id}`);
    });

    it('answers CREATED and an approve link for an order with application_context', async () => {
      const order = await createOrder({
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'EUR', value: '5' } }],
        application_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL },
      });
      expect(order.status).toBe('CREATED');
      expect(order.links.find((link) => link.rel === 'approve')?.href).toBe(`${paypal}/checkoutnow?token=${order.id}`);
      const shown = (await (await api(`/v2/checkout/orders/${order.id}`, { method: 'GET' })).json()) as {
        purchase_units: { reference_id: string; amount: unknown }[];
      };
      expect(shown.purchase_units[0]).toMatchObject({ reference_id: 'default', amount: { currency_code: 'EUR', value: '5' } });
    });

    it('answers the same order for the same PayPal-Request-Id', async () => {
      const first = await createOrder(orderBody(), { 'PayPal-Request-Id': 'create-TD-1001' });
      const again = await api('/v2/checkout/orders', { body: orderBody(), headers: { 'PayPal-Request-Id': 'create-TD-1001' } });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { id: string }).id).toBe(first.id);
      const other = await createOrder(orderBody(), { 'PayPal-Request-Id': 'create-TD-1002' });
      expect(other.id).not.toBe(first.id);
      expect(sandbox.paypal.orders()).toHaveLength(2);
    });

    it('refuses missing and malformed fields with 400 INVALID_REQUEST naming each field', async () => {
      const response = await api('/v2/checkout/orders', {
        body: {
          purchase_units: [{ reference_id: 'TD-1', amount: { currency_code: 'usd', value: 12.4 } }],
          application_context: { return_url: 'javascript:alert(1)' },
        },
      });
      expect(response.status).toBe(400);
      expect(await issues(response)).toEqual({
        name: 'INVALID_REQUEST',
        issues: ['MISSING_REQUIRED_PARAMETER', 'INVALID_PARAMETER_SYNTAX', 'INVALID_PARAMETER_SYNTAX', 'INVALID_PARAMETER_SYNTAX'],
        fields: [
          '/intent',
          "/purchase_units/@reference_id=='TD-1'/amount/currency_code",
          "/purchase_units/@reference_id=='TD-1'/amount/value",
          '/application_context/return_url',
        ],
      });
    });

    it('refuses a body that is not JSON with MALFORMED_REQUEST_JSON', async () => {
      const response = await api('/v2/checkout/orders', { body: '{"intent": "CAPTURE",' });
      expect(response.status).toBe(400);
      expect((await issues(response)).issues).toEqual(['MALFORMED_REQUEST_JSON']);
    });

    it.each([
      ['KES, which PayPal does not take', { currency_code: 'KES', value: '1250.00' }, 'CURRENCY_NOT_SUPPORTED'],
      ['a third decimal', { currency_code: 'USD', value: '9.695' }, 'DECIMAL_PRECISION'],
      ['zero', { currency_code: 'USD', value: '0.00' }, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ])('refuses %s with 422 UNPROCESSABLE_ENTITY', async (_case, amount, issue) => {
      const response = await api('/v2/checkout/orders', { body: orderBody({}, amount) });
      expect(response.status).toBe(422);
      expect(await issues(response)).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', issues: [issue] });
      expect(sandbox.paypal.orders()).toHaveLength(0);
    });
  });

  describe('the approval page', () => {
    it('shows the amount and the merchant, escaping what the order says', async () => {
      const order = await createOrder(
        orderBody({ payment_source: { paypal: { experience_context: { return_url: RETURN_URL, brand_name: '<b>Toy & Duka</b>' } } } }),
      );
      const response = await fetch(`${paypal}/checkoutnow?token=${order.id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('$12.40 USD');
      expect(html).toContain('Pay &lt;b&gt;Toy &amp; Duka&lt;/b&gt;');
      expect(html).not.toContain('<b>Toy');
      expect(html).toContain('>Approve</button>');
      expect(html).toContain('>Approve with a card that will be declined</button>');
      expect(html).toContain('>Cancel</button>');
      expect(html).toContain('name="viewport"');
    });

    it('says so for an unknown order', async () => {
      const response = await fetch(`${paypal}/checkoutnow?token=NOSUCHORDER000000`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('not valid');
    });

    it("approves and sends the payer back with token and PayerID, keeping the return URL's own query", async () => {
      const order = await createOrder();
      const response = await submitApproval(order.id, 'balance');
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/shop/paypal-return');
      expect(location.searchParams.get('from')).toBe('checkout');
      expect(location.searchParams.get('token')).toBe(order.id);
      expect(location.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
      expect(sandbox.paypal.order(order.id)).toMatchObject({
        status: 'APPROVED',
        payerId: location.searchParams.get('PayerID'),
        funding: 'balance',
      });
    });

    it('sends a cancelling payer to the cancel URL with the token and leaves the order unapproved', async () => {
      const order = await createOrder();
      const response = await submitApproval(order.id, 'cancel');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${CANCEL_URL}?token=${order.id}`);
      expect(sandbox.paypal.order(order.id)).toMatchObject({ status: 'PAYER_ACTION_REQUIRED', cancelledByPayer: true });
      expect((await capture(order.id, 'capture-after-cancel')).status).toBe(422);
    });
  });

  describe('capturing', () => {
    it('refuses an order the payer has not approved with ORDER_NOT_APPROVED', async () => {
      const order = await createOrder();
      const response = await capture(order.id, 'capture-1');
      expect(response.status).toBe(422);
      expect(await issues(response)).toEqual({ name: 'UNPROCESSABLE_ENTITY', issues: ['ORDER_NOT_APPROVED'], fields: [undefined] });
    });

    it('completes an approved order once: the same request id replays, another answers ORDER_ALREADY_CAPTURED', async () => {
      const order = await createOrder();
      await submitApproval(order.id, 'balance');
      const first = await capture(order.id, 'capture-TD-1001');
      expect(first.status).toBe(201);
      const completed = (await first.json()) as {
        status: string;
        payer: { payer_id: string };
        purchase_units: { reference_id: string; payments: { captures: { id: string; status: string; amount: unknown }[] } }[];
      };
      expect(completed.status).toBe('COMPLETED');
      expect(completed.payer.payer_id).toMatch(/^[A-Z0-9]{13}$/);
      const captured = completed.purchase_units[0].payments.captures[0];
      expect(captured).toMatchObject({
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '12.40' },
      });

      const replay = await capture(order.id, 'capture-TD-1001');
      expect(replay.status).toBe(200);
      expect(((await replay.json()) as typeof completed).purchase_units[0].payments.captures[0].id).toBe(captured.id);

      const second = await capture(order.id, 'capture-TD-1001-again');
      expect(second.status).toBe(422);
      expect((await issues(second)).issues).toEqual(['ORDER_ALREADY_CAPTURED']);
      await waitForReceived(order.id, 1);
      expect(sandbox.paypal.webhooks()).toHaveLength(1);
    });

    it('answers 404 RESOURCE_NOT_FOUND for an unknown order', async () => {
      const response = await capture('NOSUCHORDER000000', 'capture-x');
      expect(response.status).toBe(404);
      expect(await issues(response)).toEqual({ name: 'RESOURCE_NOT_FOUND', issues: ['INVALID_RESOURCE_ID'], fields: ['order_id'] });
    });

    it('declines a card with INSTRUMENT_DECLINED until the payer approves again with the balance', async () => {
      const order = await createOrder();
      await submitApproval(order.id, 'declined-card');
      const declined = await capture(order.id, 'capture-TD-1001');
      expect(declined.status).toBe(422);
      expect((await issues(declined)).issues).toEqual(['INSTRUMENT_DECLINED']);
      expect((await capture(order.id, 'capture-TD-1001')).status).toBe(422);

      expect((await submitApproval(order.id, 'balance')).status).toBe(302);
      const retried = await capture(order.id, 'capture-TD-1001');
      expect(retried.status).toBe(201);
      expect(sandbox.paypal.order(order.id)).toMatchObject({ status: 'COMPLETED', captureId: expect.any(String) });

      const received = await waitForReceived(order.id, 3);
      const eventTypes = received.map(({ body }) => (JSON.parse(body) as { event_type: string }).event_type).sort();
      expect(eventTypes).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DENIED']);
    });

    it('declines the next capture when a test asks, whatever the payer chose', async () => {
      const order = await createOrder();
      sandbox.paypal.approve(order.id);
      sandbox.paypal.declineNextCapture(order.id);
      expect((await capture(order.id, 'capture-1')).status).toBe(422);
      sandbox.paypal.approve(order.id, 'balance');
      expect((await capture(order.id, 'capture-1')).status).toBe(201);
    });
  });

  async function capturedOrder(failFirst = 0): Promise<string> {
    const order = await createOrder();
    sandbox.paypal.approve(order.id);
    listener.failFirst(order.id, failFirst);
    expect((await capture(order.id, `capture-${order.id}`)).status).toBe(201);
    return order.id;
  }

  async function capturedCaptureId(): Promise<string> {
    return sandbox.paypal.order(await capturedOrder())!.captureId!;
  }

  describe('webhooks', () => {
    function verify(received: Received, overrides: Record<string, unknown> = {}): Promise<Response> {
      return api('/v1/notifications/verify-webhook-signature', {
        body: {
          auth_algo: received.headers['paypal-auth-algo'],
          cert_url: received.headers['paypal-cert-url'],
          transmission_id: received.headers['paypal-transmission-id'],
          transmission_sig: received.headers['paypal-transmission-sig'],
          transmission_time: received.headers['paypal-transmission-time'],
          webhook_id: SANDBOX_PAYPAL_APP.webhookId,
          webhook_event: JSON.parse(received.body),
          ...overrides,
        },
      });
    }

    it('posts PAYMENT.CAPTURE.COMPLETED with the transmission headers, and the verify API says SUCCESS', async () => {
      const orderId = await capturedOrder();
      const [received] = await waitForReceived(orderId, 1);
      const event = JSON.parse(received.body) as Record<string, unknown>;
      expect(event).toMatchObject({
        id: expect.stringMatching(/^WH-/),
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        resource: {
          id: sandbox.paypal.order(orderId)!.captureId,
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: '12.40' },
          supplementary_data: { related_ids: { order_id: orderId } },
        },
        create_time: expect.any(String),
      });
      for (const header of [
        'paypal-transmission-id',
        'paypal-transmission-time',
        'paypal-transmission-sig',
        'paypal-cert-url',
        'paypal-auth-algo',
      ]) {
        expect(received.headers[header]).toEqual(expect.any(String));
      }
      const verified = await verify(received);
      expect(verified.status).toBe(200);
      expect(await verified.json()).toEqual({ verification_status: 'SUCCESS' });
    });

    it('says FAILURE for a tampered event, another webhook id or a forged signature', async () => {
      const [received] = await waitForReceived(await capturedOrder(), 1);
      const tampered = JSON.parse(received.body) as { resource: { amount: { value: string } } };
      tampered.resource.amount.value = '0.01';
      for (const overrides of [
        { webhook_event: tampered },
        { webhook_id: 'another-webhook' },
        { transmission_sig: Buffer.alloc(32).toString('base64') },
      ]) {
        expect(await (await verify(received, overrides)).json()).toEqual({ verification_status: 'FAILURE' });
      }
    });

    it('refuses a verification request with a field missing', async () => {
      const [received] = await waitForReceived(await capturedOrder(), 1);
      const response = await verify(received, { transmission_sig: undefined });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ name: 'VALIDATION_ERROR', details: [{ field: 'transmission_sig' }] });
    });

    it('retries a transmission the listener failed, and logs each attempt', async () => {
      const received = await waitForReceived(await capturedOrder(1), 2);
      const [record] = sandbox.paypal.webhooks();
      const deliveries = await waitFor(() => (record.deliveries.length >= 2 ? record.deliveries : undefined));
      expect(deliveries.map(({ attempt, outcome, httpStatus }) => ({ attempt, outcome, httpStatus }))).toEqual([
        { attempt: 1, outcome: 'failed', httpStatus: 500 },
        { attempt: 2, outcome: 'delivered', httpStatus: 200 },
      ]);
      expect(received[0].headers['paypal-transmission-id']).toBe(received[1].headers['paypal-transmission-id']);
    });

    it('drops events when told, and resends one on request', async () => {
      sandbox.paypal.setWebhookDelivery({ copies: 0 });
      const orderId = await capturedOrder();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(listener.receivedFor(orderId)).toHaveLength(0);
      const [record] = sandbox.paypal.webhooks();
      expect(record.dropped).toBe(true);

      const delivery = await sandbox.paypal.resendWebhook(record.event.id);
      expect(delivery).toMatchObject({ outcome: 'delivered', httpStatus: 200 });
      expect(listener.receivedFor(orderId)).toHaveLength(1);
      expect(await (await verify(listener.receivedFor(orderId)[0])).json()).toEqual({ verification_status: 'SUCCESS' });
    });

    it('duplicates events when told: the same event id in separate transmissions', async () => {
      sandbox.paypal.setWebhookDelivery({ copies: 3 });
      const received = await waitForReceived(await capturedOrder(), 3);
      const eventIds = new Set(received.map(({ body }) => (JSON.parse(body) as { id: string }).id));
      const transmissionIds = new Set(received.map(({ headers }) => headers['paypal-transmission-id']));
      expect(eventIds.size).toBe(1);
      expect(transmissionIds.size).toBe(3);
    });
  });

  describe('refunding a capture', () => {
    interface RefundAnswer {
      id: string;
      status: string;
      amount?: { currency_code: string; value: string };
      note_to_payer?: string;
      links: { href: string; rel: string; method: string }[];
    }

    function refund(captureId: string, body: unknown, requestId: string, headers: Record<string, string> = {}): Promise<Response> {
      return api(`/v2/payments/captures/${captureId}/refund`, { body, headers: { 'PayPal-Request-Id': requestId, ...headers } });
    }

    async function captureStatus(captureId: string): Promise<string> {
      return ((await (await api(`/v2/payments/captures/${captureId}`, { method: 'GET' })).json()) as { status: string }).status;
    }

    it("refunds the whole capture when no amount is given, answering the refund's id, status and links", async () => {
      const captureId = await capturedCaptureId();
      const response = await refund(captureId, { note_to_payer: 'Out of stock' }, 'refund-1');
      expect(response.status).toBe(201);
      const refunded = (await response.json()) as RefundAnswer;
      expect(refunded).toEqual({
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: 'COMPLETED',
        links: [
          { href: `${paypal}/v2/payments/refunds/${refunded.id}`, rel: 'self', method: 'GET' },
          { href: `${paypal}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      });

      const shown = await api(`/v2/payments/refunds/${refunded.id}`, { method: 'GET' });
      expect(shown.status).toBe(200);
      expect(await shown.json()).toMatchObject({
        id: refunded.id,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '12.40' },
        note_to_payer: 'Out of stock',
      });
      expect(await captureStatus(captureId)).toBe('REFUNDED');
      expect(sandbox.paypal.refundsOf(captureId)).toEqual([
        {
          id: refunded.id,
          captureId,
          orderId: expect.any(String),
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: '12.40' },
          noteToPayer: 'Out of stock',
          requestId: 'refund-1',
          createTime: expect.any(String),
        },
      ]);
    });

    it('answers the first refund again for the same PayPal-Request-Id, refunding once', async () => {
      const captureId = await capturedCaptureId();
      const prefer = { Prefer: 'return=representation' };
      const first = await refund(captureId, { amount: { currency_code: 'USD', value: '2.00' } }, 'refund-TD-1001', prefer);
      expect(first.status).toBe(201);
      const made = (await first.json()) as RefundAnswer;
      expect(made.amount).toEqual({ currency_code: 'USD', value: '2.00' });

      const replay = await refund(captureId, { amount: { currency_code: 'USD', value: '2.00' } }, 'refund-TD-1001', prefer);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual(made);
      expect(sandbox.paypal.refundsOf(captureId)).toHaveLength(1);
    });

    it('refuses another refund of a fully refunded capture with CAPTURE_FULLY_REFUNDED', async () => {
      const captureId = await capturedCaptureId();
      expect((await refund(captureId, {}, 'refund-1')).status).toBe(201);
      const again = await refund(captureId, {}, 'refund-2');
      expect(again.status).toBe(422);
      expect(await issues(again)).toEqual({ name: 'UNPROCESSABLE_ENTITY', issues: ['CAPTURE_FULLY_REFUNDED'], fields: [undefined] });
      expect(sandbox.paypal.refundsOf(captureId)).toHaveLength(1);
    });

    it('refunds part, refuses more than what is left with REFUND_AMOUNT_EXCEEDED, then refunds the rest', async () => {
      const captureId = await capturedCaptureId();
      expect((await refund(captureId, { amount: { currency_code: 'USD', value: '5.00' } }, 'refund-1')).status).toBe(201);
      expect(await captureStatus(captureId)).toBe('PARTIALLY_REFUNDED');

      const exceeding = await refund(captureId, { amount: { currency_code: 'USD', value: '7.41' } }, 'refund-2');
      expect(exceeding.status).toBe(422);
      expect(await issues(exceeding)).toEqual({
        name: 'UNPROCESSABLE_ENTITY',
        issues: ['REFUND_AMOUNT_EXCEEDED'],
        fields: ['/amount/value'],
      });

      expect((await refund(captureId, undefined, 'refund-3')).status).toBe(201);
      expect(sandbox.paypal.refundsOf(captureId).map(({ amount }) => amount.value)).toEqual(['5.00', '7.40']);
      expect(await captureStatus(captureId)).toBe('REFUNDED');
    });

    it("refuses a refund in another currency than the capture's with REFUND_CAPTURE_CURRENCY_MISMATCH", async () => {
      const captureId = await capturedCaptureId();
      const response = await refund(captureId, { amount: { currency_code: 'EUR', value: '1.00' } }, 'refund-eur');
      expect(response.status).toBe(422);
      expect(await issues(response)).toEqual({
        name: 'UNPROCESSABLE_ENTITY',
        issues: ['REFUND_CAPTURE_CURRENCY_MISMATCH'],
        fields: ['/amount/currency_code'],
      });
      expect(sandbox.paypal.refundsOf(captureId)).toEqual([]);
    });

    it('refuses a malformed amount with 400 INVALID_REQUEST naming each field', async () => {
      const captureId = await capturedCaptureId();
      const response = await refund(captureId, { amount: { value: 1 }, note_to_payer: '' }, 'refund-malformed');
      expect(response.status).toBe(400);
      expect(await issues(response)).toEqual({
        name: 'INVALID_REQUEST',
        issues: ['MISSING_REQUIRED_PARAMETER', 'INVALID_PARAMETER_SYNTAX', 'INVALID_STRING_LENGTH'],
        fields: ['/amount/currency_code', '/amount/value', '/note_to_payer'],
      });
      expect(sandbox.paypal.refundsOf(captureId)).toEqual([]);
    });

    it('answers 404 RESOURCE_NOT_FOUND for an unknown capture or refund', async () => {
      const response = await refund('NOSUCHCAPTURE0000', {}, 'refund-unknown');
      expect(response.status).toBe(404);
      expect(await issues(response)).toEqual({ name: 'RESOURCE_NOT_FOUND', issues: ['INVALID_RESOURCE_ID'], fields: ['capture_id'] });
      const refundShown = await api('/v2/payments/refunds/NOSUCHREFUND00000', { method: 'GET' });
      expect(refundShown.status).toBe(404);
      expect((await issues(refundShown)).fields).toEqual(['refund_id']);
      expect(() => sandbox.paypal.refundsOf('NOSUCHCAPTURE0000')).toThrow('no PayPal capture NOSUCHCAPTURE0000');
    });
  });

  describe('control over HTTP', () => {
    it("lists a capture's refunds, and answers 404 for an unknown capture", async () => {
      const captureId = await capturedCaptureId();
      await api(`/v2/payments/captures/${captureId}/refund`, { body: {}, headers: { 'PayPal-Request-Id': 'refund-1' } });
      const refunds = (await (await fetch(`${paypal}/control/captures/${captureId}/refunds`)).json()) as {
        captureId: string;
        amount: unknown;
      }[];
      expect(refunds).toMatchObject([{ captureId, amount: { currency_code: 'USD', value: '12.40' } }]);
      expect((await fetch(`${paypal}/control/captures/NOSUCHCAPTURE0000/refunds`)).status).toBe(404);
    });

    it('lists orders, approves one without the browser, and resets', async () => {
      const order = await createOrder();
      const control = `${paypal}/control`;
      expect(((await (await fetch(`${control}/orders`)).json()) as { id: string }[]).map(({ id }) => id)).toEqual([order.id]);

      const approved = await fetch(`${control}/orders/${order.id}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ funding: 'balance' }),
      });
      expect(approved.status).toBe(200);
      expect(await approved.json()).toEqual({ payerId: expect.any(String), redirectUrl: expect.stringContaining(`token=${order.id}`) });

      const wrongFunding = await fetch(`${control}/orders/${order.id}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ funding: 'cash' }),
      });
      expect(wrongFunding.status).toBe(400);
      expect((await fetch(`${control}/orders/NOSUCHORDER000000/approve`, { method: 'POST' })).status).toBe(404);

      const setting = await fetch(`${control}/webhook-delivery`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ copies: 11 }),
      });
      expect(setting.status).toBe(400);

      expect((await fetch(`${control}/reset`, { method: 'POST' })).status).toBe(204);
      expect(sandbox.paypal.orders()).toEqual([]);
    });
  });
});
