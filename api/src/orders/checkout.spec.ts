import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, ROUTES, type Order as OrderView } from '@shop/contracts';
import { MpesaAttempt, Order, OrderStatusHistory, Payment } from '@shop/db';
import { checkoutDriver, createTestProduct, NGONG, PARKLANDS, refusalAnswer, testConfig, waitFor } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';

describe('starting a payment', () => {
  let stack: PaymentStack;
  let shop: ReturnType<typeof checkoutDriver>;

  beforeAll(async () => {
    stack = await startPaymentStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
  });
  afterAll(() => stack?.close());

  const historyOf = async (orderId: number) =>
    (await stack.dataSource.getRepository(OrderStatusHistory).find({ where: { orderId }, order: { id: 'ASC' } })).map((change) => [
      change.fromStatus,
      change.toStatus,
      change.reason,
    ]);
  const jobsOf = async (orderId: number, paymentId: number) => (await shop.eventsOf(orderId, paymentId)).map((event) => event.jobName);
  const attemptsOf = (orderId: number) => stack.dataSource.getRepository(MpesaAttempt).find({ where: { orderId }, order: { id: 'ASC' } });

  describe('by M-Pesa', () => {
    it('cancels the order and gives its units back when Daraja refuses the STK push', async () => {
      // Daraja takes at most KES 250,000 in one STK push.
      const piano = await createTestProduct(stack.dataSource, { title: 'Grand Toy Piano', price: 300_000, totalStock: 3 });
      const { shopper, address } = await shop.shopperWithCart([[piano, 1]]);
      const pushesBefore = stack.sandbox.daraja.transactions().length;

      const answer = await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(502);
      expect(answer.body).toEqual(refusalAnswer('PROVIDER_FAILED', MESSAGES.checkout.mpesaInitiateFailed, { provider: 'mpesa' }));

      const [order] = await shop.ordersOf(shopper);
      expect(order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed', totalAmount: 300_000 + PARKLANDS.fee });
      const payment = await shop.paymentOf(order!.id);
      expect(payment).toMatchObject({ status: 'failed', failureReason: MESSAGES.payment.mpesaDeclined, providerReference: null });
      expect(await shop.stockOf(piano)).toBe(3);
      expect(await historyOf(order!.id)).toEqual([
        [null, 'pending', ''],
        ['pending', 'cancelled', MESSAGES.payment.mpesaDeclined],
      ]);
      expect(await jobsOf(order!.id, payment.id)).toEqual(['order.expire', 'order.status-changed']);
      expect(stack.sandbox.daraja.transactions()).toHaveLength(pushesBefore);
      expect(await attemptsOf(order!.id)).toEqual([
        expect.objectContaining({ state: 'notPushed', checkoutRequestId: null, nextCheckAt: null }),
      ]);
    });

    it('releases the order at once when no push could be sent (Daraja refuses the app its token), and says to try again', async () => {
      // Its own Redis prefix: the stack's cached token must not stand in for the refused one. The prefix
      // outlives the run, so its limits count each shopper's own address, as the stack's do.
      const refused = await startTestApi(
        testConfig({
          MPESA_BASE_URL: stack.config.MPESA_BASE_URL,
          MPESA_CONSUMER_SECRET: 'revoked-secret',
          REDIS_PREFIX: 'toyduka-test-revoked-daraja',
          TRUST_PROXY_HOPS: '1',
        }),
      );
      try {
        const product = await createTestProduct(stack.dataSource, { totalStock: 2 });
        const { shopper, address } = await shop.shopperWithCart([[product, 2]]);
        const pushesBefore = stack.sandbox.daraja.transactions().length;
        expect(
          (
            await checkoutDriver(refused.server, refused.dataSource)
              .payByMpesa(shopper, { addressId: address.id, phone: address.phone })
              .expect(502)
          ).body.message,
        ).toBe(MESSAGES.checkout.mpesaInitiateFailed);
        const [order] = await shop.ordersOf(shopper);
        expect(order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
        expect(await shop.stockOf(product)).toBe(2);
        expect(await attemptsOf(order!.id)).toEqual([expect.objectContaining({ state: 'notPushed', nextCheckAt: null })]);
        expect(stack.sandbox.daraja.transactions()).toHaveLength(pushesBefore);
      } finally {
        await refused.app.close();
      }
    });
  });

  describe("when Daraja's answer cannot be written down at once", () => {
    // A real database failure, injected with a trigger: every write of a pushed attempt fails while the fault table has a row.
    beforeAll(async () => {
      await stack.dataSource.query('CREATE TABLE IF NOT EXISTS `test_write_faults` (`id` int PRIMARY KEY)');
      await stack.dataSource.query('DROP TRIGGER IF EXISTS `test_fail_pushed_attempts`');
      await stack.dataSource.query(
        "CREATE TRIGGER `test_fail_pushed_attempts` BEFORE UPDATE ON `mpesa_attempts` FOR EACH ROW BEGIN IF NEW.`state` = 'pushed' AND EXISTS (SELECT 1 FROM `test_write_faults`) THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected write fault'; END IF; END",
      );
    });
    afterAll(async () => {
      await stack.dataSource.query('DROP TRIGGER IF EXISTS `test_fail_pushed_attempts`');
      await stack.dataSource.query('DROP TABLE IF EXISTS `test_write_faults`');
    });

    it('answers the shopper within seconds and keeps trying the write with backoff until the database takes it', async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 3 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      await stack.dataSource.query('INSERT INTO `test_write_faults` (`id`) VALUES (1)');
      const clearFault = setTimeout(() => void stack.dataSource.query('DELETE FROM `test_write_faults`'), 3000);
      try {
        const askedAt = Date.now();
        const answer = await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201);
        expect(Date.now() - askedAt).toBeLessThan(2800);
        const { orderId, checkoutRequestId } = answer.body.data as { orderId: number; checkoutRequestId: string };
        expect(checkoutRequestId).toMatch(/^ws_CO_/);
        expect((await attemptsOf(orderId))[0]).toMatchObject({ state: 'sending', checkoutRequestId: null });

        const [stored] = await waitFor(
          'the write to land after the fault',
          async () => {
            const attempts = await attemptsOf(orderId);
            return attempts[0]?.state === 'pushed' && attempts;
          },
          12_000,
        );
        expect(stored).toMatchObject({ checkoutRequestId });
        expect(await shop.paymentOf(orderId)).toMatchObject({ providerReference: checkoutRequestId });
      } finally {
        clearTimeout(clearFault);
        await stack.dataSource.query('DELETE FROM `test_write_faults`');
      }
    });
  });

  describe('by PayPal', () => {
    it('creates the PayPal order for the converted total and answers where the shopper approves it', async () => {
      const product = await createTestProduct(stack.dataSource, { price: 5000 });
      const { shopper, address } = await shop.shopperWithCart([[product, 2]]);

      const answer = await shop.payByPaypal(shopper, { addressId: address.id }).expect(201);
      expect(answer.body).toEqual({
        success: true,
        approvalURL: expect.stringContaining('/checkoutnow?token='),
        orderId: expect.any(Number),
      });
      const { orderId, approvalURL } = answer.body as { orderId: number; approvalURL: string };

      const payment = await shop.paymentOf(orderId);
      const paypalOrderId = new URL(approvalURL).searchParams.get('token')!;
      expect(payment).toMatchObject({ status: 'pending', providerReference: paypalOrderId, approvalUrl: approvalURL, captureAttempts: 0 });
      const returnUrl = `${stack.config.PUBLIC_URL}${ROUTES.shopPaypalReturn}`;
      expect(stack.sandbox.paypal.order(paypalOrderId)).toMatchObject({
        payerId: undefined,
        referenceId: String(orderId),
        amount: { currency_code: stack.config.PAYPAL_CURRENCY, value: payment.providerAmount!.toFixed(2) },
        returnUrl,
        cancelUrl: `${returnUrl}?cancelled=1`,
      });
      expect(await jobsOf(orderId, payment.id)).toEqual(['order.expire']);
    });
  });

  describe('the address as the old client sent it, inside the order it sent', () => {
    it.each([
      ['payment (M-Pesa)', 'orderData.addressInfo.addressId'],
      ['order/create (PayPal)', 'addressInfo.addressId'],
      ['order/create (PayPal)', 'orderData.addressInfo.addressId'],
    ])('%s takes %s when no addressId is given, and reads nothing else of that order', async (route, where) => {
      const product = await createTestProduct(stack.dataSource, { price: 700, totalStock: 5 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const sentOrder = {
        addressInfo: { addressId: address.id },
        totalAmount: 1,
        subtotalAmount: 1,
        deliveryFee: 0,
        cartItems: [{ productId: product.id, quantity: 1, price: 1 }],
      };
      const body = where === 'addressInfo.addressId' ? sentOrder : { orderData: sentOrder };
      const answer = route.startsWith('payment')
        ? await shop.payByMpesa(shopper, { ...body, phone: address.phone }).expect(201)
        : await shop.payByPaypal(shopper, body).expect(201);

      const orderId =
        (answer.body as { orderId?: number; data?: { orderId: number } }).orderId ??
        (answer.body as { data: { orderId: number } }).data.orderId;
      const [order] = await shop.ordersOf(shopper);
      expect(order).toMatchObject({
        id: orderId,
        totalAmount: 700 + address.deliveryFee,
        addressInfo: expect.objectContaining({ addressId: address.id }),
      });
    });

    it('prefers a top-level addressId, and refuses an order naming no address of the shopper', async () => {
      const product = await createTestProduct(stack.dataSource, { price: 700, totalStock: 5 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const other = await shop.address(shopper, NGONG);
      await shop.payByPaypal(shopper, { addressId: other.id, orderData: { addressInfo: { addressId: address.id } } }).expect(201);
      expect((await shop.ordersOf(shopper))[0]!.addressInfo).toMatchObject({ addressId: other.id });

      const refused = await shop.payByPaypal(shopper, { orderData: { addressInfo: { addressId: 'somewhere' } } }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.checkout.noAddressSelected);
    });
  });

  describe("when the provider's answer is a refusal or never comes", () => {
    let refusingProviders: Server;
    let other: TestApi;
    let otherShop: ReturnType<typeof checkoutDriver>;

    beforeAll(async () => {
      // Providers that hand out tokens and then refuse. Daraja fails the push behind a gateway's
      // bare 503, so whether the phone was prompted cannot be known. PayPal will not make the order
      // for a restricted merchant account.
      refusingProviders = createServer((incoming, outgoing) => {
        const path = incoming.url ?? '';
        const answer = (status: number, body: unknown) =>
          outgoing.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (path.startsWith('/daraja/oauth/')) answer(200, { access_token: 'token', expires_in: '3599' });
        else if (path.startsWith('/daraja/')) outgoing.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
        else if (path === '/paypal/v1/oauth2/token') answer(200, { access_token: 'token', token_type: 'Bearer', expires_in: 32_400 });
        else
          answer(422, {
            name: 'UNPROCESSABLE_ENTITY',
            message: 'The requested action could not be performed.',
            details: [{ issue: 'PAYEE_ACCOUNT_RESTRICTED', description: 'The merchant account is restricted.' }],
          });
      }).listen(0, '127.0.0.1');
      await once(refusingProviders, 'listening');
      const providersUrl = `http://127.0.0.1:${(refusingProviders.address() as AddressInfo).port}`;
      // A client id of its own keeps the refusing PayPal's token apart from the sandbox's in Redis.
      other = await startTestApi(
        testConfig({
          MPESA_BASE_URL: `${providersUrl}/daraja`,
          PAYPAL_BASE_URL: `${providersUrl}/paypal`,
          PAYPAL_CLIENT_ID: 'refused-merchant',
        }),
      );
      otherShop = checkoutDriver(other.server, other.dataSource);
    });
    afterAll(async () => {
      await other?.app.close();
      refusingProviders?.close();
    });

    it('leaves an M-Pesa order whose push may have reached the phone pending and due a check, and tells the shopper to wait for it, not to pay again', async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 4 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const answer = await otherShop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(202);
      const [order] = await shop.ordersOf(shopper);
      expect(answer.body).toEqual({
        success: true,
        message: MESSAGES.checkout.mpesaPushUnconfirmed,
        data: { orderId: order!.id, checkoutRequestId: null },
      });
      expect(order).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
      expect(await shop.paymentOf(order!.id)).toMatchObject({ status: 'pending', providerReference: null, failureReason: null });
      expect(await shop.stockOf(product)).toBe(3);
      expect(await jobsOf(order!.id, (await shop.paymentOf(order!.id)).id)).toEqual(['order.expire']);
      const [attempt] = await attemptsOf(order!.id);
      expect(attempt).toMatchObject({ state: 'sending', phone: address.phone, checkoutRequestId: null });
      expect(attempt!.nextCheckAt).toBeInstanceOf(Date);
    });

    it('cancels a PayPal order that PayPal refuses and gives its units back', async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 4 });
      const { shopper, address } = await shop.shopperWithCart([[product, 2]]);
      expect((await otherShop.payByPaypal(shopper, { addressId: address.id }).expect(502)).body).toEqual(
        refusalAnswer('PROVIDER_FAILED', MESSAGES.checkout.paypalStartFailed, { provider: 'paypal' }),
      );
      const [order] = await shop.ordersOf(shopper);
      expect(order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
      expect(await shop.paymentOf(order!.id)).toMatchObject({
        status: 'failed',
        failureReason: MESSAGES.checkout.paypalStartFailed,
        providerReference: null,
      });
      expect(await shop.stockOf(product)).toBe(4);
      expect(await historyOf(order!.id)).toEqual([
        [null, 'pending', ''],
        ['pending', 'cancelled', MESSAGES.checkout.paypalStartFailed],
      ]);
    });
  });

  describe("the PayPal return page's capture", () => {
    /** A PayPal order the shopper has approved in the sandbox, as the return page finds it. */
    async function approvedPaypalOrder() {
      const product = await createTestProduct(stack.dataSource, { totalStock: 10 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const { orderId, approvalURL } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as {
        orderId: number;
        approvalURL: string;
      };
      const token = new URL(approvalURL).searchParams.get('token')!;
      const { payerId } = stack.sandbox.paypal.approve(token);
      const payment = await shop.paymentOf(orderId);
      return { shopper, orderId, token, payerId, payment, product };
    }
    const captureJobs = async (orderId: number, paymentId: number) =>
      (await shop.eventsOf(orderId, paymentId)).filter((event) => event.jobName === 'paypal.capture').map((event) => event.payload);

    it('queues one capture job and answers the order at once (202)', async () => {
      const { shopper, orderId, token, payerId, payment } = await approvedPaypalOrder();
      const answer = await shop.capture(shopper, { orderId, token, payerId }).expect(202);
      expect(answer.body.success).toBe(true);
      expect(answer.body.data as OrderView).toMatchObject({
        id: orderId,
        paymentStatus: 'pending',
        paymentId: token,
        payerId,
        orderStatus: 'pending',
      });
      expect(await shop.paymentOf(orderId)).toMatchObject({ captureAttempts: 1, payerId, status: 'pending' });
      expect(await captureJobs(orderId, payment.id)).toEqual([{ paymentId: payment.id, attempt: 1 }]);
    });

    it('takes the old return link too: paymentId for token', async () => {
      const { shopper, orderId, token, payerId, payment } = await approvedPaypalOrder();
      await shop.capture(shopper, { orderId, paymentId: token, payerId }).expect(202);
      expect(await captureJobs(orderId, payment.id)).toEqual([{ paymentId: payment.id, attempt: 1 }]);
    });

    it('adds no second job while the first is under way: a double click, a reload, two at once', async () => {
      const { shopper, orderId, token, payerId, payment } = await approvedPaypalOrder();
      const answers = await Promise.all([1, 2, 3].map(() => shop.capture(shopper, { orderId, token, payerId })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 202]);
      await shop.capture(shopper, { orderId, token, payerId }).expect(200);
      expect(await captureJobs(orderId, payment.id)).toEqual([{ paymentId: payment.id, attempt: 1 }]);
      expect((await shop.paymentOf(orderId)).captureAttempts).toBe(1);
    });

    it('queues a new attempt once the last one failed (a declined card the shopper has changed in PayPal)', async () => {
      const { shopper, orderId, token, payerId, payment } = await approvedPaypalOrder();
      await shop.capture(shopper, { orderId, token, payerId }).expect(202);
      // What the capture worker records when PayPal answers INSTRUMENT_DECLINED.
      await stack.dataSource.getRepository(Payment).update({ id: payment.id }, { failureReason: MESSAGES.payment.paypalDeclined });
      const declined = (await shop.details(shopper, orderId).expect(200)).body.data as OrderView;
      expect(declined.paymentFailureReason).toBe(MESSAGES.payment.paypalDeclined);

      const retried = await shop.capture(shopper, { orderId, token, payerId }).expect(202);
      expect((retried.body.data as OrderView).paymentFailureReason).toBeNull();
      expect(await captureJobs(orderId, payment.id)).toEqual([
        { paymentId: payment.id, attempt: 1 },
        { paymentId: payment.id, attempt: 2 },
      ]);
    });

    it('answers a paid order as it is, with nothing queued', async () => {
      const { shopper, orderId, token, payerId, payment } = await approvedPaypalOrder();
      await stack.dataSource
        .getRepository(Payment)
        .update({ id: payment.id }, { status: 'paid', providerReceipt: `CAPTURE-${payment.id}`, payerId });
      await stack.dataSource.getRepository(Order).update({ id: orderId }, { orderStatus: 'confirmed', paymentStatus: 'paid' });
      const answer = await shop.capture(shopper, { orderId, token, payerId }).expect(200);
      expect(answer.body.data as OrderView).toMatchObject({
        id: orderId,
        paymentStatus: 'paid',
        orderStatus: 'confirmed',
        paymentReceipt: `CAPTURE-${payment.id}`,
      });
      expect(await captureJobs(orderId, payment.id)).toEqual([]);
    });

    it('refuses an order that is no longer waiting for its payment (cancelled, expired)', async () => {
      const { shopper, orderId, token, payerId, payment } = await approvedPaypalOrder();
      await stack.dataSource
        .getRepository(Payment)
        .update({ id: payment.id }, { status: 'failed', failureReason: MESSAGES.payment.orderExpired });
      await stack.dataSource.getRepository(Order).update({ id: orderId }, { orderStatus: 'cancelled', paymentStatus: 'failed' });
      expect((await shop.capture(shopper, { orderId, token, payerId }).expect(409)).body.message).toBe(MESSAGES.orders.captureNotPending);
      expect(await captureJobs(orderId, payment.id)).toEqual([]);
    });

    it("refuses a return link that is not for one of the shopper's PayPal orders, with 404 and nothing queued", async () => {
      const { shopper, orderId, token, payerId, payment } = await approvedPaypalOrder();
      const stranger = await shop.shopper();
      const product = await createTestProduct(stack.dataSource);
      const { shopper: mpesaShopper, address } = await shop.shopperWithCart([[product, 1]]);
      const mpesa = (await shop.payByMpesa(mpesaShopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
        orderId: number;
        checkoutRequestId: string;
      };

      for (const [who, body] of [
        [shopper, { orderId, token: 'WRONG-TOKEN', payerId }],
        [shopper, { orderId, payerId }],
        [shopper, { orderId: 999_999_999, token, payerId }],
        [stranger, { orderId, token, payerId }],
        [mpesaShopper, { orderId: mpesa.orderId, token: mpesa.checkoutRequestId }],
      ] as const) {
        expect((await shop.capture(who, body).expect(404)).body.message).toBe(MESSAGES.checkout.paypalReturnInvalid);
      }
      expect(await captureJobs(orderId, payment.id)).toEqual([]);
      expect((await shop.paymentOf(orderId)).captureAttempts).toBe(0);
    });

    it.each<[string, object, string]>([
      ['an order id that is not a number', { orderId: 'abc', token: 'x' }, MESSAGES.orders.invalidId],
      ['no order id', { token: 'x' }, MESSAGES.orders.invalidId],
      ['a token that is not text', { orderId: 1, token: 42 }, MESSAGES.checkout.paypalReturnInvalid],
    ])('refuses %s with 400', async (_case, body, message) => {
      const shopper = await shop.shopper();
      expect((await shop.capture(shopper, body).expect(400)).body.message).toBe(message);
    });
  });
});
