import { JOBS, MESSAGES, type NotifyJob } from '@shop/contracts';
import { MpesaAttempt, Order, OrderStatusHistory } from '@shop/db';
import { checkoutDriver, createTestProduct, PARKLANDS } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';

/** docs/orders.md, One order waiting: a shopper's checkouts never leave phantom orders holding units. */
describe('the order waiting for payment', () => {
  let stack: PaymentStack;
  let shop: ReturnType<typeof checkoutDriver>;

  beforeAll(async () => {
    stack = await startPaymentStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
  });
  afterAll(() => stack?.close());

  const statusesOf = async (shopperId: number) =>
    (await stack.dataSource.getRepository(Order).find({ where: { userId: shopperId }, order: { id: 'ASC' } })).map(
      (order) => order.orderStatus,
    );

  it('is reused by "Try again" with the same cart: a new STK push for the same order, its units held once', async () => {
    const product = await createTestProduct(stack.dataSource, { totalStock: 1 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const first = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
      checkoutRequestId: string;
    };
    const second = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
      checkoutRequestId: string;
    };
    expect(second.orderId).toBe(first.orderId);
    expect(second.checkoutRequestId).not.toBe(first.checkoutRequestId);
    const attempts = await stack.dataSource.getRepository(MpesaAttempt).find({ where: { orderId: first.orderId }, order: { id: 'ASC' } });
    expect(attempts.map((attempt) => attempt.checkoutRequestId)).toEqual([first.checkoutRequestId, second.checkoutRequestId]);
    expect(await statusesOf(shopper.id)).toEqual(['pending']);
    expect(await shop.stockOf(product)).toBe(0);
  });

  it('is reused by PayPal again with the same cart: the same PayPal order, no second one', async () => {
    const product = await createTestProduct(stack.dataSource, { totalStock: 3 });
    const { shopper, address } = await shop.shopperWithCart([[product, 2]]);
    const first = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number; approvalURL: string };
    const again = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number; approvalURL: string };
    expect(again).toEqual(first);
    expect(await statusesOf(shopper.id)).toEqual(['pending']);
    expect(await shop.stockOf(product)).toBe(1);
  });

  it('switching from PayPal to M-Pesa for the last unit closes the PayPal order and places the M-Pesa one, in one step', async () => {
    const product = await createTestProduct(stack.dataSource, { title: 'Last kite', totalStock: 1 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const { orderId: paypalOrder } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const { orderId: mpesaOrder } = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body
      .data as { orderId: number };
    expect(mpesaOrder).not.toBe(paypalOrder);
    expect(await statusesOf(shopper.id)).toEqual(['cancelled', 'pending']);
    expect(await shop.paymentOf(paypalOrder)).toMatchObject({ status: 'failed', failureReason: MESSAGES.payment.replacedByNewOrder });
    expect(await shop.stockOf(product)).toBe(0);
    // The PayPal page, approved late, can no longer sell the closed order.
    const { providerReference } = await shop.paymentOf(paypalOrder);
    expect((await shop.capture(shopper, { orderId: paypalOrder, token: providerReference }).expect(409)).body.message).toBe(
      MESSAGES.orders.captureNotPending,
    );
  });

  it('is closed, its units back, when the cart changed; the new order takes the new cart', async () => {
    const [kite, drum] = [
      await createTestProduct(stack.dataSource, { totalStock: 5 }),
      await createTestProduct(stack.dataSource, { totalStock: 5 }),
    ];
    const { shopper, address } = await shop.shopperWithCart([[kite, 2]]);
    const { orderId: first } = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
    };
    await shop.addToCart(shopper, drum, 1);
    const { orderId: second } = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
    };
    expect(second).not.toBe(first);
    expect(await statusesOf(shopper.id)).toEqual(['cancelled', 'pending']);
    expect([await shop.stockOf(kite), await shop.stockOf(drum)]).toEqual([3, 4]);
    const closing = await stack.dataSource.getRepository(OrderStatusHistory).find({ where: { orderId: first }, order: { id: 'ASC' } });
    expect(closing.map((row) => [row.toStatus, row.actor, row.reason])).toEqual([
      ['pending', 'shopper', ''],
      ['cancelled', 'shopper', MESSAGES.payment.replacedByNewOrder],
    ]);
  });

  it('is closed without a word to the shopper, who is checking out anew; their own Cancel is told', async () => {
    const product = await createTestProduct(stack.dataSource, { totalStock: 5 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const { orderId: replaced } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const { orderId: placed } = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
    };
    await shop.cancel(shopper, placed).expect(200);

    const notices = async (orderId: number) =>
      (await shop.eventsOf(orderId))
        .filter((event) => event.jobName === JOBS.notificationSend)
        .map((event) => (event.payload as NotifyJob).kind);
    expect(await statusesOf(shopper.id)).toEqual(['cancelled', 'cancelled']);
    expect(await notices(replaced)).toEqual([]);
    expect(await notices(placed)).toEqual(['orderCancelled']);
  });

  it('is closed when another address is chosen: the order keeps the address it was placed for', async () => {
    const product = await createTestProduct(stack.dataSource, { totalStock: 5 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const other = await shop.address(shopper, { ...PARKLANDS, location: 'Parklands' });
    const { orderId: first } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const { orderId: second } = (await shop.payByPaypal(shopper, { addressId: other.id }).expect(201)).body as { orderId: number };
    expect(second).not.toBe(first);
    expect(await statusesOf(shopper.id)).toEqual(['cancelled', 'pending']);
    expect(await shop.stockOf(product)).toBe(4);
  });

  describe("PayPal's cancel return", () => {
    it('cancels the order at once and puts its units back', async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 2 });
      const { shopper, address } = await shop.shopperWithCart([[product, 2]]);
      const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
      const { providerReference } = await shop.paymentOf(orderId);
      const answer = await shop.paypalCancelled(shopper, { orderId, token: providerReference }).expect(200);
      expect(answer.body.data).toMatchObject({ id: orderId, orderStatus: 'cancelled', paymentStatus: 'failed' });
      expect(await shop.stockOf(product)).toBe(2);
      expect(await shop.paymentOf(orderId)).toMatchObject({ status: 'failed', failureReason: MESSAGES.payment.paypalCancelled });
      // Opened again (a reload, the back button): nothing more happens.
      await shop.paypalCancelled(shopper, { orderId, token: providerReference }).expect(200);
      expect(await shop.stockOf(product)).toBe(2);
    });

    it("refuses a link that is not the order's PayPal order, or not the shopper's order, and leaves a paid order alone", async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 2 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
      const { providerReference } = await shop.paymentOf(orderId);
      expect((await shop.paypalCancelled(shopper, { orderId, token: 'EC-NOT-OURS' }).expect(404)).body.message).toBe(
        MESSAGES.checkout.paypalReturnInvalid,
      );
      const stranger = await shop.shopper();
      expect((await shop.paypalCancelled(stranger, { orderId, token: providerReference }).expect(404)).body.message).toBe(
        MESSAGES.orders.notFound,
      );
      expect((await shop.paypalCancelled(shopper, { orderId }).expect(400)).body.message).toBe(MESSAGES.checkout.paypalReturnInvalid);
      await shop.markPaid(orderId);
      expect((await shop.paypalCancelled(shopper, { orderId, token: providerReference }).expect(200)).body.data).toMatchObject({
        orderStatus: 'confirmed',
        paymentStatus: 'paid',
      });
      expect(await shop.stockOf(product)).toBe(1);
    });
  });

  describe("the shopper's Cancel", () => {
    it('closes a pending order and puts its units back', async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 3 });
      const { shopper, address } = await shop.shopperWithCart([[product, 3]]);
      const { orderId } = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
        orderId: number;
      };
      expect((await shop.cancel(shopper, orderId).expect(200)).body.data).toMatchObject({
        orderStatus: 'cancelled',
        paymentStatus: 'failed',
      });
      expect(await shop.stockOf(product)).toBe(3);
      const history = await stack.dataSource.getRepository(OrderStatusHistory).find({ where: { orderId }, order: { id: 'ASC' } });
      expect(history.at(-1)).toMatchObject({
        fromStatus: 'pending',
        toStatus: 'cancelled',
        actor: 'shopper',
        changedByUserId: shopper.id,
        reason: MESSAGES.orders.cancelledByShopper,
      });
    });

    it('closes a paid order not yet shipped with its money owed back, and refuses one shipped', async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 4 });
      const { shopper, address } = await shop.shopperWithCart([[product, 2]]);
      const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
      await shop.markPaid(orderId);
      expect((await shop.cancel(shopper, orderId).expect(200)).body.data).toMatchObject({
        orderStatus: 'cancelled',
        paymentStatus: 'paid',
      });
      expect(await shop.paymentOf(orderId)).toMatchObject({ status: 'paid', refundDue: 2 * 1000 + PARKLANDS.fee });
      expect(await shop.stockOf(product)).toBe(4);

      await shop.addToCart(shopper, product, 1);
      const { orderId: shipped } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
      await shop.markPaid(shipped);
      await stack.dataSource.getRepository(Order).update({ id: shipped }, { orderStatus: 'inShipping' });
      expect((await shop.cancel(shopper, shipped).expect(409)).body.message).toBe(MESSAGES.orders.cancelNotAllowed);
      expect(await shop.paymentOf(shipped)).toMatchObject({ status: 'paid', refundDue: null });
    });

    it("answers another shopper's order as not found, changing nothing", async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 1 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
      expect((await shop.cancel(await shop.shopper(), orderId).expect(404)).body.message).toBe(MESSAGES.orders.notFound);
      expect(await statusesOf(shopper.id)).toEqual(['pending']);
    });
  });
});
