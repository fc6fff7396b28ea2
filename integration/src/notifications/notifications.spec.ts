import { randomInt } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { SANDBOX_PATHS, type AppConfig } from '@shop/config';
import {
  formatKes,
  jobOptionsOf,
  JOBS,
  LIMITS,
  MESSAGES,
  ORDER_API,
  outboxJobId,
  ROUTES,
  type NotificationKind,
  type NotifyJob,
} from '@shop/contracts';
import { consumeAccountToken, inTransaction, Notification, Order, OutboxEvent, recordEvent, User } from '@shop/db';
import { AFRICAS_TALKING_TEST_NUMBERS, DARAJA_TEST_NUMBERS, type OutboxMessages, type SentEmail, type SentSms } from '@shop/sandbox';
import { createTestProduct, freePort, settleLeftoverWork, waitFor, type Shopper } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../../../api/src/testing/payment-stack.js';
import { AfricasTalkingClient } from '../../../workers/src/notifications/africastalking-client.js';
import { mailSenderFromConfig } from '../../../workers/src/notifications/mail-sender.js';
import { NotificationsService } from '../../../workers/src/notifications/notifications.service.js';
import { OrderLifecycle } from '../../../workers/src/orders/order-lifecycle.service.js';
import { PaymentSettlement } from '../../../workers/src/payments/payment-settlement.service.js';
import { WorkersModule } from '../../../workers/src/workers.module.js';
import { paymentKit, testReceipt, type PaymentKit } from '../payments/payment-test-kit.js';

/** The sandbox's Africa's Talking test numbers as a shopper's stored phone (2547…). */
const storedPhone = (number: string) => number.slice(1);

