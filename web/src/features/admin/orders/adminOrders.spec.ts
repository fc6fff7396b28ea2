import { MESSAGES, ORDER_API, ROUTES, type AdminOrderCreatedEvent, type OrderDetails, type OrderStatusInput } from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { loggedOut } from '../../auth/auth.slice';
import { attemptOf, attentionOf, detailsOf, orderOf, settle, startOrdersStore, updateOf } from '../../orders/order-fixtures';
import { adminOrderCreated, adminPaymentAttention, orderUpdated, socketReconnected } from '../../realtime/realtime.slice';
import { adminOrdersPath, adminOrdersSaga } from './adminOrders.saga';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderDialogClosed,
  adminOrderDialogOpened,
  adminOrderLink,
  adminOrdersPageClosed,
  adminOrdersPageOpened,
  adminOrdersReducer,
  adminOrdersRequested,
  newOrderNoticeShown,
  orderStatusChosen,
  paymentAttentionKey,
  paymentAttentionNoticeShown,
  orderStatusSaveRequested,
  showsNewOrders,
} from './adminOrders.slice';

describe('the admin’s orders', () => {
  const real = { get: apiClient.get, put: apiClient.put };
  let calls: string[];
  let sent: unknown[];

  beforeEach(() => {
    calls = [];
    sent = [];
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      if (path === ORDER_API.adminOrder(2)) return { success: true, data: detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed' })) };
      return { success: true, data: [orderOf(3), orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed' }), orderOf(1)], pagination: { total: 43, page: 1, pageSize: ADMIN_ORDERS_PAGE_SIZE } };
    }) as typeof apiClient.get;
  });

  afterEach(() => Object.assign(apiClient, real));

  it('asks for one page, of one status when filtered', () => {
    expect(adminOrdersPath({ status: null, page: 1 })).toBe(`${ORDER_API.adminOrders}?page=1&pageSize=${ADMIN_ORDERS_PAGE_SIZE}`);
    expect(adminOrdersPath({ status: 'inShipping', page: 3 })).toBe(`${ORDER_API.adminOrders}?page=3&pageSize=${ADMIN_ORDERS_PAGE_SIZE}&status=inShipping`);
  });

  it('keeps the page and the total the server counted', async () => {
    const { store, stop } = startOrdersStore(adminOrdersSaga);
    store.dispatch(adminOrdersRequested({ status: 'pending', page: 2 }));
    await settle();
    expect(calls).toEqual([`GET ${adminOrdersPath({ status: 'pending', page: 2 })}`]);
    expect(store.getState().adminOrders).toMatchObject({ query: { status: 'pending', page: 2 }, total: 43, isLoading: false, hasLoaded: true });
    stop();
  });

  async function openOrderTwo() {
    const started = startOrdersStore(adminOrdersSaga);
    started.store.dispatch(adminOrdersRequested({ status: null, page: 1 }));
    started.store.dispatch(adminOrderDialogOpened(2));
    await settle();
    return started;
  }

  it('moves an order to the chosen status, says so, and changes its row in place', async () => {
    apiClient.put = (async (path: string, body: unknown) => {
      calls.push(`PUT ${path}`);
      sent.push(body);
      return { success: true, message: MESSAGES.orders.statusUpdated, data: { ...detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'inShipping' })) } };
    }) as typeof apiClient.put;
    const { store, toasts, stop } = await openOrderTwo();
    expect(store.getState().adminOrders.dialog.details?.history).toHaveLength(1);
    store.dispatch(orderStatusChosen('inShipping'));
    store.dispatch(orderStatusSaveRequested());
    await settle();
    expect(calls.at(-1)).toBe(`PUT ${ORDER_API.adminUpdateOrder(2)}`);
    expect(sent).toEqual([{ orderStatus: 'inShipping' } satisfies OrderStatusInput]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.statusUpdated }]);
    const state = store.getState().adminOrders;
    expect(state.items.map((order) => `${order.id}:${order.orderStatus}`)).toEqual(['3:pending', '2:inShipping', '1:pending']);
    expect(state).toMatchObject({ isSaving: false, chosenStatus: null, dialog: { details: { orderStatus: 'inShipping' } } });
    stop();
  });

  it('keeps the order as it was when the server refuses, and says why', async () => {
    apiClient.put = (async () => {
      throw new ApiError(MESSAGES.orders.unknownStatus, 400);
    }) as typeof apiClient.put;
    const { store, toasts, stop } = await openOrderTwo();
    store.dispatch(orderStatusChosen('delivered'));
    store.dispatch(orderStatusSaveRequested());
    await settle();
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.orders.unknownStatus }]);
    expect(store.getState().adminOrders).toMatchObject({ isSaving: false, chosenStatus: 'delivered', items: [{}, { orderStatus: 'confirmed' }, {}] });
    stop();
  });

  it('sends nothing before a status is chosen', async () => {
    apiClient.put = (async (path: string) => {
      calls.push(`PUT ${path}`);
      return { success: true };
    }) as typeof apiClient.put;
    const { store, stop } = await openOrderTwo();
    store.dispatch(orderStatusSaveRequested());
    await settle();
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
    expect(store.getState().adminOrders.isSaving).toBe(false);
    stop();
  });
});

