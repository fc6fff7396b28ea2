import request from 'supertest';
import { formatKes, MESSAGES, ORDER_API, type OrderDetails, type OrderStatusChangedJob } from '@shop/contracts';
import { Order, OrderStatusHistory, OutboxEvent, type Product } from '@shop/db';
import { checkoutDriver, createTestProduct, PARKLANDS, waitFor, type Shopper } from '@shop/testing';
import { OrderLifecycle } from '../../../workers/src/orders/order-lifecycle.service.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';

/** docs/orders.md: the admin's money actions, against the real api, workers and PayPal sandbox. */
describe("the admin's money actions on an order", () => {
  let stack: ShopStack;
  let shop: ReturnType<typeof checkoutDriver>;
  let admin: Shopper;

  beforeAll(async () => {
    stack = await startShopStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
    admin = await shop.shopper('admin');
  });
  afterAll(() => stack?.close());

  const recordPayment = (orderId: number, body: object, who: Shopper = admin) =>
    request(stack.server).post(ORDER_API.adminRecordPayment(orderId)).set('Cookie', who.cookie).send(body);
  const refund = (orderId: number, body: object = {}, who: Shopper = admin) =>
    request(stack.server).post(ORDER_API.adminRefund(orderId)).set('Cookie', who.cookie).send(body);
  const setStatus = (orderId: number, orderStatus: string) =>
    request(stack.server).put(ORDER_API.adminUpdateOrder(orderId)).set('Cookie', admin.cookie).send({ orderStatus });
  const lastHistory = async (orderId: number) =>
    (await stack.dataSource.getRepository(OrderStatusHistory).find({ where: { orderId }, order: { id: 'DESC' }, take: 1 }))[0];

  async function unpaidMpesaOrder(stock = 5): Promise<{ product: Product; shopper: Shopper; orderId: number; checkoutRequestId: string }> {
    const product = await createTestProduct(stack.dataSource, { price: 700, totalStock: stock });
    const phone = shop.newPhone();
    // The prompt is not answered while the test runs (Daraja says it is still processing): the order waits for its money.
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { extraDelayMs: 600_000 });
    const { shopper, address } = await shop.shopperWithCart([[product, 2]], phone);
    const { orderId, checkoutRequestId } = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201))
      .body.data as { orderId: number; checkoutRequestId: string };
    return { product, shopper, orderId, checkoutRequestId };
  }

  /** A PayPal order paid the real way: approved on the sandbox's page, captured by the workers. */
  async function paidPaypalOrder() {
    const product = await createTestProduct(stack.dataSource, { price: 1200, totalStock: 5 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const token = (await shop.paymentOf(orderId)).providerReference!;
    const { payerId } = stack.sandbox.paypal.approve(token);
    await shop.capture(shopper, { orderId, token, payerId }).expect(202);
    const payment = await waitFor('the capture to settle', async () => {
      const current = await shop.paymentOf(orderId);
      return current.status === 'paid' && current;
    });
    return { product, shopper, orderId, captureId: payment.providerReceipt! };
  }

  describe('recording an offline payment', () => {
    it('pays the order, confirms it, alerts the admins and lets it be shipped', async () => {
      const { orderId } = await unpaidMpesaOrder();
      expect((await setStatus(orderId, 'inShipping').expect(409)).body.message).toBe(MESSAGES.orders.notPaidYet);
      const answer = await recordPayment(orderId, { method: 'cash', reference: 'RCPT-0042', note: 'Paid at the door' }).expect(200);
      expect(answer.body).toMatchObject({
        message: MESSAGES.orders.paymentRecorded,
        data: {
          orderStatus: 'confirmed',
          paymentStatus: 'paid',
          offlinePayment: { method: 'cash', reference: 'RCPT-0042', note: 'Paid at the door' },
        },
      });
      expect(await shop.paymentOf(orderId)).toMatchObject({
        status: 'paid',
        offlineMethod: 'cash',
        offlineReference: 'RCPT-0042',
        recordedByUserId: admin.id,
      });
      expect(await lastHistory(orderId)).toMatchObject({
        fromStatus: 'pending',
        toStatus: 'confirmed',
        actor: 'admin',
        changedByUserId: admin.id,
        reason: MESSAGES.orders.offlinePaymentReason('Cash on delivery', 'RCPT-0042'),
      });
      const announced = await stack.dataSource.getRepository(OutboxEvent).findBy({ jobName: 'order.status-changed' });
      expect(
        announced.filter((event) => (event.payload as OrderStatusChangedJob).orderId === orderId).map((event) => event.payload),
      ).toEqual([{ orderId, from: 'pending', to: 'confirmed', paid: true }]);
      await setStatus(orderId, 'inShipping').expect(200);
      expect((await recordPayment(orderId, { method: 'cash', reference: 'RCPT-0043' }).expect(409)).body.message).toBe(
        MESSAGES.orders.alreadyPaid,
      );
    });

    it('refuses a missing method or reference, and anyone but an admin, writing nothing', async () => {
      const { orderId, shopper } = await unpaidMpesaOrder();
      expect((await recordPayment(orderId, { reference: 'R1' }).expect(400)).body.message).toBe(MESSAGES.orders.offlineMethodRequired);
      expect((await recordPayment(orderId, { method: 'cheque', reference: 'R1' }).expect(400)).body.message).toBe(
        MESSAGES.orders.offlineMethodRequired,
      );
      expect((await recordPayment(orderId, { method: 'cash', reference: '   ' }).expect(400)).body.message).toBe(
        MESSAGES.orders.offlineReferenceRequired,
      );
      expect((await recordPayment(orderId, { method: 'cash', reference: 'R1' }, shopper).expect(403)).body.message).toBe(
        MESSAGES.auth.adminRequired,
      );
      expect((await recordPayment(999_999_999, { method: 'cash', reference: 'R1' }).expect(404)).body.message).toBe(
        MESSAGES.orders.notFound,
      );
      expect(await shop.paymentOf(orderId)).toMatchObject({ status: 'pending', offlineMethod: null });
    });

    it('revives a rejected order with it when its units are there, and is refused, changing nothing, when they are gone', async () => {
      const { orderId, product } = await unpaidMpesaOrder(2);
      await setStatus(orderId, 'rejected').expect(200);
      const rival = await shop.shopperWithCart([[product, 1]]);
      const { orderId: rivalOrder } = (await shop.payByPaypal(rival.shopper, { addressId: rival.address.id }).expect(201)).body as {
        orderId: number;
      };
      expect((await recordPayment(orderId, { method: 'mpesaTill', reference: 'QK12ABC' }).expect(409)).body.message).toBe(
        MESSAGES.orders.unitsGoneForRevival(product.title, 1),
      );
      expect(await shop.paymentOf(orderId)).toMatchObject({ status: 'failed', offlineMethod: null });
      expect(await shop.stockOf(product)).toBe(1);

      await shop.cancel(rival.shopper, rivalOrder).expect(200);
      expect((await recordPayment(orderId, { method: 'mpesaTill', reference: 'QK12ABC' }).expect(200)).body.data).toMatchObject({
        orderStatus: 'confirmed',
        paymentStatus: 'paid',
      });
      expect(await shop.stockOf(product)).toBe(0);
    });
  });

  it('owes back a prompt answered after the admin recorded the payment by hand', async () => {
    const { orderId, checkoutRequestId } = await unpaidMpesaOrder();
    await recordPayment(orderId, { method: 'cash', reference: 'RCPT-77' }).expect(200);
    await stack.sandbox.daraja.sendCallbackNow(checkoutRequestId);
    const owed = await waitFor('the second payment to be owed back', async () => {
      const payment = await shop.paymentOf(orderId);
      return payment.refundDue !== null && payment;
    });
    expect(owed).toMatchObject({ status: 'paid', refundDue: owed.amount, offlineMethod: 'cash' });
    expect((await lastHistory(orderId))!.reason).toBe(MESSAGES.paymentAttention.paidTwice(owed.amount, owed.providerReceipt!));
  });

  describe('revival', () => {
    it('sells a revived paid order on its money again: nothing is owed back any more', async () => {
      const { orderId } = await unpaidMpesaOrder();
      await recordPayment(orderId, { method: 'bankTransfer', reference: 'BT-1' }).expect(200);
      await setStatus(orderId, 'rejected').expect(200);
      expect((await shop.paymentOf(orderId)).refundDue).toBeGreaterThan(0);
      await setStatus(orderId, 'confirmed').expect(200);
      expect(await shop.paymentOf(orderId)).toMatchObject({ status: 'paid', refundDue: null });
      expect((await refund(orderId, { reference: 'X' }).expect(409)).body.message).toBe(MESSAGES.orders.noRefundDue);
    });

    it("is not cancelled by the expiry of the order's first reservation", async () => {
      const { orderId, product } = await unpaidMpesaOrder();
      await setStatus(orderId, 'rejected').expect(200);
      await setStatus(orderId, 'pending').expect(200);
      // The first window's job, run now (as if it came due): the revived order has a window of its own.
      expect(await stack.workers.get(OrderLifecycle).expire(orderId)).toBe(false);
      expect((await stack.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).orderStatus).toBe('pending');
      expect(await shop.stockOf(product)).toBe(3);
    });
  });

  describe('refunds', () => {
    it("gives a PayPal shopper's money back through PayPal once, however often asked, and marks the payment refunded", async () => {
      const { orderId, shopper, captureId } = await paidPaypalOrder();
      expect((await refund(orderId).expect(409)).body.message).toBe(MESSAGES.orders.noRefundDue);
      await shop.cancel(shopper, orderId).expect(200);
      const { amount } = await shop.paymentOf(orderId);

      const answers = await Promise.all([refund(orderId), refund(orderId)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200]);
      const refunds = stack.sandbox.paypal.refundsOf(captureId);
      expect(refunds).toHaveLength(1);
      expect(await shop.paymentOf(orderId)).toMatchObject({
        status: 'refunded',
        refundedAmount: amount,
        refundReference: refunds[0]!.id,
        refundedByUserId: admin.id,
      });
      const details = answers[0]!.body.data as OrderDetails;
      expect(details).toMatchObject({ paymentStatus: 'refunded', refund: { amount, reference: refunds[0]!.id } });
      expect((await shop.details(shopper, orderId).expect(200)).body.data).toMatchObject({ paymentStatus: 'refunded', refund: { amount } });
      expect((await refund(orderId).expect(409)).body.message).toBe(MESSAGES.orders.noRefundDue);
      const notes = await stack.dataSource
        .getRepository(OrderStatusHistory)
        .findBy({ orderId, reason: MESSAGES.orders.refundReason(formatKes(amount), refunds[0]!.id) });
      expect(notes).toHaveLength(1);
    });

    it('records an M-Pesa refund with the reference the admin sent, and asks for one', async () => {
      const { orderId } = await unpaidMpesaOrder();
      await recordPayment(orderId, { method: 'mpesaTill', reference: 'QK99XYZ' }).expect(200);
      await setStatus(orderId, 'rejected').expect(200);
      const { amount } = await shop.paymentOf(orderId);
      expect(amount).toBe(2 * 700 + PARKLANDS.fee);
      expect((await refund(orderId).expect(400)).body.message).toBe(MESSAGES.orders.refundReferenceRequired);
      await refund(orderId, { reference: 'RF55TUV', note: 'Sent from the shop phone' }).expect(200);
      expect(await shop.paymentOf(orderId)).toMatchObject({ status: 'refunded', refundedAmount: amount, refundReference: 'RF55TUV' });
      expect(await lastHistory(orderId)).toMatchObject({
        toStatus: 'rejected',
        actor: 'admin',
        reason: `${MESSAGES.orders.refundReason(formatKes(amount), 'RF55TUV')}: Sent from the shop phone`,
      });
    });
  });
});
