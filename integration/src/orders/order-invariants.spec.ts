import fc from 'fast-check';
import {
  ORDER_STATUSES,
  paymentTransitionRule,
  STATUSES_HOLDING_UNITS,
  transitionRule,
  type OrderStatus,
  type OrderStatusChangedJob,
  type PaymentMethod,
  type PaymentStatus,
  type SessionUser,
} from '@shop/contracts';
import {
  countUnitsOnHand,
  inTransaction,
  Order,
  OrderStatusHistory,
  OutboxEvent,
  Payment,
  PaymentStatusHistory,
  Product,
  stockCountOf,
  StockMovement,
} from '@shop/db';
import { checkoutDriver, createTestProduct, type Shopper } from '@shop/testing';
import { OrderPaymentsService } from '../../../api/src/orders/order-payments.service.js';
import { OrderPlacementService } from '../../../api/src/orders/order-placement.service.js';
import { OrdersService } from '../../../api/src/orders/orders.service.js';
import { OrderLifecycle } from '../../../workers/src/orders/order-lifecycle.service.js';
import { PaymentSettlement, type PaymentOutcome } from '../../../workers/src/payments/payment-settlement.service.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';

/**
 * docs/orders.md: random interleavings of everything that moves an order, from several actors at
 * once, against the real database, the real services and the real transition code. After each
 * run the books must balance, whatever was refused on the way.
 */