const placed = (orderId: number): AdminOrderCreatedEvent => ({ orderId, userName: 'Wanjiru', totalAmount: 3150, paymentMethod: 'mpesa', createdAt: '2025-06-02T07:30:00.000Z' });

describe('new orders for the admin', () => {
  it('are announced once each, and counted until the admin opens the orders page', () => {
    let state = adminOrdersReducer(undefined, adminOrderCreated(placed(7)));
    state = adminOrdersReducer(state, adminOrderCreated(placed(8)));
    state = adminOrdersReducer(state, adminOrderCreated(placed(8)));
    expect(state.newOrderNotices.map((notice) => notice.orderId)).toEqual([7, 8]);
    expect(state.unseenOrderIds).toEqual([7, 8]);

    state = adminOrdersReducer(state, newOrderNoticeShown(7));
    expect(state.newOrderNotices.map((notice) => notice.orderId)).toEqual([8]);

    state = adminOrdersReducer(state, adminOrdersPageOpened());
    expect(state.unseenOrderIds).toEqual([]);
    // Seen as they arrive while the page is open: announced, not counted.
    state = adminOrdersReducer(state, adminOrderCreated(placed(9)));
    expect(state.unseenOrderIds).toEqual([]);
    expect(state.newOrderNotices.map((notice) => notice.orderId)).toEqual([8, 9]);

    state = adminOrdersReducer(state, adminOrdersPageClosed());
    state = adminOrdersReducer(state, adminOrderCreated(placed(10)));
    expect(state.unseenOrderIds).toEqual([10]);
    expect(adminOrdersReducer(state, loggedOut())).toMatchObject({ unseenOrderIds: [], newOrderNotices: [] });
  });

  it('belong on the first page, unfiltered or filtered to pending', () => {
    expect(showsNewOrders({ status: null, page: 1 })).toBe(true);
    expect(showsNewOrders({ status: 'pending', page: 1 })).toBe(true);
    expect(showsNewOrders({ status: 'inShipping', page: 1 })).toBe(false);
    expect(showsNewOrders({ status: null, page: 2 })).toBe(false);
  });

  it('are linked to the orders page, which opens the order', () => {
    expect(adminOrderLink(31)).toBe(`${ROUTES.adminOrders}?order=31`);
  });
});

