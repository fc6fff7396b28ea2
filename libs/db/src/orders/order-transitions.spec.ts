import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES, nextStatuses, ORDER_STATUSES, ORDER_TRANSITIONS } from '@shop/contracts';
import { createTestAccount, createTestProduct, openTestOrder, testConfig } from '@shop/testing';
import { createDataSource } from '../data-source.js';
import { Order, OrderStatusHistory, OutboxEvent, Product, StockMovement } from '../entities/index.js';
import { countUnitsOnHand, stockCountOf } from '../stock/stock-ledger.js';
import { inTransaction, Refusal } from '../transactions.js';
import { lockOrder } from './order-locks.js';
import { transition, type TransitionRequest } from './order-transitions.js';

describe('order transitions', () => {
  let dataSource: DataSource;
  const stockOf = async (product: Product) => (await dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).totalStock;
  const ledgerOf = async (product: Product) =>
    (await dataSource.getRepository(StockMovement).findBy({ productId: product.id })).map((row) => row.delta);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  beforeAll(async () => {
    dataSource = await createDataSource(testConfig()).initialize();
  });
  afterAll(() => dataSource?.destroy());

  const pendingOrder = (products: Product[], quantity: number, user?: { id: number }) =>
    openTestOrder(dataSource, products, quantity, user);

  const move = (orderId: number, request: TransitionRequest, before?: (manager: EntityManager) => Promise<unknown>) =>
    inTransaction(dataSource, async (manager) => {
      await before?.(manager);
      const locked = await lockOrder(manager, orderId);
      return transition(manager, locked!.order, request);
    });
  const pay = (orderId: number) => (manager: EntityManager) => manager.update(Order, { id: orderId }, { paymentStatus: 'paid' });

  it('has no rule twice, and only statuses the shop knows', () => {
    const keys = ORDER_TRANSITIONS.map((rule) => `${rule.from}>${rule.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const rule of ORDER_TRANSITIONS)
      expect([ORDER_STATUSES.includes(rule.from), ORDER_STATUSES.includes(rule.to), rule.from !== rule.to]).toEqual([true, true, true]);
    expect(nextStatuses('pending', 'admin', 'pending')).toEqual(['rejected']);
    expect(nextStatuses('pending', 'admin', 'paid')).toEqual(['confirmed']);
    expect(nextStatuses('delivered', 'admin', 'paid')).toEqual([]);
    expect(nextStatuses('inShipping', 'shopper', 'paid')).toEqual([]);
  });

  it('takes the units when the order opens, writing one ledger row per product, a history row and nothing more', async () => {
    const [train, drum] = [await createTestProduct(dataSource, { totalStock: 5 }), await createTestProduct(dataSource, { totalStock: 3 })];
    const orderId = await pendingOrder([train, drum], 2);
    expect([await stockOf(train), await stockOf(drum)]).toEqual([3, 1]);
    expect(await ledgerOf(train)).toEqual([5, -2]);
    const history = await dataSource.getRepository(OrderStatusHistory).findBy({ orderId });
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.actor])).toEqual([[null, 'pending', 'shopper']]);
  });

  it('opens an order all or none: a short line leaves every shelf as it was and names the product', async () => {
    const [kept, short] = [
      await createTestProduct(dataSource, { totalStock: 5 }),
      await createTestProduct(dataSource, { title: 'Kite', totalStock: 1 }),
    ];
    await expect(pendingOrder([kept, short], 2)).rejects.toThrow(MESSAGES.checkout.outOfStock('Kite', 1));
    expect([await stockOf(kept), await stockOf(short)]).toEqual([5, 1]);
    expect(sum(await ledgerOf(kept))).toBe(5);
  });

  it('gives the units back once when the order closes, however many ask at once', async () => {
    const product = await createTestProduct(dataSource, { totalStock: 5 });
    const orderId = await pendingOrder([product], 3);
    const outcomes = await Promise.all([1, 2, 3].map(() => move(orderId, { to: 'cancelled', by: 'expiry' })));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome instanceof Refusal)).toHaveLength(2);
    expect(await stockOf(product)).toBe(5);
    expect(await ledgerOf(product)).toEqual([5, -3, 3]);
    const events = await dataSource.getRepository(OutboxEvent).find({ where: { jobName: 'order.status-changed' } });
    expect(events.filter((event) => (event.payload as { orderId: number }).orderId === orderId).map((event) => event.payload)).toEqual([
      { orderId, from: 'pending', to: 'cancelled' },
    ]);
  });

  it('refuses what the table does not allow, changing nothing: an unpaid order is not shipped, a delivered one not reopened', async () => {
    const product = await createTestProduct(dataSource, { totalStock: 5 });
    const orderId = await pendingOrder([product], 1);
    expect(await move(orderId, { to: 'inShipping', by: 'admin' })).toEqual(new Refusal('ORDER_NOT_PAID', MESSAGES.orders.notPaidYet));
    expect(await move(orderId, { to: 'rejected', by: 'expiry' })).toEqual(
      new Refusal('ORDER_TRANSITION_NOT_ALLOWED', MESSAGES.orders.transitionNotAllowed('Pending', 'Rejected'), {
        from: 'pending',
        to: 'rejected',
      }),
    );
    expect(await move(orderId, { to: 'confirmed', by: 'admin' }, pay(orderId))).toBeNull();
    expect(await move(orderId, { to: 'inShipping', by: 'admin' })).toBeNull();
    expect(await move(orderId, { to: 'delivered', by: 'admin' })).toBeNull();
    expect(await move(orderId, { to: 'rejected', by: 'admin' })).toEqual(
      new Refusal('ORDER_TRANSITION_NOT_ALLOWED', MESSAGES.orders.transitionNotAllowed('Delivered', 'Rejected'), {
        from: 'delivered',
        to: 'rejected',
      }),
    );
    const order = await dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
    expect([order.orderStatus, order.paymentStatus, await stockOf(product)]).toEqual(['delivered', 'paid', 4]);
    const history = await dataSource.getRepository(OrderStatusHistory).find({ where: { orderId }, order: { id: 'ASC' } });
    expect(history.map((row) => row.toStatus)).toEqual(['pending', 'confirmed', 'inShipping', 'delivered']);
  });

  it('revives a closed order by taking its units again, or refuses naming the product when they are gone', async () => {
    const [kept, soldOut] = [
      await createTestProduct(dataSource, { totalStock: 4 }),
      await createTestProduct(dataSource, { title: 'Yo-yo', totalStock: 4 }),
    ];
    const orderId = await pendingOrder([kept, soldOut], 2);
    expect(await move(orderId, { to: 'rejected', by: 'admin', userId: null })).toBeNull();
    const rival = await pendingOrder([soldOut], 3);
    expect(await move(orderId, { to: 'pending', by: 'admin' })).toEqual(
      new Refusal('STOCK_SHORT', MESSAGES.orders.unitsGoneForRevival('Yo-yo', 1), { productTitle: 'Yo-yo', available: 1 }),
    );
    expect([await stockOf(kept), await stockOf(soldOut)]).toEqual([4, 1]);

    expect(await move(rival, { to: 'cancelled', by: 'shopper' })).toBeNull();
    expect(await move(orderId, { to: 'pending', by: 'admin' })).toBeNull();
    expect([await stockOf(kept), await stockOf(soldOut)]).toEqual([2, 2]);
    for (const product of [kept, soldOut]) expect(sum(await ledgerOf(product))).toBe(await stockOf(product));
  });

  it('keeps a shopper to one pending order: reviving another while one waits is refused, and the index refuses a second', async () => {
    const product = await createTestProduct(dataSource, { totalStock: 5 });
    const { user } = await createTestAccount(dataSource);
    const first = await pendingOrder([product], 1, user);
    expect(await move(first, { to: 'cancelled', by: 'shopper', userId: user.id })).toBeNull();
    await pendingOrder([product], 1, user);
    expect(await move(first, { to: 'pending', by: 'admin' })).toEqual(
      new Refusal('SHOPPER_HAS_PENDING_ORDER', MESSAGES.orders.shopperHasPendingOrder),
    );
    await expect(dataSource.getRepository(Order).update({ id: first }, { pendingForUserId: user.id })).rejects.toThrow(/Duplicate entry/);
    expect(await stockOf(product)).toBe(4);
  });

  describe("the admin's stock count", () => {
    it('sets the units on hand around what orders hold, with a version, and never below what they hold', async () => {
      const product = await createTestProduct(dataSource, { totalStock: 10 });
      const orderId = await pendingOrder([product], 4);
      const count = (await stockCountOf(dataSource.manager, product.id))!;
      expect(count).toEqual({ unitsOnHand: 10, unitsHeld: 4, available: 6, stockVersion: 0 });

      const counted = await inTransaction(dataSource, (manager) =>
        countUnitsOnHand(manager, product.id, { unitsOnHand: 7, stockVersion: 0 }, { actor: 'admin' }),
      );
      expect(counted).toEqual({ unitsOnHand: 7, unitsHeld: 4, available: 3, stockVersion: 1 });
      // A form read before that count is stale, whatever it says.
      expect(
        await inTransaction(dataSource, (manager) =>
          countUnitsOnHand(manager, product.id, { unitsOnHand: 20, stockVersion: 0 }, { actor: 'admin' }),
        ),
      ).toEqual(new Refusal('STOCK_FORM_STALE', MESSAGES.stock.staleForm));
      expect(
        await inTransaction(dataSource, (manager) =>
          countUnitsOnHand(manager, product.id, { unitsOnHand: 3, stockVersion: 1 }, { actor: 'admin' }),
        ),
      ).toEqual(new Refusal('STOCK_BELOW_HELD', MESSAGES.stock.belowHeld(4), { held: 4 }));
      expect(await stockOf(product)).toBe(3);
      expect(await ledgerOf(product)).toEqual([10, -4, -3]);

      // Cancelling gives the units back to sale without changing the count; shipping takes them out of the store.
      expect(await move(orderId, { to: 'confirmed', by: 'payment' }, pay(orderId))).toBeNull();
      expect((await stockCountOf(dataSource.manager, product.id))!.stockVersion).toBe(1);
      expect(await move(orderId, { to: 'inShipping', by: 'admin' })).toBeNull();
      expect(await stockCountOf(dataSource.manager, product.id)).toEqual({ unitsOnHand: 3, unitsHeld: 0, available: 3, stockVersion: 2 });
    });
  });
});
