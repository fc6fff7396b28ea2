import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MESSAGES, PAYMENT_STATUSES, PAYMENT_TRANSITIONS, paymentTransitionRule } from '@shop/contracts';
import { createTestProduct, openTestOrder, testConfig } from '@shop/testing';
import { createDataSource } from '../data-source.js';
import { Order, OutboxEvent, Payment, PaymentStatusHistory } from '../entities/index.js';
import { lockOrder } from '../orders/order-locks.js';
import { transition } from '../orders/order-transitions.js';
import { inTransaction, Refusal } from '../transactions.js';
import { movePayment, type PaymentMove } from './payment-transitions.js';

describe('payment transitions', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await createDataSource(testConfig()).initialize();
  });
  afterAll(() => dataSource?.destroy());

  const pendingOrder = async () => openTestOrder(dataSource, [await createTestProduct(dataSource, { totalStock: 5 })], 1);
  const move = (orderId: number, request: PaymentMove) =>
    inTransaction(dataSource, async (manager) => {
      const refused = await movePayment(manager, (await lockOrder(manager, orderId))!, request);
      return refused ?? null;
    });
  const stateOf = async (orderId: number) => {
    const payment = await dataSource.getRepository(Payment).findOneByOrFail({ orderId });
    const order = await dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
    const history = await dataSource.getRepository(PaymentStatusHistory).find({ where: { paymentId: payment.id }, order: { id: 'ASC' } });
    const events = await dataSource
      .getRepository(OutboxEvent)
      .createQueryBuilder('event')
      .where("event.jobName = 'order.status-changed' AND JSON_EXTRACT(event.payload, '$.orderId') = :orderId", { orderId })
      .getMany();
    return { payment, order, history, events: events.map((event) => event.payload) };
  };

  it('has no rule twice, only statuses the shop knows, and lets money that arrived only be refunded or found in the wrong amount', () => {
    const keys = PAYMENT_TRANSITIONS.map((rule) => `${rule.from}->${rule.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const rule of PAYMENT_TRANSITIONS) {
      expect(PAYMENT_STATUSES).toContain(rule.from);
      expect(PAYMENT_STATUSES).toContain(rule.to);
      expect(rule.from).not.toBe(rule.to);
    }
    expect(PAYMENT_TRANSITIONS.filter((rule) => rule.from === 'paid').map((rule) => rule.to)).toEqual(['refunded', 'failed']);
  });

  it("moves the payment and its order's paymentStatus together, with a history row and the order's event", async () => {
    const orderId = await pendingOrder();
    const receipt = `R${randomBytes(4).toString('hex')}`;
    expect(await move(orderId, { to: 'paid', by: 'provider', reason: 'callback', details: { providerReceipt: receipt } })).toBeNull();

    const { payment, order, history, events } = await stateOf(orderId);
    expect([payment.status, order.paymentStatus, payment.providerReceipt]).toEqual(['paid', 'paid', receipt]);
    expect(history).toMatchObject([
      { fromStatus: 'pending', toStatus: 'paid', actor: 'provider', reason: 'callback', changedByUserId: null },
    ]);
    expect(events).toEqual([{ orderId, from: 'pending', to: 'pending' }]);
  });

  it('refuses a move the table does not have, whoever asks, changing nothing', async () => {
    const orderId = await pendingOrder();
    await move(orderId, { to: 'paid', by: 'provider' });

    const refused = await move(orderId, { to: 'pending', by: 'admin', details: { failureReason: 'ignored' } });
    expect(refused).toEqual(
      new Refusal('PAYMENT_TRANSITION_NOT_ALLOWED', MESSAGES.payment.transitionNotAllowed('paid', 'pending'), {
        from: 'paid',
        to: 'pending',
      }),
    );
    expect(await move(orderId, { to: 'failed', by: 'shopper' })).toBeInstanceOf(Refusal);

    const { payment, order, history } = await stateOf(orderId);
    expect([payment.status, order.paymentStatus, payment.failureReason]).toEqual(['paid', 'paid', null]);
    expect(history).toHaveLength(1);
  });

  it("asks the order's state beside the payment's: unknown only while the order waits, refunded only once it closed", async () => {
    const orderId = await pendingOrder();
    await move(orderId, { to: 'paid', by: 'admin' });
    expect(await move(orderId, { to: 'refunded', by: 'admin' })).toBeInstanceOf(Refusal);

    await inTransaction(dataSource, async (manager) =>
      transition(manager, (await lockOrder(manager, orderId))!.order, { to: 'confirmed', by: 'admin' }),
    );
    await inTransaction(dataSource, async (manager) =>
      transition(manager, (await lockOrder(manager, orderId))!.order, { to: 'rejected', by: 'admin' }),
    );
    expect(await move(orderId, { to: 'refunded', by: 'admin' })).toBeNull();

    const closedOrder = await pendingOrder();
    await inTransaction(dataSource, async (manager) =>
      transition(manager, (await lockOrder(manager, closedOrder))!.order, { to: 'cancelled', by: 'expiry' }),
    );
    expect(await move(closedOrder, { to: 'unknown', by: 'provider' })).toBeInstanceOf(Refusal);
    expect(paymentTransitionRule('pending', 'unknown', 'provider')?.requires).toBe('orderPending');
  });

  it('writes only the details when the status stays, with no history row and no event', async () => {
    const orderId = await pendingOrder();
    const before = await stateOf(orderId);
    expect(await move(orderId, { to: 'pending', by: 'provider', details: { failureReason: 'declined, try another card' } })).toBeNull();

    const after = await stateOf(orderId);
    expect(after.payment.failureReason).toBe('declined, try another card');
    expect(after.history).toEqual([]);
    expect(after.events).toEqual(before.events);
  });

  it('tells the live views once per transaction, from the status it began at to the one it ended at', async () => {
    const orderId = await pendingOrder();
    await inTransaction(dataSource, async (manager) => {
      const locked = (await lockOrder(manager, orderId))!;
      await movePayment(manager, locked, { to: 'failed', by: 'expiry', details: { failureReason: 'expired' } });
      await transition(manager, locked.order, { to: 'cancelled', by: 'expiry' });
    });

    const { events, history, order } = await stateOf(orderId);
    expect([order.orderStatus, order.paymentStatus]).toEqual(['cancelled', 'failed']);
    expect(history).toMatchObject([{ fromStatus: 'pending', toStatus: 'failed', actor: 'expiry' }]);
    expect(events).toEqual([{ orderId, from: 'pending', to: 'cancelled' }]);
  });
});
