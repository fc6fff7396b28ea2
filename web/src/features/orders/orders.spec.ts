import { formatKes, MESSAGES, ORDER_API, type OrderDetails, type OrderStatus, type PaymentStatus } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { loggedOut } from '../auth/auth.slice';
import { orderUpdated, socketReconnected } from '../realtime/realtime.slice';
import { detailsOf, orderOf, settle, shopper, startOrdersStore, updateOf } from './order-fixtures';
import { isAwaitingPayment, refundFollowsCancel, shopperMayCancel } from './order-moves';
import { changedByLabel, formatOrderDate, formatOrderTime, orderStatusTone, refundStatusText } from './order-presentation';
import { ordersSaga } from './orders.saga';
import {
  orderCancelRequested,
  orderDetailsLoaded,
  orderDialogClosed,
  orderDialogOpened,
  ordersLoaded,
  ordersReducer,
  ordersRequested,
  ordersViewClosed,
} from './orders.slice';

describe('how an order reads', () => {
  it('is dated by the day in Nairobi, date part only', () => {
    // 22:30 UTC is already the next day in Nairobi (UTC+3).
    expect(formatOrderDate('2025-06-01T22:30:00.000Z')).toBe('2 Jun 2025');
  });

  it('has a green badge when confirmed, red when rejected and black otherwise', () => {
    expect(orderStatusTone('confirmed')).toBe('confirmed');
    expect(orderStatusTone('rejected')).toBe('rejected');
    expect(['pending', 'inProcess', 'inShipping', 'delivered', 'cancelled'].map((status) => orderStatusTone(status as 'pending'))).toEqual(
      Array(5).fill('other'),
    );
  });
});

describe('an order’s history and refund, as read', () => {
  it('dates each step to the minute, in Nairobi', () => {
    expect(formatOrderTime('2025-06-01T22:30:00.000Z')).toMatch(/2 Jun 2025.*01:30/);
  });

  it('names the shopper "You" and everyone else the shop, to the shopper', () => {
    expect(changedByLabel({ actor: 'shopper', changedBy: 'Wanjiru' }, 'shopper')).toBe('You');
    expect(changedByLabel({ actor: 'admin', changedBy: 'Achieng' }, 'shopper')).toBe('Toy Duka');
    expect(changedByLabel({ actor: 'payment', changedBy: null }, 'shopper')).toBe('Toy Duka');
    expect(changedByLabel({ actor: 'expiry', changedBy: null }, 'shopper')).toBe('Toy Duka');
    // A row from before movers were recorded may carry an admin's name: the shopper is told no one.
    expect(changedByLabel({ actor: null, changedBy: 'Achieng' }, 'shopper')).toBeNull();
  });

  it('names the person to the admin, and what moved it when nobody did', () => {
    expect(changedByLabel({ actor: 'admin', changedBy: 'Achieng' }, 'admin')).toBe('Achieng');
    expect(changedByLabel({ actor: 'shopper', changedBy: 'Wanjiru' }, 'admin')).toBe('Wanjiru (shopper)');
    expect(changedByLabel({ actor: 'payment', changedBy: null }, 'admin')).toBe('Toy Duka (payment)');
    expect(changedByLabel({ actor: null, changedBy: null }, 'admin')).toBe('Toy Duka');
  });

  it('says what is owed back, and when and how it was refunded', () => {
    expect(refundStatusText(orderOf(1))).toBeNull();
    expect(refundStatusText(orderOf(1, { refundDue: 3150 }))).toBe(`Refund due: ${formatKes(3150)}`);
    expect(
      refundStatusText(
        orderOf(1, { refundDue: 3150, refund: { amount: 3150, reference: 'RF12345', refundedAt: '2025-06-03T09:00:00.000Z' } }),
      ),
    ).toBe(`Refunded ${formatKes(3150)} on 3 Jun 2025 (RF12345)`);
  });
});

