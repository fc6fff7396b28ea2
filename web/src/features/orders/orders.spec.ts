import { MESSAGES, ORDER_API } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { loggedOut } from '../auth/auth.slice';
import { formatOrderDate, orderStatusTone } from './order-presentation';
import { detailsOf, orderOf, settle, shopper, startOrdersStore } from './order-fixtures';
import { ordersSaga } from './orders.saga';
import { orderDialogClosed, orderDialogOpened, ordersRequested } from './orders.slice';

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
});
