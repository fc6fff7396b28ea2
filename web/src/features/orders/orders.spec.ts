import { MESSAGES, ORDER_API } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { loggedOut } from '../auth/auth.slice';
import { orderUpdated, socketReconnected } from '../realtime/realtime.slice';
import { formatOrderDate, orderStatusTone } from './order-presentation';
import { detailsOf, orderOf, settle, shopper, startOrdersStore, updateOf } from './order-fixtures';
import { ordersSaga } from './orders.saga';
import { orderDialogClosed, orderDialogOpened, ordersReducer, ordersRequested, ordersLoaded, ordersViewClosed, orderDetailsLoaded } from './orders.slice';

describe('how an order reads', () => {
  it('is dated by the day in Nairobi, date part only', () => {
    // 22:30 UTC is already the next day in Nairobi (UTC+3).
    expect(formatOrderDate('2025-06-01T22:30:00.000Z')).toBe('2 Jun 2025');
  });

  it('has a green badge when confirmed, red when rejected and black otherwise', () => {
    expect(orderStatusTone('confirmed')).toBe('confirmed');
    expect(orderStatusTone('rejected')).toBe('rejected');
    expect(['pending', 'inProcess', 'inShipping', 'delivered', 'cancelled'].map((status) => orderStatusTone(status as 'pending'))).toEqual(Array(5).fill('other'));
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
      throw new ApiError(MESSAGES.server.serviceUnavailable, 503);
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
      path === ORDER_API.order(1) ? new Promise((resolve) => (release = () => resolve({ success: true, data: detailsOf(orderOf(1)) }))) : { success: true, data: [orderOf(1)] };
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
      answer = (path) => (path === ORDER_API.order(1) ? { success: true, data: detailsAnswer } : { success: true, data: [orderOf(2), orderOf(1)] });
      const { store, stop } = startOrdersStore(ordersSaga);
      store.dispatch(ordersRequested());
      store.dispatch(orderDialogOpened(1));
      await settle();
      paths = [];
      detailsAnswer = detailsOf(paid);

      store.dispatch(orderUpdated(updateOf(paid)));
      const { items, dialog } = store.getState().orders;
      expect(items.map((order) => `${order.id}:${order.orderStatus}:${order.paymentStatus}`)).toEqual(['2:pending:pending', '1:confirmed:paid']);
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
    let state = ordersReducer(undefined, ordersLoaded([orderOf(1, { orderStatus: 'inShipping', paymentStatus: 'paid', orderUpdateDate: at(40) })]));
    state = ordersReducer(state, orderUpdated(updateOf(orderOf(1, { orderStatus: 'confirmed', paymentStatus: 'paid', orderUpdateDate: at(35) }))));
    expect(state.items[0]).toMatchObject({ orderStatus: 'inShipping', orderUpdateDate: at(40) });
  });

  it('keeps the failure reason when the event gives none, and takes the one it gives', () => {
    const declined = orderOf(1, { paymentMethod: 'paypal', paymentFailureReason: MESSAGES.payment.paypalDeclined });
    let state = ordersReducer(undefined, ordersLoaded([declined]));
    state = ordersReducer(state, orderUpdated({ orderId: 1, orderStatus: 'pending', paymentStatus: 'pending', updatedAt: at(31) }));
    expect(state.items[0].paymentFailureReason).toBe(MESSAGES.payment.paypalDeclined);
    state = ordersReducer(state, orderUpdated({ orderId: 1, orderStatus: 'cancelled', paymentStatus: 'failed', reason: MESSAGES.payment.mpesaCancelled, updatedAt: at(32) }));
    expect(state.items[0]).toMatchObject({ orderStatus: 'cancelled', paymentFailureReason: MESSAGES.payment.mpesaCancelled });
  });

  it('is not taken back by a details answer read before the event', () => {
    let state = ordersReducer(undefined, ordersLoaded([orderOf(1)]));
    state = ordersReducer(state, orderDialogOpened(1));
    state = ordersReducer(state, orderDetailsLoaded(detailsOf(orderOf(1))));
    state = ordersReducer(state, orderUpdated(updateOf(orderOf(1, { orderStatus: 'confirmed', paymentStatus: 'paid', orderUpdateDate: at(33) }))));
    state = ordersReducer(state, orderDetailsLoaded(detailsOf(orderOf(1))));
    expect(state.items[0].orderStatus).toBe('confirmed');
    expect(state.dialog.details?.orderStatus).toBe('confirmed');
  });
});