describe('the shopper’s Cancel', () => {
  const may = (orderStatus: OrderStatus, paymentStatus: PaymentStatus) => shopperMayCancel({ orderStatus, paymentStatus });

  it('is offered while the order waits for its money, and paid until it is shipped', () => {
    expect(may('pending', 'pending')).toBe(true);
    expect(may('pending', 'failed')).toBe(true);
    expect(may('confirmed', 'paid')).toBe(true);
    expect(may('inProcess', 'paid')).toBe(true);
  });

  it('is not offered once the order is shipped, delivered or closed', () => {
    expect(may('inShipping', 'paid')).toBe(false);
    expect(may('delivered', 'paid')).toBe(false);
    expect(may('cancelled', 'pending')).toBe(false);
    expect(may('rejected', 'paid')).toBe(false);
  });

  it('warns of a refund only when the order was paid or money is already owed', () => {
    expect(refundFollowsCancel(orderOf(1))).toBe(false);
    expect(refundFollowsCancel(orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed' }))).toBe(true);
    expect(refundFollowsCancel(orderOf(1, { refundDue: 7 }))).toBe(true);
  });

  it('leaves the waiting mark to pending orders whose money has not arrived', () => {
    expect(isAwaitingPayment(orderOf(1))).toBe(true);
    expect(isAwaitingPayment(orderOf(1, { paymentStatus: 'unknown' }))).toBe(true);
    expect(isAwaitingPayment(orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed' }))).toBe(false);
    expect(isAwaitingPayment(orderOf(1, { orderStatus: 'cancelled', paymentStatus: 'failed' }))).toBe(false);
  });
});

describe('cancelling an order', () => {
  const real = { get: apiClient.get, post: apiClient.post };
  let calls: string[];
  let shown: OrderDetails;
  let cancelAnswer: () => unknown;

  beforeEach(() => {
    calls = [];
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      return path === ORDER_API.order(1) ? { success: true, data: shown } : { success: true, data: [shown] };
    }) as typeof apiClient.get;
    apiClient.post = (async (path: string) => {
      calls.push(`POST ${path}`);
      return cancelAnswer();
    }) as typeof apiClient.post;
  });

  afterEach(() => Object.assign(apiClient, real));

  async function openOrderOne(order: OrderDetails) {
    shown = order;
    const started = startOrdersStore(ordersSaga);
    started.store.dispatch(ordersRequested());
    started.store.dispatch(orderDialogOpened(1));
    await settle();
    calls = [];
    return { ...started, orders: () => started.store.getState().orders };
  }

  const later = '2025-06-02T07:40:00.000Z';

  it('closes an unpaid order, shows it cancelled in its row and dialog, and says so', async () => {
    const { store, orders, toasts, stop } = await openOrderOne(detailsOf(orderOf(1)));
    const cancelled = detailsOf(orderOf(1, { orderStatus: 'cancelled', orderUpdateDate: later }));
    cancelAnswer = () => ({ success: true, data: cancelled });
    store.dispatch(orderCancelRequested(1));
    expect(orders().cancel).toEqual({ orderId: 1, error: null });
    await settle();
    expect(calls).toEqual([`POST ${ORDER_API.cancelOrder(1)}`]);
    expect(orders().items[0].orderStatus).toBe('cancelled');
    expect(orders().dialog.details).toMatchObject({ orderStatus: 'cancelled' });
    expect(orders().cancel).toEqual({ orderId: null, error: null });
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.cancelled }]);
    stop();
  });

  it('says the payment will be refunded when a paid order is cancelled', async () => {
    const paid = orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed', paymentReceipt: 'SGR7ABC123' });
    const { store, orders, toasts, stop } = await openOrderOne(detailsOf(paid));
    cancelAnswer = () => ({
      success: true,
      data: detailsOf({ ...paid, orderStatus: 'cancelled', refundDue: 3150, orderUpdateDate: later }),
    });
    store.dispatch(orderCancelRequested(1));
    await settle();
    expect(orders().dialog.details).toMatchObject({ orderStatus: 'cancelled', refundDue: 3150 });
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.cancelledRefundDue }]);
    stop();
  });

  it('shows the refusal in the dialog and reads the order again, since it moved on meanwhile', async () => {
    const { store, orders, toasts, stop } = await openOrderOne(detailsOf(orderOf(1, { paymentStatus: 'paid', orderStatus: 'inProcess' })));
    cancelAnswer = () => {
      throw new ApiError(MESSAGES.orders.cancelNotAllowed, 'CANCEL_NOT_ALLOWED');
    };
    shown = detailsOf(orderOf(1, { paymentStatus: 'paid', orderStatus: 'inShipping', orderUpdateDate: later }));
    store.dispatch(orderCancelRequested(1));
    await settle();
    expect(calls).toEqual([`POST ${ORDER_API.cancelOrder(1)}`, `GET ${ORDER_API.order(1)}`]);
    expect(orders().cancel).toEqual({ orderId: null, error: MESSAGES.orders.cancelNotAllowed });
    expect(orders().dialog.details?.orderStatus).toBe('inShipping');
    expect(toasts()).toEqual([]);
    store.dispatch(orderDialogClosed());
    expect(orders().cancel.error).toBeNull();
    stop();
  });
});