describe('notifications: each message once, through the sandbox', () => {
  let stack: PaymentStack;
  let workers: INestApplication;
  let config: AppConfig;
  let kit: PaymentKit;
  let admin: Shopper;

  beforeAll(async () => {
    stack = await startPaymentStack();
    // The stack's configuration sends through its own sandbox: its Africa's Talking and its SMTP server.
    config = stack.config;
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    kit = paymentKit(stack, () => workers);
    admin = await kit.shopper('admin');
  }, 60_000);
  afterAll(async () => {
    await workers?.close();
    await stack?.close();
  });

  const outbox = async (): Promise<OutboxMessages> =>
    (await fetch(`${stack.sandbox.url}${SANDBOX_PATHS.outbox}/messages.json`)).json() as Promise<OutboxMessages>;
  /** "order #12" and "Order #12", never #123. */
  const namesOrder = (orderId: number, text: string | null) => new RegExp(`#${orderId}(?!\\d)`).test(text ?? '');

  /** Every SMS and e-mail about the order, by recipient: what people actually received. */
  async function receivedAbout(orderId: number): Promise<{ sms: SentSms[]; email: SentEmail[] }> {
    const { sms, email } = await outbox();
    return {
      sms: sms.filter((message) => namesOrder(orderId, message.message)),
      email: email.filter((message) => namesOrder(orderId, message.text)),
    };
  }
  const countsByRecipient = ({ sms, email }: { sms: SentSms[]; email: SentEmail[] }) => {
    const counts: Record<string, number> = {};
    for (const to of [
      ...sms.map((message) => `sms ${message.to}`),
      ...email.flatMap((message) => message.to.map((address) => `email ${address}`)),
    ])
      counts[to] = (counts[to] ?? 0) + 1;
    return counts;
  };

  const rowsOf = (orderId: number) => stack.dataSource.getRepository(Notification).find({ where: { orderId }, order: { id: 'ASC' } });
  const rowsOfEvent = (outboxEventId: number) =>
    stack.dataSource.getRepository(Notification).find({ where: { outboxEventId }, order: { id: 'ASC' } });

  /** The `notification.send` events recorded about an order, of one kind. */
  async function noticesOf(orderId: number, kind: NotificationKind | 'shopLowStock'): Promise<OutboxEvent[]> {
    return (await kit.eventsOf(orderId)).filter(
      (event) => event.jobName === JOBS.notificationSend && (event.payload as NotifyJob).kind === kind,
    );
  }
  const noticeOf = (orderId: number, kind: NotificationKind) =>
    waitFor(`the ${kind} event of order ${orderId}`, async () => (await noticesOf(orderId, kind))[0]);

  /** The event's job, finished: its messages settled one way or another. */
  async function finishedJob(event: Pick<OutboxEvent, 'id'>, timeoutMs = 20_000) {
    const queue = kit.queue('notifications');
    return waitFor(
      `job ${outboxJobId(event.id)} to finish`,
      async () => {
        const job = await queue.getJob(outboxJobId(event.id));
        return job?.finishedOn !== undefined && job;
      },
      timeoutMs,
    );
  }

  async function paidOrder({
    userPhone,
    quantity = 2,
    prefer = {},
  }: { userPhone?: string; quantity?: number; prefer?: Partial<Pick<User, 'notifyBySms' | 'notifyByEmail'>> } = {}) {
    const product = await createTestProduct(stack.dataSource, { price: 1500, salePrice: 1200 });
    const { shopper, address } = await kit.shopperWithCart([[product, quantity]]);
    await stack.dataSource.getRepository(User).update({ id: shopper.id }, { phone: userPhone ?? null, ...prefer });
    const { orderId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
    };
    await kit.waitForOrder(orderId);
    const paid = await noticeOf(orderId, 'orderPaid');
    return { shopper, address, orderId, product, paid, total: 1200 * quantity + address.deliveryFee };
  }

  const moveOrder = (orderId: number, orderStatus: string) =>
    request(stack.server).put(ORDER_API.adminUpdateOrder(orderId)).set('Cookie', admin.cookie).send({ orderStatus }).expect(200);

  it('tells the shopper and the shop of a paid order once each, even when the event is delivered three times', async () => {
    const { shopper, address, orderId, paid, total } = await paidOrder();
    const first = await finishedJob(paid);
    expect(first.returnvalue).toBe('sent, sent, sent, sent');

    // Redis lost the job and outbox:replay published the event again under its job id...
    const queue = kit.queue('notifications');
    await first.remove();
    await queue.add(JOBS.notificationSend, paid.payload as NotifyJob, { jobId: outboxJobId(paid.id), ...jobOptionsOf('notifications') });
    expect((await finishedJob(paid)).returnvalue).toBe('done before, done before, done before, done before');
    // ...and once more, while a second copy of it runs beside.
    await (await queue.getJob(outboxJobId(paid.id)))!.remove();
    const [, beside] = await Promise.all([
      queue.add(JOBS.notificationSend, paid.payload as NotifyJob, { jobId: outboxJobId(paid.id), ...jobOptionsOf('notifications') }),
      workers.get(NotificationsService).deliver(Number(paid.id), paid.payload as NotifyJob, { lastTry: false }),
    ]);
    expect(beside).toBe('done before, done before, done before, done before');
    await finishedJob(paid);

    const received = await receivedAbout(orderId);
    const shopperPhone = `+${address.phone}`;
    expect(countsByRecipient(received)).toEqual({
      [`sms ${shopperPhone}`]: 1,
      [`email ${shopper.account.email}`]: 1,
      [`sms ${config.SHOP_NOTIFY_PHONE}`]: 1,
      [`email ${config.SHOP_NOTIFY_EMAIL}`]: 1,
    });
    const toShopper = received.sms.find((message) => message.to === shopperPhone)!;
    const { providerReceipt } = await kit.paymentOf(orderId);
    expect(toShopper.message).toContain(`M-Pesa receipt ${providerReceipt}`);
    expect(toShopper.message).toContain(`${config.PUBLIC_URL}${ROUTES.shopAccountOrder(orderId)}`);
    const mailToShopper = received.email.find((message) => message.to.includes(shopper.account.email))!;
    expect(mailToShopper.text).toContain(`Total: ${formatKes(total)}`);
    expect(mailToShopper.html).toContain('<table');
    expect(received.email.find((message) => message.to.includes(config.SHOP_NOTIFY_EMAIL))!.text).toContain(
      `${config.PUBLIC_URL}${ROUTES.adminOrders}`,
    );

    const rows = await rowsOf(orderId);
    expect(rows.map(({ kind, channel, recipient, state, attempts }) => [kind, channel, recipient, state, attempts])).toEqual([
      ['orderPaid', 'sms', shopperPhone, 'sent', 1],
      ['orderPaid', 'email', shopper.account.email, 'sent', 1],
      ['shopOrderPaid', 'sms', config.SHOP_NOTIFY_PHONE, 'sent', 1],
      ['shopOrderPaid', 'email', config.SHOP_NOTIFY_EMAIL, 'sent', 1],
    ]);
    expect(rows.find((row) => row.channel === 'sms' && row.recipient === shopperPhone)!.providerMessageId).toBe(toShopper.id);
  });

  it('sends copies of one event running at once exactly once between them', async () => {
    const { shopper, orderId } = await paidOrder();
    const service = workers.get(NotificationsService);
    // An event no job has: the two copies race for the same rows from the start.
    const event = { kind: 'orderShipped', orderId } as const;
    const outboxEventId = 1_000_000_000 + randomInt(1_000_000_000);
    const copies = await Promise.allSettled([
      service.deliver(outboxEventId, event, { lastTry: false }),
      service.deliver(outboxEventId, event, { lastTry: false }),
    ]);
    // Each copy sent a message, found it sent, or found the other one sending it and says so, for its job to look again after the backoff.
    const answers = copies.map((copy) => (copy.status === 'fulfilled' ? copy.value : String(copy.reason)));
    for (const answer of answers) expect(answer).toMatch(/^(sent|done before), (sent|done before)$|being sent by another attempt/);
    // Between copies that finished, each message (SMS, e-mail) was sent by one: two finished copies split the sends.
    const finished = copies.flatMap((copy) => (copy.status === 'fulfilled' ? [copy.value.split(', ')] : []));
    const sendersOf = [0, 1].map((message) => finished.filter((outcomes) => outcomes[message] === 'sent').length);
    expect(sendersOf).toEqual(finished.length === 2 ? [1, 1] : sendersOf.map((senders) => Math.min(senders, 1)));
    expect(await service.deliver(outboxEventId, event, { lastTry: false })).toBe('done before, done before');

    const shipped = (await receivedAbout(orderId)).email.filter((message) => /on its way/.test(message.subject));
    expect(shipped.map((message) => message.to)).toEqual([[shopper.account.email]]);
    expect((await rowsOfEvent(outboxEventId)).map(({ state, attempts }) => [state, attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it("sends once when Africa's Talking fails and then recovers: the retry sends what the first try could not, nothing else again", async () => {
    // The sandbox answers 500 to every other request for this number: the first try fails.
    const { orderId, paid } = await paidOrder({ userPhone: storedPhone(AFRICAS_TALKING_TEST_NUMBERS.serverError) });
    const job = await finishedJob(paid, 30_000);
    expect(job.returnvalue).toBe('sent, done before, done before, done before');

    expect(countsByRecipient(await receivedAbout(orderId))[`sms ${AFRICAS_TALKING_TEST_NUMBERS.serverError}`]).toBe(1);
    const rows = await rowsOf(orderId);
    expect(rows.map(({ channel, recipient, state, attempts }) => [channel, recipient, state, attempts])).toEqual([
      ['sms', AFRICAS_TALKING_TEST_NUMBERS.serverError, 'sent', 2],
      ['email', expect.any(String), 'sent', 1],
      ['sms', config.SHOP_NOTIFY_PHONE, 'sent', 1],
      ['email', config.SHOP_NOTIFY_EMAIL, 'sent', 1],
    ]);
  }, 40_000);

  it("leaves a message failed, not retried, when Africa's Talking refuses the recipient", async () => {
    const { orderId, paid } = await paidOrder({ userPhone: storedPhone(AFRICAS_TALKING_TEST_NUMBERS.invalidPhoneNumber) });
    const job = await finishedJob(paid);
    expect([await job.getState(), job.returnvalue]).toEqual(['completed', 'failed, sent, sent, sent']);

    const [row] = await rowsOf(orderId);
    expect(row).toMatchObject({
      channel: 'sms',
      recipient: AFRICAS_TALKING_TEST_NUMBERS.invalidPhoneNumber,
      state: 'failed',
      attempts: 1,
      lastError: MESSAGES.notifications.recipientRefused('InvalidPhoneNumber', 403),
      providerMessageId: null,
    });
    expect(
      (await receivedAbout(orderId)).sms
        .filter((message) => message.to === AFRICAS_TALKING_TEST_NUMBERS.invalidPhoneNumber)
        .map((message) => message.statusCode),
    ).toEqual([403]);
  });

  it("follows the shopper's choices: no SMS when SMS are off, no e-mail when e-mail is off; the shop is told either way", async () => {
    const smsOff = await paidOrder({ prefer: { notifyBySms: false } });
    const emailOff = await paidOrder({ prefer: { notifyByEmail: false } });
    await finishedJob(smsOff.paid);
    await finishedJob(emailOff.paid);

    expect(Object.keys(countsByRecipient(await receivedAbout(smsOff.orderId))).sort()).toEqual(
      [`email ${smsOff.shopper.account.email}`, `email ${config.SHOP_NOTIFY_EMAIL}`, `sms ${config.SHOP_NOTIFY_PHONE}`].sort(),
    );
    expect(Object.keys(countsByRecipient(await receivedAbout(emailOff.orderId))).sort()).toEqual(
      [`email ${config.SHOP_NOTIFY_EMAIL}`, `sms +${emailOff.address.phone}`, `sms ${config.SHOP_NOTIFY_PHONE}`].sort(),
    );
  });

  it('tells a deleted account nothing', async () => {
    const { orderId, paid } = await paidOrder();
    await finishedJob(paid);
    await stack.dataSource
      .getRepository(User)
      .update({ id: (await stack.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).userId }, { deletedAt: new Date() });

    await moveOrder(orderId, 'inProcess');
    await moveOrder(orderId, 'inShipping');
    const shipped = await finishedJob(await noticeOf(orderId, 'orderShipped'));

    expect(shipped.returnvalue).toBe('nobody to tell');
    expect((await rowsOf(orderId)).filter((row) => row.kind === 'orderShipped')).toEqual([]);
  });

  it('tells the shopper of every step of an order: shipped, delivered, cancelled with a refund due, refunded', async () => {
    const journey = await paidOrder();
    await finishedJob(journey.paid);
    await moveOrder(journey.orderId, 'inProcess');
    await moveOrder(journey.orderId, 'inShipping');
    await finishedJob(await noticeOf(journey.orderId, 'orderShipped'));
    await moveOrder(journey.orderId, 'delivered');
    await finishedJob(await noticeOf(journey.orderId, 'orderDelivered'));

    const cancelled = await paidOrder();
    await finishedJob(cancelled.paid);
    await kit.cancel(cancelled.shopper, cancelled.orderId).expect(200);
    await finishedJob(await noticeOf(cancelled.orderId, 'orderCancelled'));
    await request(stack.server)
      .post(ORDER_API.adminRefund(cancelled.orderId))
      .set('Cookie', admin.cookie)
      .send({ reference: 'RFD12345' })
      .expect(200);
    await finishedJob(await noticeOf(cancelled.orderId, 'orderRefunded'));

    const journeySms = (await receivedAbout(journey.orderId)).sms
      .filter((message) => message.to === `+${journey.address.phone}`)
      .map((message) => message.message);
    expect(journeySms).toEqual([
      expect.stringMatching(/was delivered/),
      expect.stringMatching(/is on its way/),
      expect.stringMatching(/is paid and confirmed/),
    ]);
    const { sms, email } = await receivedAbout(cancelled.orderId);
    // As the SMS writes it: GSM has no no-break space.
    const amount = formatKes(cancelled.total).replace(/\s/g, ' ');
    expect(sms.filter((message) => message.to === `+${cancelled.address.phone}`).map((message) => message.message)).toEqual([
      expect.stringMatching(new RegExp(`we refunded ${amount} .*\\(reference RFD12345\\)`)),
      expect.stringMatching(new RegExp(`was cancelled\\. ${MESSAGES.orders.cancelledByShopper}\\. We owe you ${amount}`)),
      expect.stringMatching(/is paid and confirmed/),
    ]);
    expect(email.filter((message) => message.to.includes(cancelled.shopper.account.email)).map((message) => message.subject)).toEqual([
      `Refund for order #${cancelled.orderId}`,
      `Order #${cancelled.orderId} was cancelled`,
      `Order #${cancelled.orderId} is confirmed`,
    ]);
  }, 60_000);

  it('tells the shopper why a payment failed, once, without a second message for the order it cancelled', async () => {
    const product = await createTestProduct(stack.dataSource);
    const { shopper, address } = await kit.shopperWithCart([[product, 1]], DARAJA_TEST_NUMBERS.cancelled);
    const { orderId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
    };
    await kit.waitForOrder(orderId);
    await finishedJob(await noticeOf(orderId, 'paymentFailed'));

    const { failureReason } = await kit.paymentOf(orderId);
    const { sms, email } = await receivedAbout(orderId);
    expect(sms.map((message) => message.message)).toEqual([
      expect.stringContaining(`did not go through. ${failureReason} Try again: ${config.PUBLIC_URL}${ROUTES.shopAccountOrder(orderId)}`),
    ]);
    expect(email.map((message) => message.subject)).toEqual([`Payment for order #${orderId} did not go through`]);
    expect(await noticesOf(orderId, 'orderCancelled')).toEqual([]);
  });

  it('tells of one declined payment once, however often that decline is settled', async () => {
    const product = await createTestProduct(stack.dataSource);
    const { shopper, address } = await kit.shopperWithCart([[product, 1]]);
    const { orderId } = (await kit.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const { id: paymentId } = await kit.paymentOf(orderId);
    const decline = { kind: 'declined', reason: MESSAGES.payment.paypalDeclined } as const;
    // The capture job run again after its commit, or that capture's DENIED webhook, brings the same decline.
    expect(await workers.get(PaymentSettlement).settle(paymentId, decline)).not.toBeNull();
    expect(await workers.get(PaymentSettlement).settle(paymentId, decline)).toBeNull();

    expect((await noticesOf(orderId, 'paymentFailed')).map((event) => event.payload)).toEqual([
      { kind: 'paymentFailed', orderId, reason: MESSAGES.payment.paypalDeclined },
    ]);
  });

  describe("money that arrived in another amount than the order's", () => {
    /** The provider says it took one shilling less than the order's total. */
    async function wrongAmountArrives(orderId: number) {
      const payment = await kit.paymentOf(orderId);
      await workers.get(PaymentSettlement).settle(payment.id, {
        kind: 'paid',
        receipt: payment.providerReceipt ?? testReceipt(),
        received: { currency: 'KES', value: payment.amount - 1 },
      });
      return payment.amount - 1;
    }
    const shopperNotices = async (orderId: number) =>
      (await kit.eventsOf(orderId))
        .filter((event) => event.jobName === JOBS.notificationSend)
        .map((event) => (event.payload as NotifyJob).kind);

    it('cancels the order and tells the shopper so, with the refund due, never asking to pay again', async () => {
      const product = await createTestProduct(stack.dataSource);
      const { shopper, address } = await kit.shopperWithCart([[product, 1]]);
      const { orderId } = (await kit.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
      const received = await wrongAmountArrives(orderId);
      expect(await shopperNotices(orderId)).toEqual(['orderCancelled']);
      await finishedJob(await noticeOf(orderId, 'orderCancelled'));

      const { sms, email } = await receivedAbout(orderId);
      expect(sms.map((message) => message.message)).toEqual([
        expect.stringContaining(
          `was cancelled. ${MESSAGES.payment.amountMismatch} We owe you ${formatKes(received).replace(/\s/g, ' ')} and will refund it.`,
        ),
      ]);
      expect(email.map((message) => message.subject)).toEqual([`Order #${orderId} was cancelled`]);
    });

    it('tells nothing of an order the admin has moved on: it keeps its status', async () => {
      const { orderId, paid } = await paidOrder();
      await finishedJob(paid);
      await moveOrder(orderId, 'inProcess');
      await wrongAmountArrives(orderId);

      expect((await kit.stateOf(orderId)).order).toMatchObject({ orderStatus: 'inProcess', paymentStatus: 'failed' });
      expect(await shopperNotices(orderId)).toEqual(['orderPaid']);
    });
  });

  it('tells the shopper of an order closed unpaid, with a link to order again', async () => {
    const product = await createTestProduct(stack.dataSource);
    const { shopper, address } = await kit.shopperWithCart([[product, 1]]);
    const { orderId } = (await kit.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    await stack.dataSource.getRepository(Order).update({ id: orderId }, { reservationExpiresAt: new Date(Date.now() - 1000) });
    // What the order's `order.expire` job runs when the reservation ends.
    expect(await workers.get(OrderLifecycle).expire(orderId)).toBe(true);
    await finishedJob(await noticeOf(orderId, 'orderExpired'));

    const { sms, email } = await receivedAbout(orderId);
    expect(sms.map((message) => message.message)).toEqual([
      expect.stringContaining(
        `was closed unpaid. ${MESSAGES.payment.orderExpired} Order again: ${config.PUBLIC_URL}${ROUTES.shopAccountOrder(orderId)}`,
      ),
    ]);
    expect(email.map((message) => message.subject)).toEqual([`Order #${orderId} was closed unpaid`]);
  });

  it('tells the shop once when an order takes a product down to the low-stock line, with the units that order left, not again for the next order below it', async () => {
    const product = await createTestProduct(stack.dataSource, { totalStock: LIMITS.lowStockThreshold + 2 });
    const first = await kit.shopperWithCart([[product, 3]]);
    const second = await kit.shopperWithCart([[product, 1]]);
    const notifications = kit.queue('notifications');
    // The message waits until the next order has taken its unit too: it still says what the first order left.
    await notifications.pause();
    let orderId: number;
    let next: { orderId: number };
    try {
      ({ orderId } = (await kit.payByMpesa(first.shopper, { addressId: first.address.id, phone: first.address.phone }).expect(201)).body
        .data as { orderId: number });
      next = (await kit.payByMpesa(second.shopper, { addressId: second.address.id, phone: second.address.phone }).expect(201)).body
        .data as { orderId: number };
      await kit.waitForOrder(next.orderId);
    } finally {
      await notifications.resume();
    }
    const lowStock = await noticeOf(orderId, 'shopLowStock' as NotificationKind);
    expect(lowStock.payload).toEqual({ kind: 'shopLowStock', orderId, productId: product.id, unitsLeft: LIMITS.lowStockThreshold - 1 });
    await finishedJob(lowStock);

    expect(await kit.stockOf(product)).toBe(LIMITS.lowStockThreshold - 2);
    expect(await noticesOf(next.orderId, 'shopLowStock')).toEqual([]);
    const { sms, email } = await outbox();
    const about = (text: string | null) => (text ?? '').includes(product.title);
    expect(sms.filter((message) => about(message.message)).map((message) => [message.to, message.message])).toEqual([
      [
        config.SHOP_NOTIFY_PHONE,
        expect.stringContaining(`low stock after order #${orderId}: ${product.title} has ${LIMITS.lowStockThreshold - 1} left`),
      ],
    ]);
    expect(email.filter((message) => about(message.subject)).map((message) => [message.to, message.subject])).toEqual([
      [[config.SHOP_NOTIFY_EMAIL], `Low stock: ${product.title}`],
    ]);
  });

  describe('mails about the account', () => {
    async function accountMail(kind: 'emailVerification' | 'passwordReset', userId: number) {
      const event = await inTransaction(stack.dataSource, (manager) => recordEvent(manager, JOBS.notificationSend, { kind, userId }));
      return { event, job: await finishedJob(event) };
    }

    it.each([
      ['passwordReset', ROUTES.resetPassword, '30 minutes'],
      ['emailVerification', ROUTES.verifyEmail, '48 hours'],
    ] as const)('%s: one e-mail whose link works once, for as long as it says', async (kind, route, validFor) => {
      const { account } = await kit.shopper();
      // Preferences are about orders: the account's own mails go regardless.
      await stack.dataSource.getRepository(User).update({ id: account.user.id }, { notifyByEmail: false });
      await accountMail(kind, account.user.id);

      const mails = (await outbox()).email.filter((message) => message.to.includes(account.email));
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain(validFor);
      const token = new RegExp(`${config.PUBLIC_URL}${route}\\?token=([A-Za-z0-9_-]+)`).exec(mails[0].text ?? '')?.[1];
      // 256 random bits, base64url.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await consumeAccountToken(stack.dataSource.manager, token!, kind)).toBe(account.user.id);
      expect(await consumeAccountToken(stack.dataSource.manager, token!, kind)).toBeNull();
    });

    it('sends no verification link to an account verified since it was asked for', async () => {
      const { account } = await kit.shopper();
      await stack.dataSource.getRepository(User).update({ id: account.user.id }, { emailVerifiedAt: new Date() });
      const { job } = await accountMail('emailVerification', account.user.id);

      expect(job.returnvalue).toBe('nobody to tell');
      expect((await outbox()).email.filter((message) => message.to.includes(account.email))).toEqual([]);
    });

    it('sends none to a deleted account', async () => {
      const { account } = await kit.shopper();
      await stack.dataSource.getRepository(User).update({ id: account.user.id }, { deletedAt: new Date() });
      const { job } = await accountMail('passwordReset', account.user.id);

      expect(job.returnvalue).toBe('nobody to tell');
      expect((await outbox()).email.filter((message) => message.to.includes(account.email))).toEqual([]);
    });
  });

  describe('a message the provider cannot take', () => {
    it('waits pending for the next try, and is left failed, saying why, after the last one', async () => {
      const { orderId, shopper } = await paidOrder({ prefer: { notifyBySms: false } });
      const closedPort = await freePort();
      const mail = mailSenderFromConfig({ SMTP_URL: `smtp://127.0.0.1:${closedPort}`, MAIL_FROM: config.MAIL_FROM });
      const service = new NotificationsService(stack.dataSource, config, workers.get(AfricasTalkingClient), mail);
      const outboxEventId = 1_000_000_000 + randomInt(1_000_000_000);
      const event = { kind: 'orderDelivered', orderId } as const;
      try {
        await expect(service.deliver(outboxEventId, event, { lastTry: false })).rejects.toThrow(/1 of 1 messages not sent yet/);
        expect(await rowsOfEvent(outboxEventId)).toEqual([
          expect.objectContaining({
            recipient: shopper.account.email,
            state: 'pending',
            attempts: 1,
            lastError: expect.stringMatching(/ECONNREFUSED/),
          }),
        ]);

        await expect(service.deliver(outboxEventId, event, { lastTry: true })).rejects.toThrow(/not sent yet/);
        expect(await rowsOfEvent(outboxEventId)).toEqual([
          expect.objectContaining({ state: 'failed', attempts: 2, lastError: expect.stringMatching(/^Out of tries: .*ECONNREFUSED/) }),
        ]);
      } finally {
        mail.close();
      }
    });

    it('gives up on a message left sending past its time, unsent again; one sending now is left to its sender', async () => {
      const { orderId, shopper } = await paidOrder({ prefer: { notifyBySms: false } });
      const service = workers.get(NotificationsService);
      const event = { kind: 'orderDelivered', orderId } as const;
      const [stale, fresh] = [1, 2].map(() => 1_000_000_000 + randomInt(1_000_000_000));
      const notifications = stack.dataSource.getRepository(Notification);
      for (const outboxEventId of [stale, fresh]) {
        await notifications.insert({
          outboxEventId,
          kind: 'orderDelivered',
          channel: 'email',
          recipient: shopper.account.email,
          orderId,
          userId: shopper.id,
          state: 'sending',
          attempts: 1,
        });
      }
      await stack.dataSource.query(
        'UPDATE `notifications` SET `updatedAt` = CURRENT_TIMESTAMP(3) - INTERVAL 10 MINUTE WHERE `outboxEventId` = ?',
        [stale],
      );

      expect(await service.deliver(stale, event, { lastTry: false })).toBe('failed');
      expect(await rowsOfEvent(stale)).toEqual([
        expect.objectContaining({ state: 'failed', lastError: MESSAGES.notifications.outcomeUnknown }),
      ]);
      await expect(service.deliver(fresh, event, { lastTry: false })).rejects.toThrow(/being sent by another attempt/);
      expect(await rowsOfEvent(fresh)).toEqual([expect.objectContaining({ state: 'sending', attempts: 1 })]);
      expect((await receivedAbout(orderId)).email.filter((message) => /was delivered/.test(message.subject))).toEqual([]);
    });
  });
});
