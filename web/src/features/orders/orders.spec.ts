import { formatKes, MESSAGES, ORDER_API, type Order, type OrderDetails, type OrderStatus, type PaymentStatus } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { apiClient, ApiError } from '../../lib/api-client';
import { screenReads } from '../../testing/api-store';
import { loggedOut } from '../auth/auth.slice';
import { orderUpdated, socketReconnected } from '../realtime/realtime.slice';
import { myOrdersSaga } from './myOrders.saga';
import { detailsOf, orderOf, settle, shopper, startOrdersStore, updateOf } from './order-fixtures';
import { isAwaitingPayment, refundFollowsCancel, shopperMayCancel } from './order-moves';
import { changedByLabel, formatOrderDate, formatOrderTime, orderStatusTone, refundStatusText } from './order-presentation';
import { applyOrderUpdate, replaceOrderRow } from './order-updates';
import { ordersApi } from './orders.api';

const { getMyOrders, getOrder, cancelOrder } = ordersApi.endpoints;
const at = (minute: number) => `2025-06-02T07:${minute}:00.000Z`;

/**
 * The api as the shopper's account meets it: the list, one order's details and the Cancel, each call
 * recorded as `METHOD path`; a read or the Cancel answers what its function gives, or throws it.
 */
function fakeShopperApi() {
  const real = { get: apiClient.get, post: apiClient.post };
  const api = {
    calls: [] as string[],
    list: [orderOf(2), orderOf(1)] as Order[],
    details: detailsOf(orderOf(1)),
    /** The list's read: the rows above unless a spec says otherwise. */
    listAnswer: (): unknown => ({ success: true, data: api.list }),
    detailsAnswer: (): unknown => ({ success: true, data: api.details }),
    cancelAnswer: (): unknown => undefined,
    restore: () => Object.assign(apiClient, real),
  };
  apiClient.get = (async (path: string) => {
    api.calls.push(`GET ${path}`);
    return path === ORDER_API.order(api.details.id) ? api.detailsAnswer() : api.listAnswer();
  }) as typeof apiClient.get;
  apiClient.post = (async (path: string) => {
    api.calls.push(`POST ${path}`);
    return api.cancelAnswer();
  }) as typeof apiClient.post;
  return api;
}

const refusal = (error: ApiError) => () => {
  throw error;
};

/** The shopper's store with the socket's events followed (myOrders.saga.ts); the Orders tab and the dialog as the screen holds them. */
function startShopper() {
  const { store, stop, toasts } = startOrdersStore(myOrdersSaga);
  const reads = screenReads();
  return {
    store,
    toasts,
    /** The Orders tab on show, read once; what it answers leaves the tab. */
    showOrders: () => reads.hold(store.dispatch(getMyOrders.initiate(shopper.id))),
    /** The order's dialog open, its details read once; what it answers closes the dialog. */
    openOrder: (orderId: number) => reads.hold(store.dispatch(getOrder.initiate(orderId))),
    list: () => getMyOrders.select(shopper.id)(store.getState()),
    rows: () => getMyOrders.select(shopper.id)(store.getState()).data,
    shown: (orderId: number) => getOrder.select(orderId)(store.getState()).data,
    stop() {
      reads.leaveAll();
      stop();
    },
  };
}