describe('the shopper’s orders', () => {
  const realGet = apiClient.get;
  let paths: string[];
  let answer: (path: string) => unknown;

  beforeEach(() => {
    paths = [];
    apiClient.get = (async (path: string) => {
      paths.push(path);
      return answer(path);
    }) as typeof apiClient.get;
  });

  afterEach(() => {
    apiClient.get = realGet;
  });

  it('lists the signed-in shopper’s own orders', async () => {
    answer = () => ({ success: true, data: [orderOf(2), orderOf(1)] });
    const { store, stop } = startOrdersStore(ordersSaga);
    store.dispatch(ordersRequested());
    await settle();
    expect(paths).toEqual([ORDER_API.orders(shopper.id)]);
    expect(store.getState().orders).toMatchObject({ isLoading: false, hasLoaded: true, error: null });
    expect(store.getState().orders.items.map((order) => order.id)).toEqual([2, 1]);
    stop();
  });

  it('empties the list and says why when it cannot be read', async () => {
    answer = () => ({ success: true, data: [orderOf(1)] });
    const { store, stop } = startOrdersStore(ordersSaga);
    store.dispatch(ordersRequested());
    await settle();
    answer = () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    };
    store.dispatch(ordersRequested());
    await settle();
    expect(store.getState().orders).toMatchObject({ items: [], isLoading: false, error: MESSAGES.server.serviceUnavailable });
    stop();
  });

  it('opens the details with the latest state of the order, which also refreshes its row', async () => {
    const paid = detailsOf(orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed' }));
    answer = (path) => (path === ORDER_API.order(1) ? { success: true, data: paid } : { success: true, data: [orderOf(1)] });
    const { store, stop } = startOrdersStore(ordersSaga);
    store.dispatch(ordersRequested());
    await settle();
    store.dispatch(orderDialogOpened(1));
    expect(store.getState().orders.dialog).toMatchObject({ orderId: 1, isLoading: true, details: null });
    await settle();
    expect(store.getState().orders.dialog).toMatchObject({ orderId: 1, isLoading: false, details: { orderStatus: 'confirmed' } });
    expect(store.getState().orders.items[0]).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(store.getState().orders.items[0]).not.toHaveProperty('history');
    expect(store.getState().orders.items[0]).not.toHaveProperty('mpesaAttempts');
    stop();
  });

  it('drops the details of a dialog closed before they arrived', async () => {
    let release!: () => void;
    answer = (path) =>
      path === ORDER_API.order(1)
        ? new Promise((resolve) => (release = () => resolve({ success: true, data: detailsOf(orderOf(1)) })))
        : { success: true, data: [orderOf(1)] };
    const { store, stop } = startOrdersStore(ordersSaga);
    store.dispatch(ordersRequested());
    await settle();
    store.dispatch(orderDialogOpened(1));
    store.dispatch(orderDialogClosed());
    release();
    await settle();
    expect(store.getState().orders.dialog).toEqual({ orderId: null, details: null, isLoading: false, error: null });
    stop();
  });

  it('forgets the orders on sign-out', async () => {
    answer = () => ({ success: true, data: [orderOf(1)] });
    const { store, stop } = startOrdersStore(ordersSaga);
    store.dispatch(ordersRequested());
    await settle();
    store.dispatch(loggedOut());
    expect(store.getState().orders).toMatchObject({ items: [], hasLoaded: false });
    stop();
  });

  describe('live', () => {
    const later = '2025-06-02T07:31:00.000Z';
    const paid = orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed', orderUpdateDate: later, paymentReceipt: 'SGR7ABC123' });

    it('moves the row and the open dialog in place when the order’s event arrives, then reads the dialog’s order again', async () => {
      let detailsAnswer = detailsOf(orderOf(1));
      answer = (path) =>
        path === ORDER_API.order(1) ? { success: true, data: detailsAnswer } : { success: true, data: [orderOf(2), orderOf(1)] };
      const { store, stop } = startOrdersStore(ordersSaga);
      store.dispatch(ordersRequested());
      store.dispatch(orderDialogOpened(1));
      await settle();
      paths = [];
      detailsAnswer = detailsOf(paid);

      store.dispatch(orderUpdated(updateOf(paid)));
      const { items, dialog } = store.getState().orders;
      expect(items.map((order) => `${order.id}:${order.orderStatus}:${order.paymentStatus}`)).toEqual([
        '2:pending:pending',
        '1:confirmed:paid',
      ]);
      expect(dialog.details).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', orderUpdateDate: later });
      await settle();
      // The event leaves the receipt out: the dialog's order is read again, and no spinner or error shows meanwhile.
      expect(paths).toEqual([ORDER_API.order(1)]);
      expect(store.getState().orders.dialog).toMatchObject({ isLoading: false, error: null, details: { paymentReceipt: 'SGR7ABC123' } });
      stop();
    });

    it('reads no order for an event about a row whose dialog is closed', async () => {
      answer = () => ({ success: true, data: [orderOf(1)] });
      const { store, stop } = startOrdersStore(ordersSaga);
      store.dispatch(ordersRequested());
      await settle();
      store.dispatch(orderUpdated(updateOf(paid)));
      await settle();
      expect(paths).toEqual([ORDER_API.orders(shopper.id)]);
      expect(store.getState().orders.items[0].orderStatus).toBe('confirmed');
      stop();
    });

    it('reads what the tab shows again after a reconnect, and nothing once the tab is closed', async () => {
      answer = (path) => (path === ORDER_API.order(1) ? { success: true, data: detailsOf(paid) } : { success: true, data: [paid] });
      const { store, stop } = startOrdersStore(ordersSaga);
      store.dispatch(ordersRequested());
      store.dispatch(orderDialogOpened(1));
      await settle();
      paths = [];
      store.dispatch(socketReconnected());
      await settle();
      expect(paths.sort()).toEqual([ORDER_API.order(1), ORDER_API.orders(shopper.id)].sort());

      store.dispatch(orderDialogClosed());
      store.dispatch(ordersViewClosed());
      paths = [];
      store.dispatch(socketReconnected());
      await settle();
      expect(paths).toEqual([]);
      stop();
    });

    it('keeps the list on screen when the read after a reconnect fails', async () => {
      answer = () => ({ success: true, data: [orderOf(1)] });
      const { store, stop } = startOrdersStore(ordersSaga);
      store.dispatch(ordersRequested());
      await settle();
      answer = () => {
        throw new ApiError(MESSAGES.server.networkError, null);
      };
      store.dispatch(socketReconnected());
      await settle();
      expect(store.getState().orders).toMatchObject({ error: null, items: [{ id: 1 }] });
      stop();
    });
  });
});

