import request from 'supertest';
import {
  LIMITS,
  LISTING_PAGE,
  MESSAGES,
  ORDER_API,
  type Address as AddressView,
  type AdminOrderPage,
  type OrderDetails,
  type Order as OrderView,
} from '@shop/contracts';
import { Order, OrderItem, OrderStatusHistory, type Product } from '@shop/db';
import { checkoutDriver, createTestProduct, PARKLANDS, type Shopper } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';

describe('orders', () => {
  let stack: PaymentStack;
  let shop: ReturnType<typeof checkoutDriver>;
  let admin: Shopper;

  beforeAll(async () => {
    stack = await startPaymentStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
    admin = await shop.shopper('admin');
  });
  afterAll(() => stack?.close());

  const addresses = new Map<number, AddressView>();
  /** A PayPal order of `quantity` units of a fresh product (PayPal sends nothing back until the shopper approves). */
  async function placedOrder(shopper?: Shopper, quantity = 1): Promise<{ shopper: Shopper; orderId: number; product: Product }> {
    const product = await createTestProduct(stack.dataSource, { price: 1200, salePrice: 999, totalStock: 10 });
    const buyer = shopper ?? (await shop.shopper());
    if (!addresses.has(buyer.id)) addresses.set(buyer.id, await shop.address(buyer));
    await shop.addToCart(buyer, product, quantity);
    const { orderId } = (await shop.payByPaypal(buyer, { addressId: addresses.get(buyer.id)!.id }).expect(201)).body as { orderId: number };
    return { shopper: buyer, orderId, product };
  }
  const listOf = (shopper: Shopper, userId: number = shopper.id) =>
    request(stack.server).get(ORDER_API.orders(userId)).set('Cookie', shopper.cookie);
  const adminList = (query: Record<string, string | number> = {}, who: Shopper = admin) =>
    request(stack.server).get(ORDER_API.adminOrders).query(query).set('Cookie', who.cookie);
  const adminDetails = (orderId: number | string, who: Shopper = admin) =>
    request(stack.server).get(ORDER_API.adminOrder(orderId)).set('Cookie', who.cookie);
  const adminUpdate = (orderId: number | string, body: object, who: Shopper = admin) =>
    request(stack.server).put(ORDER_API.adminUpdateOrder(orderId)).set('Cookie', who.cookie).send(body);
  const historyRows = (orderId: number) =>
    stack.dataSource.getRepository(OrderStatusHistory).find({ where: { orderId }, order: { id: 'ASC' } });

  describe("the shopper's", () => {
    it('list holds only their own orders, newest first, every field of the order', async () => {
      const { shopper, orderId: first } = await placedOrder();
      const firstProduct = (await stack.dataSource.getRepository(OrderItem).findOneByOrFail({ orderId: first })).productId;
      // The first order's line is still in the cart: only a payment's success empties it.
      const { orderId: second, product } = await placedOrder(shopper, 2);
      await placedOrder();

      const answer = await listOf(shopper).expect(200);
      expect(answer.body.success).toBe(true);
      const orders = answer.body.data as OrderView[];
      expect(orders.map((order) => order.id)).toEqual([second, first]);

      const stored = await stack.dataSource.getRepository(Order).findOneByOrFail({ id: second });
      const payment = await shop.paymentOf(second);
      expect(orders[0]).toEqual({
        id: second,
        userId: shopper.id,
        userName: shopper.account.user.userName,
        cartItems: [
          {
            productId: firstProduct,
            title: expect.any(String),
            image: null,
            price: 999,
            quantity: 1,
            variationId: null,
            variationLabel: null,
          },
          { productId: product.id, title: product.title, image: null, price: 999, quantity: 2, variationId: null, variationLabel: null },
        ],
        addressInfo: expect.objectContaining({
          county: PARKLANDS.county,
          location: PARKLANDS.location,
          deliveryFee: PARKLANDS.fee,
          phone: addresses.get(shopper.id)!.phone,
        }),
        orderStatus: 'pending',
        paymentMethod: 'paypal',
        paymentStatus: 'pending',
        paymentFailureReason: null,
        subtotalAmount: 2997,
        deliveryFee: PARKLANDS.fee,
        totalAmount: 2997 + PARKLANDS.fee,
        providerAmount: {
          currency: stack.config.PAYPAL_CURRENCY,
          value: payment.providerAmount!.toFixed(2),
          kesPerUnit: stack.config.PAYPAL_KES_PER_UNIT,
        },
        orderDate: stored.createdAt.toISOString(),
        orderUpdateDate: stored.updatedAt.toISOString(),
        reservationExpiresAt: stored.reservationExpiresAt!.toISOString(),
        paymentId: payment.providerReference,
        payerId: null,
        paymentReceipt: null,
        amountReceived: null,
        refundDue: null,
        paypalApprovalUrl: payment.approvalUrl,
        offlinePayment: null,
        refund: null,
      });
    });

    it('list is empty before the first order', async () => {
      const shopper = await shop.shopper();
      expect((await listOf(shopper).expect(200)).body).toEqual({ success: true, data: [] });
    });

    it('details carry the status history', async () => {
      const { shopper, orderId } = await placedOrder();
      await shop.markPaid(orderId);
      await adminUpdate(orderId, { orderStatus: 'inProcess' }).expect(200);
      const details = (await shop.details(shopper, orderId).expect(200)).body.data as OrderDetails;
      expect(details).toMatchObject({ id: orderId, orderStatus: 'inProcess' });
      expect(details.history).toEqual([
        {
          fromStatus: null,
          toStatus: 'pending',
          actor: 'shopper',
          changedBy: shopper.account.user.userName,
          reason: '',
          createdAt: expect.any(String),
        },
        { fromStatus: 'pending', toStatus: 'confirmed', actor: 'payment', changedBy: null, reason: '', createdAt: expect.any(String) },
        {
          fromStatus: 'confirmed',
          toStatus: 'inProcess',
          actor: 'admin',
          changedBy: admin.account.user.userName,
          reason: '',
          createdAt: expect.any(String),
        },
      ]);
    });

    it('M-Pesa orders show the CheckoutRequestID as their payment id and no PayPal fields', async () => {
      const product = await createTestProduct(stack.dataSource);
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const { orderId, checkoutRequestId } = (await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201))
        .body.data as { orderId: number; checkoutRequestId: string };
      const details = (await shop.details(shopper, orderId).expect(200)).body.data as OrderDetails;
      expect(details).toMatchObject({
        paymentMethod: 'mpesa',
        paymentId: checkoutRequestId,
        providerAmount: null,
        paypalApprovalUrl: null,
      });
      expect(details.mpesaAttempts).toEqual([
        {
          state: 'pushed',
          phone: address.phone,
          amount: details.totalAmount,
          checkoutRequestId,
          resultCode: null,
          resultDesc: null,
          receipt: null,
          createdAt: expect.any(String),
        },
      ]);
    });

    it('refuses a capture naming an order id no column holds, or PayPal references longer than their columns', async () => {
      const { shopper, orderId } = await placedOrder();
      for (const bad of [LIMITS.idMax + 1, 1e21, '0x10'])
        expect((await shop.capture(shopper, { orderId: bad, token: 'EC-1' }).expect(400)).body.message).toBe(MESSAGES.orders.invalidId);
      // class-validator's MaxLength counted 'x' + U+FE0F as one character; the VARCHAR(100) columns count two.
      for (const field of ['token', 'paymentId', 'payerId']) {
        expect((await shop.capture(shopper, { orderId, [field]: 'x\uFE0F'.repeat(100) }).expect(400)).body.message).toBe(
          MESSAGES.checkout.paypalReturnInvalid,
        );
      }
      expect((await shop.paymentOf(orderId)).payerId).toBeNull();
    });

    it("refuses another shopper's order as not found, a list in another's name, bad ids and guests", async () => {
      const { shopper, orderId } = await placedOrder();
      const stranger = await shop.shopper();
      expect((await shop.details(stranger, orderId).expect(404)).body.message).toBe(MESSAGES.orders.notFound);
      expect((await shop.details(shopper, 999_999_999).expect(404)).body.message).toBe(MESSAGES.orders.notFound);
      expect((await listOf(stranger, shopper.id).expect(403)).body.message).toBe(MESSAGES.auth.notYourAccount);
      for (const bad of ['abc', '1.5', '0', '0x10', '1e3', '%2B5', '%207', '7.0', '4294967296'])
        expect((await shop.details(shopper, bad).expect(400)).body.message).toBe(MESSAGES.orders.invalidId);
      await request(stack.server).get(ORDER_API.orders(shopper.id)).expect(401);
      await request(stack.server).get(ORDER_API.order(orderId)).expect(401);
    });
  });

  describe("the admin's", () => {
    it('list is newest first, a page at a time, with the total', async () => {
      const placed = [];
      for (let index = 0; index < 3; index += 1) placed.push((await placedOrder()).orderId);
      const total = await stack.dataSource.getRepository(Order).count();

      const firstPage = (await adminList({ page: 1, pageSize: 2 }).expect(200)).body as AdminOrderPage;
      expect(firstPage.success).toBe(true);
      expect(firstPage.pagination).toEqual({ total, page: 1, pageSize: 2 });
      expect(firstPage.data.map((order) => order.id)).toEqual([placed[2], placed[1]]);
      const secondPage = (await adminList({ page: 2, pageSize: 2 }).expect(200)).body as AdminOrderPage;
      expect(secondPage.data.map((order) => order.id)[0]).toBe(placed[0]);
      expect(secondPage.data[0]!.userName).toBe('Test user');
    });

    it('list filters by status', async () => {
      const { orderId: shipped } = await placedOrder();
      const { orderId: pending } = await placedOrder();
      await shop.markPaid(shipped);
      await adminUpdate(shipped, { orderStatus: 'inShipping' }).expect(200);
      const page = (await adminList({ status: 'inShipping', pageSize: 100 }).expect(200)).body as AdminOrderPage;
      expect(page.data.every((order) => order.orderStatus === 'inShipping')).toBe(true);
      expect(page.data.map((order) => order.id)).toContain(shipped);
      expect(page.data.map((order) => order.id)).not.toContain(pending);
      expect(page.pagination.total).toBe(await stack.dataSource.getRepository(Order).countBy({ orderStatus: 'inShipping' }));
    });

    it.each<[string, Record<string, string>, string]>([
      ['an unknown status', { status: 'lost' }, MESSAGES.orders.unknownStatus],
      ['page 0', { page: '0' }, MESSAGES.listing.pageOutOfRange],
      ['page 0x10, another notation of 16', { page: '0x10' }, MESSAGES.listing.pageOutOfRange],
      ['a page past any listing', { page: '100000000000000000000000' }, MESSAGES.listing.pageTooLarge(LISTING_PAGE.maxPage)],
      ['a page size of 1000', { pageSize: '1000' }, MESSAGES.listing.pageSizeOutOfRange(100)],
    ])('list refuses %s', async (_case, query, message) => {
      expect((await adminList(query).expect(400)).body.message).toBe(message);
    });

    it("details show any shopper's order with its history", async () => {
      const { shopper, orderId } = await placedOrder();
      const details = (await adminDetails(orderId).expect(200)).body.data as OrderDetails;
      expect(details).toMatchObject({
        id: orderId,
        userId: shopper.id,
        orderStatus: 'pending',
        history: [expect.objectContaining({ fromStatus: null, toStatus: 'pending' })],
      });
      expect((await adminDetails(999_999_999).expect(404)).body.message).toBe(MESSAGES.orders.notFound);
      expect((await adminDetails('abc').expect(400)).body.message).toBe(MESSAGES.orders.invalidId);
    });

    it('status update records who changed it and tells the workers; the same status again changes nothing', async () => {
      const { shopper, orderId } = await placedOrder();
      await shop.markPaid(orderId);
      const answer = await adminUpdate(orderId, { orderStatus: 'inShipping' }).expect(200);
      expect(answer.body).toMatchObject({
        success: true,
        message: MESSAGES.orders.statusUpdated,
        data: { id: orderId, orderStatus: 'inShipping' },
      });
      const before = await stack.dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
      expect((answer.body.data as OrderDetails).orderUpdateDate).toBe(before.updatedAt.toISOString());

      await adminUpdate(orderId, { orderStatus: 'inShipping' }).expect(200);
      await adminUpdate(orderId, { orderStatus: 'delivered' }).expect(200);

      expect(
        (await historyRows(orderId)).map((change) => [change.fromStatus, change.toStatus, change.actor, change.changedByUserId]),
      ).toEqual([
        [null, 'pending', 'shopper', shopper.id],
        ['pending', 'confirmed', 'payment', null],
        ['confirmed', 'inShipping', 'admin', admin.id],
        ['inShipping', 'delivered', 'admin', admin.id],
      ]);
      const statusEvents = (await shop.eventsOf(orderId))
        .filter((event) => event.jobName === 'order.status-changed')
        .map((event) => event.payload);
      expect(statusEvents).toEqual([
        { orderId, from: 'pending', to: 'confirmed' },
        { orderId, from: 'confirmed', to: 'inShipping' },
        { orderId, from: 'inShipping', to: 'delivered' },
      ]);
      expect(((await shop.details(shopper, orderId).expect(200)).body.data as OrderDetails).orderStatus).toBe('delivered');
    });

    it('refuses to ship or deliver an unpaid order, and any move the transition table does not have, changing nothing', async () => {
      const { orderId, product } = await placedOrder(undefined, 2);
      for (const orderStatus of ['inProcess', 'inShipping', 'delivered']) {
        expect((await adminUpdate(orderId, { orderStatus }).expect(409)).body.message).toBe(MESSAGES.orders.notPaidYet);
      }
      await shop.markPaid(orderId);
      await adminUpdate(orderId, { orderStatus: 'delivered' }).expect(200);
      expect((await adminUpdate(orderId, { orderStatus: 'inProcess' }).expect(409)).body.message).toBe(
        MESSAGES.orders.transitionNotAllowed('Delivered', 'In Process'),
      );
      expect((await historyRows(orderId)).map((change) => change.toStatus)).toEqual(['pending', 'confirmed', 'delivered']);
      expect(await shop.stockOf(product)).toBe(8);
    });

    it('rejecting an unpaid order gives its units back once; reviving it takes them again; rejecting a paid one gives them back with its money owed', async () => {
      const { orderId, product } = await placedOrder(undefined, 3);
      expect(await shop.stockOf(product)).toBe(7);
      await adminUpdate(orderId, { orderStatus: 'rejected' }).expect(200);
      expect(await shop.stockOf(product)).toBe(10);
      await adminUpdate(orderId, { orderStatus: 'pending' }).expect(200);
      expect(await shop.stockOf(product)).toBe(7);
      await adminUpdate(orderId, { orderStatus: 'rejected' }).expect(200);
      await adminUpdate(orderId, { orderStatus: 'rejected' }).expect(200);
      expect(await shop.stockOf(product)).toBe(10);

      const paid = await placedOrder(undefined, 2);
      await shop.markPaid(paid.orderId);
      await adminUpdate(paid.orderId, { orderStatus: 'rejected' }).expect(200);
      expect(await shop.stockOf(paid.product)).toBe(10);
      expect(await shop.paymentOf(paid.orderId)).toMatchObject({ status: 'paid', refundDue: 2 * 999 + PARKLANDS.fee });
    });

    it.each<[string, object]>([
      ['cancelled, which only the shop sets', { orderStatus: 'cancelled' }],
      ['an unknown status', { orderStatus: 'lost' }],
      ['no status', {}],
    ])('status update refuses %s', async (_case, body) => {
      const { orderId } = await placedOrder();
      expect((await adminUpdate(orderId, body).expect(400)).body.message).toBe(MESSAGES.orders.unknownStatus);
      expect(await historyRows(orderId)).toHaveLength(1);
    });

    it('status update refuses an unknown order and a bad id', async () => {
      expect((await adminUpdate(999_999_999, { orderStatus: 'delivered' }).expect(404)).body.message).toBe(MESSAGES.orders.notFound);
      expect((await adminUpdate('abc', { orderStatus: 'delivered' }).expect(400)).body.message).toBe(MESSAGES.orders.invalidId);
      for (const bad of ['0x10', '1e3', '%207', '4294967296']) {
        expect((await adminUpdate(bad, { orderStatus: 'delivered' }).expect(400)).body.message).toBe(MESSAGES.orders.invalidId);
        expect((await adminDetails(bad).expect(400)).body.message).toBe(MESSAGES.orders.invalidId);
      }
    });

    it('routes are closed to shoppers and guests', async () => {
      const { shopper, orderId } = await placedOrder();
      for (const call of [
        adminList({}, shopper),
        adminDetails(orderId, shopper),
        adminUpdate(orderId, { orderStatus: 'delivered' }, shopper),
      ]) {
        expect((await call.expect(403)).body.message).toBe(MESSAGES.auth.adminRequired);
      }
      await request(stack.server).get(ORDER_API.adminOrders).expect(401);
      expect((await stack.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).orderStatus).toBe('pending');
    });
  });
});