const statusesOf = (rows: Order[] | undefined) => rows?.map((order) => `${order.id}:${order.orderStatus}:${order.paymentStatus}`);

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
  let api: ReturnType<typeof fakeShopperApi>;
  beforeEach(() => {
    api = fakeShopperApi();
  });
  afterEach(() => api.restore());

  /** The Orders tab with order 1 as its second row, and its dialog open; the calls so far forgotten. */
  async function openOrderOne(order: OrderDetails) {
    api.list = [orderOf(2), order];
    api.details = order;
    const shopperScreen = startShopper();
    await shopperScreen.showOrders();
    await shopperScreen.openOrder(1);
    api.calls = [];
    return shopperScreen;
  }

  it('closes an unpaid order, shows it cancelled in its row and dialog without reading them again, and says so', async () => {
    const shopperScreen = await openOrderOne(detailsOf(orderOf(1)));
    api.cancelAnswer = () => ({ success: true, data: detailsOf(orderOf(1, { orderStatus: 'cancelled', orderUpdateDate: at(40) })) });
    const cancelling = shopperScreen.store.dispatch(cancelOrder.initiate({ orderId: 1 }));
    expect(cancelOrder.select(cancelling.requestId)(shopperScreen.store.getState())).toMatchObject({ isLoading: true });
    await cancelling;
    expect(api.calls).toEqual([`POST ${ORDER_API.cancelOrder(1)}`]);
    expect(statusesOf(shopperScreen.rows())).toEqual(['2:pending:pending', '1:cancelled:pending']);
    expect(shopperScreen.rows()?.[1]).not.toHaveProperty('history');
    expect(shopperScreen.shown(1)).toMatchObject({ orderStatus: 'cancelled' });
    expect(shopperScreen.toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.cancelled }]);
    shopperScreen.stop();
  });

  it('says the payment will be refunded when a paid order is cancelled', async () => {
    const paid = orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed', paymentReceipt: 'SGR7ABC123' });
    const shopperScreen = await openOrderOne(detailsOf(paid));
    api.cancelAnswer = () => ({
      success: true,
      data: detailsOf({ ...paid, orderStatus: 'cancelled', refundDue: 3150, orderUpdateDate: at(40) }),
    });
    await shopperScreen.store.dispatch(cancelOrder.initiate({ orderId: 1 }));
    expect(shopperScreen.shown(1)).toMatchObject({ orderStatus: 'cancelled', refundDue: 3150 });
    expect(shopperScreen.toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.cancelledRefundDue }]);
    shopperScreen.stop();
  });

  it('leaves the refusal to the dialog, untoasted, and reads the order again, since it moved on meanwhile', async () => {
    const shopperScreen = await openOrderOne(detailsOf(orderOf(1, { paymentStatus: 'paid', orderStatus: 'inProcess' })));
    api.cancelAnswer = refusal(new ApiError(MESSAGES.orders.cancelNotAllowed, 'CANCEL_NOT_ALLOWED'));
    api.details = detailsOf(orderOf(1, { paymentStatus: 'paid', orderStatus: 'inShipping', orderUpdateDate: at(40) }));
    const { error } = await shopperScreen.store.dispatch(cancelOrder.initiate({ orderId: 1 }));
    await settle();
    expect(messageOfFailure(error)).toBe(MESSAGES.orders.cancelNotAllowed);
    expect(api.calls).toEqual([`POST ${ORDER_API.cancelOrder(1)}`, `GET ${ORDER_API.order(1)}`]);
    expect(shopperScreen.shown(1)?.orderStatus).toBe('inShipping');
    expect(shopperScreen.rows()?.[1]?.orderStatus).toBe('inShipping');
    expect(shopperScreen.toasts()).toEqual([]);
    shopperScreen.stop();
  });

  it('reads nothing again when the Cancel failed for another reason than the order moving on', async () => {
    const shopperScreen = await openOrderOne(detailsOf(orderOf(1)));
    api.cancelAnswer = refusal(new ApiError(MESSAGES.server.networkError, null));
    const { error } = await shopperScreen.store.dispatch(cancelOrder.initiate({ orderId: 1 }));
    await settle();
    expect(messageOfFailure(error)).toBe(MESSAGES.server.networkError);
    expect(api.calls).toEqual([`POST ${ORDER_API.cancelOrder(1)}`]);
    expect(shopperScreen.shown(1)?.orderStatus).toBe('pending');
    shopperScreen.stop();
  });
});