describe('orders and payments under any interleaving of shoppers, payment outcomes, expiry and admins', () => {
  let stack: ShopStack;
  let shop: ReturnType<typeof checkoutDriver>;
  let admin: SessionUser;

  beforeAll(async () => {
    stack = await startShopStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
    admin = { ...(await shop.shopper('admin')).account.user, role: 'admin' };
  });
  afterAll(() => stack?.close());

  const service = <T>(type: new (...args: never[]) => T) => stack.api.app.get(type);
  const worker = <T>(type: new (...args: never[]) => T) => stack.workers.get(type);

  /** One shopper's view of the run: who they are and where they ship to. */
  interface Actor {
    shopper: Shopper;
    addressId: number;
  }
  interface World {
    actors: Actor[];
    products: Product[];
  }

  const outcomes: fc.Arbitrary<PaymentOutcome> = fc.oneof(
    // A receipt pays one payment: receipts are the order's first or second (a duplicate prompt answered too), or none (an STK query).
    fc.record({ kind: fc.constant('paid' as const), receipt: fc.constantFrom('first', 'second', null) }),
    fc.record({ kind: fc.constant('failed' as const), reason: fc.constant('forged or real cancel') }),
    fc.record({ kind: fc.constant('declined' as const), reason: fc.constant('declined') }),
    fc.record({ kind: fc.constant('unknown' as const), reason: fc.constant('cannot tell') }),
  );

  /** What one actor does; `pick` chooses among the orders existing when the step runs. */
  const step = fc.oneof(
    fc.record({ kind: fc.constant('checkout' as const), actor: fc.nat(2), method: fc.constantFrom<PaymentMethod>('mpesa', 'paypal') }),
    fc.record({ kind: fc.constant('addToCart' as const), actor: fc.nat(2), product: fc.nat(2) }),
    fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), outcome: outcomes }),
    fc.record({ kind: fc.constant('expire' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('shopperCancel' as const), pick: fc.nat(), paypalReturn: fc.boolean() }),
    fc.record({ kind: fc.constant('adminStatus' as const), pick: fc.nat(), to: fc.constantFrom<OrderStatus>(...ORDER_STATUSES) }),
    fc.record({ kind: fc.constant('offlinePayment' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('stockCount' as const),
      product: fc.nat(2),
      change: fc.integer({ min: -3, max: 3 }),
      stale: fc.boolean(),
    }),
  );
  type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

  async function ordersOf(world: World): Promise<Order[]> {
    return stack.dataSource
      .getRepository(Order)
      .find({ where: world.actors.map((actor) => ({ userId: actor.shopper.id })), order: { id: 'ASC' } });
  }

  async function run(world: World, action: Step): Promise<unknown> {
    const orders = await ordersOf(world);
    const picked = 'pick' in action && orders.length > 0 ? orders[action.pick % orders.length] : undefined;
    switch (action.kind) {
      case 'checkout': {
        const { shopper, addressId } = world.actors[action.actor]!;
        const placed = await service(OrderPlacementService).place(shopper.id, addressId, action.method);
        // PayPal's order id, as the PayPal start records it: the cancel return names it.
        if ('orderId' in placed && action.method === 'paypal')
          await stack.dataSource.getRepository(Payment).update({ id: placed.paymentId }, { providerReference: `PAYPAL-${placed.orderId}` });
        return placed;
      }
      case 'addToCart':
        return shop.addToCart(world.actors[action.actor]!.shopper, world.products[action.product]!, 1).catch(() => 'refused');
      case 'settle': {
        if (!picked) return undefined;
        const payment = await stack.dataSource.getRepository(Payment).findOneByOrFail({ orderId: picked.id });
        const { outcome } = action;
        return worker(PaymentSettlement).settle(
          payment.id,
          outcome.kind === 'paid' && outcome.receipt ? { ...outcome, receipt: `${outcome.receipt}-${picked.id}` } : outcome,
        );
      }
      case 'expire':
        return picked && worker(OrderLifecycle).expire(picked.id);
      case 'shopperCancel': {
        if (!picked) return undefined;
        const shopper = { id: picked.userId, userName: '', email: '', role: 'user' as const };
        return service(OrdersService).cancelByShopper(
          shopper,
          picked.id,
          action.paypalReturn ? { paypalReference: `PAYPAL-${picked.id}` } : {},
        );
      }
      case 'adminStatus':
        return picked && service(OrdersService).updateStatus(admin, picked.id, action.to);
      case 'offlinePayment':
        return picked && service(OrderPaymentsService).recordOffline(admin, picked.id, { method: 'cash', reference: `CASH-${picked.id}` });
      case 'refund':
        return picked && service(OrderPaymentsService).refund(admin, picked.id, { reference: `RF-${picked.id}` });
      case 'stockCount': {
        const product = world.products[action.product]!;
        const count = (await stockCountOf(stack.dataSource.manager, product.id))!;
        const unitsOnHand = Math.max(0, count.unitsOnHand + action.change);
        return inTransaction(stack.dataSource, (manager) =>
          countUnitsOnHand(
            manager,
            product.id,
            { unitsOnHand, stockVersion: count.stockVersion - Number(action.stale) },
            { actor: 'admin', byUserId: admin.id },
          ),
        );
      }
    }
  }

  async function newWorld(): Promise<World> {
    const products = [
      await createTestProduct(stack.dataSource, { totalStock: 2 }),
      await createTestProduct(stack.dataSource, { totalStock: 3 }),
      await createTestProduct(stack.dataSource, { totalStock: 1 }),
    ];
    const actors: Actor[] = [];
    for (let index = 0; index < 3; index += 1) {
      const shopper = await shop.shopper();
      const address = await shop.address(shopper);
      await shop.addToCart(shopper, products[index]!, 1);
      actors.push({ shopper, addressId: address.id });
    }
    return { actors, products };
  }

  async function expectBooksBalance(world: World): Promise<void> {
    const orders = await ordersOf(world);
    const orderIds = orders.map((order) => order.id);
    const items = orderIds.length
      ? await stack.dataSource.query<{ orderId: number; productId: number; quantity: number }[]>(
          'SELECT orderId, productId, quantity FROM order_items WHERE orderId IN (?)',
          [orderIds],
        )
      : [];

    for (const product of world.products) {
      const { totalStock } = await stack.dataSource.getRepository(Product).findOneByOrFail({ id: product.id });
      const ledger = await stack.dataSource.getRepository(StockMovement).findBy({ productId: product.id });
      const stocked = ledger.filter((row) => row.kind === 'opening' || row.kind === 'counted').reduce((sum, row) => sum + row.delta, 0);
      const held = items
        .filter(
          (item) =>
            item.productId === product.id &&
            STATUSES_HOLDING_UNITS.includes(orders.find((order) => order.id === item.orderId)!.orderStatus),
        )
        .reduce((sum, item) => sum + item.quantity, 0);
      expect({
        product: product.id,
        totalStock,
        ledger: ledger.reduce((sum, row) => sum + row.delta, 0),
        onHandAndHeld: totalStock + held,
      }).toEqual({ product: product.id, totalStock, ledger: totalStock, onHandAndHeld: stocked });
      expect(totalStock).toBeGreaterThanOrEqual(0);
    }

    for (const order of orders) {
      const payments = await stack.dataSource.getRepository(Payment).findBy({ orderId: order.id });
      expect(payments).toHaveLength(1);
      const [payment] = payments;
      expect(payment!.status).toBe(order.paymentStatus);
      // The payment's history is one chain of moves the table allows, ending where the payment is.
      const paymentHistory = await stack.dataSource
        .getRepository(PaymentStatusHistory)
        .find({ where: { paymentId: payment!.id }, order: { id: 'ASC' } });
      let paymentWas: PaymentStatus = 'pending';
      for (const row of paymentHistory) {
        expect(row.fromStatus).toBe(paymentWas);
        expect(paymentTransitionRule(row.fromStatus, row.toStatus, row.actor)).toBeDefined();
        paymentWas = row.toStatus;
      }
      expect(paymentWas).toBe(payment!.status);
      if (payment!.refundedAt) expect(payment!.refundedAmount).toBeLessThanOrEqual(payment!.refundDue ?? 0);
      expect(order.pendingForUserId).toBe(order.orderStatus === 'pending' ? order.userId : null);

      const history = await stack.dataSource.getRepository(OrderStatusHistory).find({ where: { orderId: order.id }, order: { id: 'ASC' } });
      expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'pending' });
      history.slice(1).forEach((row, index) => {
        expect(row.fromStatus).toBe(history[index]!.toStatus);
        if (row.fromStatus !== row.toStatus)
          expect(
            transitionRule(row.fromStatus!, row.toStatus, row.actor!, 'paid') ??
              transitionRule(row.fromStatus!, row.toStatus, row.actor!, 'pending'),
          ).toBeDefined();
      });
      expect(history.at(-1)!.toStatus).toBe(order.orderStatus);

      // Every status change committed told the browsers once, and nothing else was told.
      const events = await stack.dataSource
        .getRepository(OutboxEvent)
        .createQueryBuilder('event')
        .where("event.jobName = 'order.status-changed' AND JSON_EXTRACT(event.payload, '$.orderId') = :orderId", {
          orderId: order.id,
        })
        .orderBy('event.id', 'ASC')
        .getMany();
      const moves = events
        .filter((event) => event.jobName === 'order.status-changed')
        .map((event) => event.payload as OrderStatusChangedJob)
        .filter((move) => move.from !== move.to)
        .map(({ paid: _paid, ...move }) => move);
      expect(moves).toEqual(
        history
          .slice(1)
          .filter((row) => row.fromStatus !== row.toStatus)
          .map((row) => ({ orderId: order.id, from: row.fromStatus, to: row.toStatus })),
      );
      expect(events.filter((event) => (event.payload as OrderStatusChangedJob).paid).length).toBeLessThanOrEqual(1);
    }
    const pending = orders.filter((order) => order.orderStatus === 'pending').map((order) => order.userId);
    expect(new Set(pending).size).toBe(pending.length);
  }

  it('keeps stock, ledger, payments, both histories and events in agreement: the payment and the order never disagree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }), async (rounds) => {
        const world = await newWorld();
        for (const round of rounds) {
          // The actors of a round act at once; a refusal is an answer, a throw is a defect.
          const settled = await Promise.allSettled(round.map((action) => run(world, action)));
          const thrown = settled.filter((outcome) => outcome.status === 'rejected');
          expect(thrown.map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
        }
        await expectBooksBalance(world);
      }),
      { numRuns: 30, endOnFailure: true },
    );
  }, 240_000);
});
