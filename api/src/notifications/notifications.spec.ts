import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { IsNull, MoreThan } from 'typeorm';
import { MESSAGES, NOTIFICATION_API, type NotificationRecord } from '@shop/contracts';
import { Notification, OutboxEvent } from '@shop/db';
import { checkoutDriver, createTestProduct, refusalAnswer, type Shopper } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';

describe("notifications api: delivery reports in, the admin's list of messages out", () => {
  let stack: PaymentStack;
  let shop: ReturnType<typeof checkoutDriver>;
  let admin: Shopper;
  let firstEventId: string;

  beforeAll(async () => {
    stack = await startPaymentStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
    admin = await shop.shopper('admin');
    firstEventId = (await stack.dataSource.getRepository(OutboxEvent).find({ order: { id: 'DESC' }, take: 1 }))[0]?.id ?? '0';
  });
  afterAll(async () => {
    // No workers run here: the events this file wrote must not reach another file's workers.
    await stack?.dataSource
      .getRepository(OutboxEvent)
      .update({ id: MoreThan(firstEventId), publishedAt: IsNull() }, { publishedAt: new Date() });
    await stack?.close();
  });

  const report = (fields: string | Record<string, string>, token = stack.config.AT_DELIVERY_REPORT_TOKEN) =>
    request(stack.server)
      .post(NOTIFICATION_API.africasTalkingDeliveryReport(token))
      .type('form')
      .send(typeof fields === 'string' ? fields : new URLSearchParams(fields).toString());
  const messagesOf = (orderId: number, who: Shopper = admin) =>
    request(stack.server).get(NOTIFICATION_API.adminOrderMessages(orderId)).set('Cookie', who.cookie);
  const newMessageId = () => `ATXid_${randomBytes(16).toString('hex')}`;

  /** An order with what the workers would have written for its paid event: an SMS and an e-mail to its shopper. */
  async function orderWithMessages() {
    const product = await createTestProduct(stack.dataSource);
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const smsId = newMessageId();
    const notifications = stack.dataSource.getRepository(Notification);
    const base = {
      outboxEventId: Number(firstEventId) + 1,
      kind: 'orderPaid' as const,
      orderId,
      userId: shopper.id,
      state: 'sent' as const,
      attempts: 1,
      sentAt: new Date(),
    };
    await notifications.insert({ ...base, channel: 'sms', recipient: `+${address.phone}`, providerMessageId: smsId });
    await notifications.insert({
      ...base,
      channel: 'email',
      recipient: shopper.account.email,
      providerMessageId: `<${randomBytes(8).toString('hex')}@toyduka.local>`,
    });
    return { shopper, address, orderId, smsId };
  }

  it('stores a delivery report on its SMS and shows it to the admin, newest message first', async () => {
    const { shopper, address, orderId, smsId } = await orderWithMessages();

    await report({
      id: smsId,
      status: 'Failed',
      phoneNumber: `+${address.phone}`,
      networkCode: '63902',
      failureReason: 'AbsentSubscriber',
      retryCount: '0',
    }).expect(200, { success: true });

    const { body } = await messagesOf(orderId).expect(200);
    const records = (body as { success: boolean; data: NotificationRecord[] }).data;
    expect(body.success).toBe(true);
    expect(
      records.map(({ channel, recipient, state, deliveryStatus, deliveryFailureReason }) => [
        channel,
        recipient,
        state,
        deliveryStatus,
        deliveryFailureReason,
      ]),
    ).toEqual([
      ['email', shopper.account.email, 'sent', null, null],
      ['sms', `+${address.phone}`, 'sent', 'Failed', 'AbsentSubscriber'],
    ]);
    expect(records[1]).toMatchObject({
      kind: 'orderPaid',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(String),
      deliveryReportedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(records[0].deliveryReportedAt).toBeNull();

    // A later report (Africa's Talking's own retry, or the final word) replaces the earlier one.
    await report({ id: smsId, status: 'Success', phoneNumber: `+${address.phone}`, networkCode: '63902', retryCount: '1' }).expect(200);
    const [, sms] = ((await messagesOf(orderId).expect(200)).body as { data: NotificationRecord[] }).data;
    expect([sms.deliveryStatus, sms.deliveryFailureReason]).toEqual(['Success', null]);
  });

  it('never lets a late report of a message on its way replace the final one', async () => {
    const { orderId, smsId } = await orderWithMessages();
    const smsOf = async () => ((await messagesOf(orderId).expect(200)).body as { data: NotificationRecord[] }).data[1];

    // On its way, then final: the final word replaces the progress.
    await report({ id: smsId, status: 'Sent' }).expect(200);
    expect((await smsOf()).deliveryStatus).toBe('Sent');
    await report({ id: smsId, status: 'Failed', failureReason: 'AbsentSubscriber' }).expect(200);
    // Africa's Talking's reports may come out of order: the ones on the way, late, change nothing.
    for (const late of ['Sent', 'Submitted', 'Buffered']) await report({ id: smsId, status: late }).expect(200, { success: true });
    expect(await smsOf()).toMatchObject({ deliveryStatus: 'Failed', deliveryFailureReason: 'AbsentSubscriber' });
  });

  it('acknowledges and stores a report carrying fields it does not know, ignoring them', async () => {
    const { orderId, smsId } = await orderWithMessages();

    await report({ id: smsId, status: 'Success', cost: 'KES 0.8000', networkName: 'Safaricom', networkCode: '63902' }).expect(200, {
      success: true,
    });

    const [, sms] = ((await messagesOf(orderId).expect(200)).body as { data: NotificationRecord[] }).data;
    expect(sms.deliveryStatus).toBe('Success');
  });

  it('answers a report to any other token as no route whatever its body, storing nothing', async () => {
    const { orderId, smsId } = await orderWithMessages();
    const wrongToken = `${stack.config.AT_DELIVERY_REPORT_TOKEN}x`;

    const answer = await report({ id: smsId, status: 'Success' }, wrongToken).expect(404);

    expect(answer.body).toEqual(refusalAnswer('NOT_FOUND', MESSAGES.server.notFound));
    // A body the route would refuse must not tell that the route is there (a 400 would).
    const refusable: Record<string, string>[] = [
      { status: 'Success' },
      { id: smsId, status: 'S'.repeat(41) },
      { id: smsId, status: 'Success', cost: 'KES 0.8000' },
    ];
    for (const body of refusable) {
      expect((await report(body, wrongToken).expect(404)).body).toEqual(refusalAnswer('NOT_FOUND', MESSAGES.server.notFound));
    }
    await report(`id=${smsId}&id=${smsId}&status=Success`, wrongToken).expect(404);
    const [, sms] = ((await messagesOf(orderId).expect(200)).body as { data: NotificationRecord[] }).data;
    expect(sms.deliveryStatus).toBeNull();
  });

  it('acknowledges a report of a message it does not know, changing nothing', async () => {
    const { orderId } = await orderWithMessages();
    const before = await stack.dataSource.getRepository(Notification).findBy({ orderId });

    await report({ id: newMessageId(), status: 'Success' }).expect(200, { success: true });

    expect(await stack.dataSource.getRepository(Notification).findBy({ orderId })).toEqual(before);
  });

  it('refuses malformed reports with a 4xx, storing nothing', async () => {
    const { orderId, smsId } = await orderWithMessages();

    await request(stack.server)
      .post(NOTIFICATION_API.africasTalkingDeliveryReport(stack.config.AT_DELIVERY_REPORT_TOKEN))
      .send({ id: smsId, status: 'Success' })
      .expect(415, refusalAnswer('UNSUPPORTED_MEDIA_TYPE', MESSAGES.notifications.formOnly));
    const malformed: Record<string, string>[] = [
      { status: 'Success' },
      { id: smsId },
      { id: smsId, status: '' },
      { id: smsId, status: 'S'.repeat(41) },
      { id: smsId, status: 'Success', failureReason: 'x'.repeat(101) },
      // A field it does not know is dropped, not a reason to accept a broken one beside it.
      { id: smsId, status: '', cost: 'KES 0.8000' },
    ];
    for (const body of malformed) {
      expect((await report(body).expect(400)).body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
      });
    }
    // A repeated field is a list, not a text.
    await report(`id=${smsId}&id=${smsId}&status=Success`).expect(400);
    await report(`id=${smsId}&status=${'x'.repeat(20_000)}`).expect(413);

    const [, sms] = ((await messagesOf(orderId).expect(200)).body as { data: NotificationRecord[] }).data;
    expect(sms.deliveryStatus).toBeNull();
  });

  it('shows the messages to admins only, of an order that exists', async () => {
    const { shopper, orderId } = await orderWithMessages();

    await messagesOf(orderId, shopper).expect(403);
    await request(stack.server).get(NOTIFICATION_API.adminOrderMessages(orderId)).expect(401);
    await messagesOf(2_000_000_000).expect(404, refusalAnswer('ORDER_NOT_FOUND', MESSAGES.orders.notFound));
    await request(stack.server)
      .get(NOTIFICATION_API.adminOrderMessages('0x10'))
      .set('Cookie', admin.cookie)
      .expect(
        400,
        refusalAnswer('VALIDATION_FAILED', MESSAGES.orders.invalidId, { fields: [{ field: 'id', message: MESSAGES.orders.invalidId }] }),
      );
  });
});