describe('the shopper’s orders', () => {
  let api: ReturnType<typeof fakeShopperApi>;
  beforeEach(() => {
    api = fakeShopperApi();
  });
  afterEach(() => api.restore());

  it('lists the signed-in shopper’s own orders', async () => {
    const shopperScreen = startShopper();
    await shopperScreen.showOrders();
    expect(api.calls).toEqual([`GET ${ORDER_API.orders(shopper.id)}`]);
    expect(shopperScreen.rows()?.map((order) => order.id)).toEqual([2, 1]);
    shopperScreen.stop();
  });

  it('has no rows and says why when the list cannot be read', async () => {
    api.listAnswer = refusal(new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE'));
    const shopperScreen = startShopper();
    await shopperScreen.showOrders();
    expect(shopperScreen.list()).toMatchObject({ isError: true });
    expect(shopperScreen.rows()).toBeUndefined();
    expect(messageOfFailure(shopperScreen.list().error)).toBe(MESSAGES.server.serviceUnavailable);
    shopperScreen.stop();
  });

  it('opens the details with the latest state of the order, which also refreshes its row', async () => {
    api.details = detailsOf(orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed' }));
    const shopperScreen = startShopper();
    await shopperScreen.showOrders();
    await shopperScreen.openOrder(1);
    expect(shopperScreen.shown(1)).toMatchObject({ orderStatus: 'confirmed', history: [{ toStatus: 'pending' }] });
    expect(shopperScreen.rows()?.[1]).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' });
    expect(shopperScreen.rows()?.[1]).not.toHaveProperty('history');
    expect(shopperScreen.rows()?.[1]).not.toHaveProperty('mpesaAttempts');
    shopperScreen.stop();
  });

  it('drops the details of a dialog closed before they arrived', async () => {
    let release!: () => void;
    api.detailsAnswer = () => new Promise((resolve) => (release = () => resolve({ success: true, data: api.details })));
    const shopperScreen = startShopper();
    const dialog = shopperScreen.store.dispatch(getOrder.initiate(1));
    dialog.unsubscribe();
    await settle();
    release();
    await settle();
    expect(getOrder.select(1)(shopperScreen.store.getState())).toMatchObject({ isUninitialized: true });
    expect(shopperScreen.shown(1)).toBeUndefined();
    shopperScreen.stop();
  });

  it('forgets the orders and the open order on sign-out, once the account page is left', async () => {
    const shopperScreen = startShopper();
    const leaveOrders = await shopperScreen.showOrders();
    const closeDialog = await shopperScreen.openOrder(1);
    shopperScreen.store.dispatch(loggedOut());
    leaveOrders();
    closeDialog();
    await settle();
    const state = shopperScreen.store.getState();
    expect(ordersApi.util.selectCachedArgsForQuery(state, 'getMyOrders')).toEqual([]);
    expect(ordersApi.util.selectCachedArgsForQuery(state, 'getOrder')).toEqual([]);
    shopperScreen.stop();
  });

  describe('live', () => {
    const paid = orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed', orderUpdateDate: at(31), paymentReceipt: 'SGR7ABC123' });

    it('moves the row and the open dialog in place when the order’s event arrives, then reads the dialog’s order again', async () => {
      const shopperScreen = startShopper();
      await shopperScreen.showOrders();
      await shopperScreen.openOrder(1);
      api.calls = [];
      api.details = detailsOf(paid);

      shopperScreen.store.dispatch(orderUpdated(updateOf(paid)));
      expect(statusesOf(shopperScreen.rows())).toEqual(['2:pending:pending', '1:confirmed:paid']);
      expect(shopperScreen.shown(1)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', orderUpdateDate: at(31) });
      await settle();
      // The event leaves the receipt out: the dialog's order is read again, once, and the list is not.
      expect(api.calls).toEqual([`GET ${ORDER_API.order(1)}`]);
      expect(shopperScreen.shown(1)).toMatchObject({ paymentReceipt: 'SGR7ABC123' });
      shopperScreen.stop();
    });

    it('reads nothing for an event about a row whose dialog is closed', async () => {
      const shopperScreen = startShopper();
      await shopperScreen.showOrders();
      const closeDialog = await shopperScreen.openOrder(1);
      closeDialog();
      await settle();
      api.calls = [];
      shopperScreen.store.dispatch(orderUpdated(updateOf(paid)));
      await settle();
      expect(api.calls).toEqual([]);
      expect(shopperScreen.rows()?.[1]?.orderStatus).toBe('confirmed');
      shopperScreen.stop();
    });

    it('changes nothing when the event is older than what is shown, since events and answers may cross', async () => {
      const shipped = orderOf(1, { orderStatus: 'inShipping', paymentStatus: 'paid', orderUpdateDate: at(40) });
      api.list = [shipped];
      api.details = detailsOf(shipped);
      const shopperScreen = startShopper();
      await shopperScreen.showOrders();
      await shopperScreen.openOrder(1);
      shopperScreen.store.dispatch(
        orderUpdated(updateOf(orderOf(1, { orderStatus: 'confirmed', paymentStatus: 'paid', orderUpdateDate: at(35) }))),
      );
      expect(shopperScreen.rows()?.[0]).toMatchObject({ orderStatus: 'inShipping', orderUpdateDate: at(40) });
      expect(shopperScreen.shown(1)).toMatchObject({ orderStatus: 'inShipping', orderUpdateDate: at(40) });
      shopperScreen.stop();
    });

    it('is not taken back by a details answer read before the event', async () => {
      const shopperScreen = startShopper();
      await shopperScreen.showOrders();
      await shopperScreen.openOrder(1);
      // The read the event asks for crosses an older copy of the order (a replica behind, a read sent before the change).
      shopperScreen.store.dispatch(orderUpdated(updateOf(paid)));
      await settle();
      expect(api.calls.at(-1)).toBe(`GET ${ORDER_API.order(1)}`);
      expect(shopperScreen.shown(1)?.orderStatus).toBe('confirmed');
      expect(shopperScreen.rows()?.[1]?.orderStatus).toBe('confirmed');
      shopperScreen.stop();
    });

    it('reads what the tab shows again after a reconnect, and nothing once the tab is closed', async () => {
      const shopperScreen = startShopper();
      const leaveOrders = await shopperScreen.showOrders();
      const closeDialog = await shopperScreen.openOrder(1);
      api.calls = [];
      shopperScreen.store.dispatch(socketReconnected());
      await settle();
      expect(api.calls.sort()).toEqual([`GET ${ORDER_API.order(1)}`, `GET ${ORDER_API.orders(shopper.id)}`].sort());

      closeDialog();
      leaveOrders();
      await settle();
      api.calls = [];
      shopperScreen.store.dispatch(socketReconnected());
      await settle();
      expect(api.calls).toEqual([]);
      shopperScreen.stop();
    });

    it('keeps the list on screen when the read after a reconnect fails', async () => {
      const shopperScreen = startShopper();
      await shopperScreen.showOrders();
      api.listAnswer = refusal(new ApiError(MESSAGES.server.networkError, null));
      shopperScreen.store.dispatch(socketReconnected());
      await settle();
      expect(shopperScreen.list()).toMatchObject({ isError: true });
      expect(shopperScreen.rows()?.map(({ id }) => id)).toEqual([2, 1]);
      shopperScreen.stop();
    });
  });
});

describe('an order moved by its event', () => {
  it('keeps the failure reason when the event gives none, and takes the one it gives', () => {
    const order = orderOf(1, { paymentMethod: 'paypal', paymentFailureReason: MESSAGES.payment.paypalDeclined });
    applyOrderUpdate(order, { orderId: 1, orderStatus: 'pending', paymentStatus: 'pending', updatedAt: at(31) });
    expect(order.paymentFailureReason).toBe(MESSAGES.payment.paypalDeclined);
    applyOrderUpdate(order, {
      orderId: 1,
      orderStatus: 'cancelled',
      paymentStatus: 'failed',
      reason: MESSAGES.payment.mpesaCancelled,
      updatedAt: at(32),
    });
    expect(order).toMatchObject({ orderStatus: 'cancelled', paymentFailureReason: MESSAGES.payment.mpesaCancelled });
  });

  it('leaves other orders alone', () => {
    const other = orderOf(2);
    applyOrderUpdate(other, updateOf(orderOf(1, { orderStatus: 'confirmed', paymentStatus: 'paid', orderUpdateDate: at(33) })));
    expect(other).toEqual(orderOf(2));
  });

  it('keeps a row that is newer than the copy offered for it', () => {
    const rows = [orderOf(1, { orderStatus: 'confirmed', orderUpdateDate: at(33) })];
    replaceOrderRow(rows, detailsOf(orderOf(1)));
    expect(rows[0].orderStatus).toBe('confirmed');
  });
});