describe('payments that need the admin', () => {
  it('are announced once per order and reason, and forgotten on sign-out', () => {
    let state = adminOrdersReducer(undefined, adminPaymentAttention(attentionOf(7)));
    state = adminOrdersReducer(state, adminPaymentAttention(attentionOf(7)));
    state = adminOrdersReducer(state, adminPaymentAttention(attentionOf(7, { kind: 'refundDue', message: 'Received KES 7 of KES 3,150: refund KES 7' })));
    expect(state.paymentAttentionNotices.map(paymentAttentionKey)).toEqual(['payment-attention-7-outcomeUnknown', 'payment-attention-7-refundDue']);

    state = adminOrdersReducer(state, paymentAttentionNoticeShown(paymentAttentionKey(attentionOf(7))));
    expect(state.paymentAttentionNotices).toEqual([attentionOf(7, { kind: 'refundDue', message: 'Received KES 7 of KES 3,150: refund KES 7' })]);
    // Not a new order: the menu's count is left alone.
    expect(state.unseenOrderIds).toEqual([]);
    expect(adminOrdersReducer(state, loggedOut()).paymentAttentionNotices).toEqual([]);
  });
});

describe('the admin’s orders, live', () => {
  const real = { get: apiClient.get };
  let calls: string[];
  /** The page the server answers, by the query's page. */
  let pageRows: Record<string, number[]>;
  let details: OrderDetails;

  beforeEach(() => {
    calls = [];
    pageRows = { '1': [3, 2, 1] };
    details = detailsOf(orderOf(2));
    apiClient.get = (async (path: string) => {
      calls.push(path);
      if (path === ORDER_API.adminOrder(2)) return { success: true, data: details };
      const page = new URL(path, 'http://shop.test').searchParams.get('page')!;
      return { success: true, data: (pageRows[page] ?? []).map((id) => orderOf(id)), pagination: { total: 43, page: Number(page), pageSize: ADMIN_ORDERS_PAGE_SIZE } };
    }) as typeof apiClient.get;
  });

  afterEach(() => Object.assign(apiClient, real));

  async function onOrdersPage(query = { status: null, page: 1 } as Parameters<typeof adminOrdersRequested>[0]) {
    const started = startOrdersStore(adminOrdersSaga);
    started.store.dispatch(adminOrdersPageOpened());
    started.store.dispatch(adminOrdersRequested(query));
    await settle();
    calls = [];
    return { ...started, rows: () => started.store.getState().adminOrders.items.map((order) => order.id) };
  }

  it('puts a new order on the first page without a spinner', async () => {
    const { store, rows, stop } = await onOrdersPage();
    pageRows['1'] = [4, 3, 2, 1];
    store.dispatch(adminOrderCreated(placed(4)));
    expect(store.getState().adminOrders.isLoading).toBe(false);
    await settle();
    expect(calls).toEqual([adminOrdersPath({ status: null, page: 1 })]);
    expect(rows()).toEqual([4, 3, 2, 1]);
    stop();
  });

  it.each([
    ['another page', { status: null, page: 2 }],
    ['a filter that leaves it out', { status: 'inShipping', page: 1 }],
  ] as const)('leaves %s as it is when an order is placed', async (_case, query) => {
    const { store, stop } = await onOrdersPage(query);
    store.dispatch(adminOrderCreated(placed(4)));
    await settle();
    expect(calls).toEqual([]);
    stop();
  });

  it('reads nothing for a new order while the orders page is closed', async () => {
    const { store, stop } = await onOrdersPage();
    store.dispatch(adminOrdersPageClosed());
    store.dispatch(adminOrderCreated(placed(4)));
    await settle();
    expect(calls).toEqual([]);
    stop();
  });

  it('shows another admin’s change in the row and the open dialog, then reads the dialog’s history', async () => {
    const { store, stop } = await onOrdersPage();
    store.dispatch(adminOrderDialogOpened(2));
    await settle();
    calls = [];
    const shipped = orderOf(2, { paymentStatus: 'paid', orderStatus: 'inShipping', orderUpdateDate: '2025-06-02T08:00:00.000Z' });
    details = { ...detailsOf(shipped), history: [...detailsOf(shipped).history, { fromStatus: 'pending', toStatus: 'inShipping', changedBy: 'Achieng', reason: '', createdAt: shipped.orderUpdateDate }] };

    store.dispatch(orderUpdated(updateOf(shipped)));
    const state = store.getState().adminOrders;
    expect(state.items.map((order) => `${order.id}:${order.orderStatus}`)).toEqual(['3:pending', '2:inShipping', '1:pending']);
    expect(state.dialog.details?.orderStatus).toBe('inShipping');
    await settle();
    expect(calls).toEqual([ORDER_API.adminOrder(2)]);
    expect(store.getState().adminOrders.dialog.details?.history).toHaveLength(2);
    stop();
  });

  it('reads the page and the open dialog again after a reconnect, and nothing once the page is left', async () => {
    const { store, stop } = await onOrdersPage({ status: null, page: 2 });
    pageRows['2'] = [9, 8];
    store.dispatch(adminOrderDialogOpened(2));
    await settle();
    calls = [];
    store.dispatch(socketReconnected());
    await settle();
    expect(calls.sort()).toEqual([adminOrdersPath({ status: null, page: 2 }), ORDER_API.adminOrder(2)].sort());

    store.dispatch(adminOrderDialogClosed());
    store.dispatch(adminOrdersPageClosed());
    calls = [];
    store.dispatch(socketReconnected());
    await settle();
    expect(calls).toEqual([]);
    stop();
  });

  it('never lands a refresh over the page the admin moved to meanwhile', async () => {
    const { store, rows, stop } = await onOrdersPage();
    let releaseRefresh!: () => void;
    apiClient.get = ((path: string) => {
      calls.push(path);
      const page = new URL(path, 'http://shop.test').searchParams.get('page')!;
      const answer = { success: true, data: (page === '1' ? [5, 4, 3] : [9, 8]).map((id) => orderOf(id)), pagination: { total: 43, page: Number(page), pageSize: ADMIN_ORDERS_PAGE_SIZE } };
      return page === '1' ? new Promise<unknown>((resolve) => (releaseRefresh = () => resolve(answer))) : Promise.resolve(answer);
    }) as typeof apiClient.get;
    store.dispatch(adminOrderCreated(placed(5)));
    await settle();
    store.dispatch(adminOrdersRequested({ status: null, page: 2 }));
    releaseRefresh();
    await settle();
    expect(rows()).toEqual([9, 8]);
    expect(store.getState().adminOrders.query.page).toBe(2);
    stop();
  });

  it('reads the row and the open dialog again when their order’s payment needs a person, with its M-Pesa attempts', async () => {
    const { store, stop } = await onOrdersPage();
    store.dispatch(adminOrderDialogOpened(2));
    await settle();
    calls = [];
    const unknown = orderOf(2, { paymentStatus: 'unknown', orderUpdateDate: '2025-06-02T07:46:00.000Z' });
    details = detailsOf(unknown, [attemptOf(unknown, { state: 'unknown', checkoutRequestId: null })]);
    pageRows['1'] = [3, 2, 1];

    store.dispatch(adminPaymentAttention(attentionOf(2)));
    await settle();
    expect(calls.sort()).toEqual([adminOrdersPath({ status: null, page: 1 }), ORDER_API.adminOrder(2)].sort());
    expect(store.getState().adminOrders.dialog.details).toMatchObject({ paymentStatus: 'unknown', mpesaAttempts: [{ state: 'unknown', checkoutRequestId: null }] });
    stop();
  });

  it('reads nothing when the order whose payment needs a person is not on screen', async () => {
    const { store, stop } = await onOrdersPage();
    store.dispatch(adminPaymentAttention(attentionOf(9)));
    store.dispatch(adminOrdersPageClosed());
    store.dispatch(adminPaymentAttention(attentionOf(2)));
    await settle();
    expect(calls).toEqual([]);
    expect(store.getState().adminOrders.paymentAttentionNotices.map((notice) => notice.orderId)).toEqual([9, 2]);
    stop();
  });

  it('keeps the rows when a refresh fails', async () => {
    const { store, rows, stop } = await onOrdersPage();
    apiClient.get = (async () => {
      throw new ApiError(MESSAGES.server.networkError, null);
    }) as typeof apiClient.get;
    store.dispatch(socketReconnected());
    await settle();
    expect(rows()).toEqual([3, 2, 1]);
    expect(store.getState().adminOrders.error).toBeNull();
    stop();
  });
});