describe('an order moved by its event', () => {
  const at = (minute: number) => `2025-06-02T07:${minute}:00.000Z`;

  it('changes nothing when the event is older than what is shown, since events and answers may cross', () => {
    let state = ordersReducer(
      undefined,
      ordersLoaded([orderOf(1, { orderStatus: 'inShipping', paymentStatus: 'paid', orderUpdateDate: at(40) })]),
    );
    state = ordersReducer(
      state,
      orderUpdated(updateOf(orderOf(1, { orderStatus: 'confirmed', paymentStatus: 'paid', orderUpdateDate: at(35) }))),
    );
    expect(state.items[0]).toMatchObject({ orderStatus: 'inShipping', orderUpdateDate: at(40) });
  });

  it('keeps the failure reason when the event gives none, and takes the one it gives', () => {
    const declined = orderOf(1, { paymentMethod: 'paypal', paymentFailureReason: MESSAGES.payment.paypalDeclined });
    let state = ordersReducer(undefined, ordersLoaded([declined]));
    state = ordersReducer(state, orderUpdated({ orderId: 1, orderStatus: 'pending', paymentStatus: 'pending', updatedAt: at(31) }));
    expect(state.items[0].paymentFailureReason).toBe(MESSAGES.payment.paypalDeclined);
    state = ordersReducer(
      state,
      orderUpdated({
        orderId: 1,
        orderStatus: 'cancelled',
        paymentStatus: 'failed',
        reason: MESSAGES.payment.mpesaCancelled,
        updatedAt: at(32),
      }),
    );
    expect(state.items[0]).toMatchObject({ orderStatus: 'cancelled', paymentFailureReason: MESSAGES.payment.mpesaCancelled });
  });

  it('is not taken back by a details answer read before the event', () => {
    let state = ordersReducer(undefined, ordersLoaded([orderOf(1)]));
    state = ordersReducer(state, orderDialogOpened(1));
    state = ordersReducer(state, orderDetailsLoaded(detailsOf(orderOf(1))));
    state = ordersReducer(
      state,
      orderUpdated(updateOf(orderOf(1, { orderStatus: 'confirmed', paymentStatus: 'paid', orderUpdateDate: at(33) }))),
    );
    state = ordersReducer(state, orderDetailsLoaded(detailsOf(orderOf(1))));
    expect(state.items[0].orderStatus).toBe('confirmed');
    expect(state.dialog.details?.orderStatus).toBe('confirmed');
  });
});
