import {
  MESSAGES,
  ORDER_API,
  ROUTES,
  type AdminOrderPaidEvent,
  type OfflinePaymentInput,
  type OrderDetails,
  type OrderStatusInput,
  type RefundInput,
} from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { loggedOut } from '../../auth/auth.slice';
import { attemptOf, attentionOf, detailsOf, orderOf, settle, startOrdersStore, updateOf } from '../../orders/order-fixtures';
import { adminOrderPaid, adminPaymentAttention, orderUpdated, socketReconnected } from '../../realtime/realtime.slice';
import { adminStatusChoices, mayRecordPayment, mayRefund, refundsThroughPaypal, revivalOf } from './admin-order-moves';
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
  offlinePaymentRecordRequested,
  orderActionClosed,
  orderActionOpened,
  orderReviveRequested,
  orderStatusChosen,
  orderStatusSaveRequested,
  paymentAttentionKey,
  paymentAttentionNoticeShown,
  refundRequested,
  showsNewOrders,
} from './adminOrders.slice';
import { withNote } from './order-action-fields';

describe('the admin’s orders', () => {
  const real = { get: apiClient.get, put: apiClient.put };
  let calls: string[];
  let sent: unknown[];

  beforeEach(() => {
    calls = [];
    sent = [];
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      if (path === ORDER_API.adminOrder(2))
        return { success: true, data: detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed' })) };
      return {
        success: true,
        data: [orderOf(3), orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed' }), orderOf(1)],
        pagination: { total: 43, page: 1, pageSize: ADMIN_ORDERS_PAGE_SIZE },
      };
    }) as typeof apiClient.get;
  });

  afterEach(() => Object.assign(apiClient, real));

  it('asks for one page, of one status when filtered', () => {
    expect(adminOrdersPath({ status: null, page: 1 })).toBe(`${ORDER_API.adminOrders}?page=1&pageSize=${ADMIN_ORDERS_PAGE_SIZE}`);
    expect(adminOrdersPath({ status: 'inShipping', page: 3 })).toBe(
      `${ORDER_API.adminOrders}?page=3&pageSize=${ADMIN_ORDERS_PAGE_SIZE}&status=inShipping`,
    );
  });

  it('keeps the page and the total the server counted', async () => {
    const { store, stop } = startOrdersStore(adminOrdersSaga);
    store.dispatch(adminOrdersRequested({ status: 'pending', page: 2 }));
    await settle();
    expect(calls).toEqual([`GET ${adminOrdersPath({ status: 'pending', page: 2 })}`]);
    expect(store.getState().adminOrders).toMatchObject({
      query: { status: 'pending', page: 2 },
      total: 43,
      isLoading: false,
      hasLoaded: true,
    });
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
      return {
        success: true,
        message: MESSAGES.orders.statusUpdated,
        data: { ...detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'inShipping' })) },
      };
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
      throw new ApiError(MESSAGES.orders.unknownStatus, 'VALIDATION_FAILED');
    }) as typeof apiClient.put;
    const { store, toasts, stop } = await openOrderTwo();
    store.dispatch(orderStatusChosen('delivered'));
    store.dispatch(orderStatusSaveRequested());
    await settle();
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.orders.unknownStatus }]);
    expect(store.getState().adminOrders).toMatchObject({
      isSaving: false,
      chosenStatus: 'delivered',
      items: [{}, { orderStatus: 'confirmed' }, {}],
    });
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

const paid = (orderId: number): AdminOrderPaidEvent => ({
  orderId,
  userName: 'Wanjiru',
  totalAmount: 3150,
  paymentMethod: 'mpesa',
  createdAt: '2025-06-02T07:30:00.000Z',
});

describe('new orders for the admin', () => {
  it('are announced once each, and counted until the admin opens the orders page', () => {
    let state = adminOrdersReducer(undefined, adminOrderPaid(paid(7)));
    state = adminOrdersReducer(state, adminOrderPaid(paid(8)));
    state = adminOrdersReducer(state, adminOrderPaid(paid(8)));
    expect(state.newOrderNotices.map((notice) => notice.orderId)).toEqual([7, 8]);
    expect(state.unseenOrderIds).toEqual([7, 8]);

    state = adminOrdersReducer(state, newOrderNoticeShown(7));
    expect(state.newOrderNotices.map((notice) => notice.orderId)).toEqual([8]);

    state = adminOrdersReducer(state, adminOrdersPageOpened());
    expect(state.unseenOrderIds).toEqual([]);
    // Seen as they arrive while the page is open: announced, not counted.
    state = adminOrdersReducer(state, adminOrderPaid(paid(9)));
    expect(state.unseenOrderIds).toEqual([]);
    expect(state.newOrderNotices.map((notice) => notice.orderId)).toEqual([8, 9]);

    state = adminOrdersReducer(state, adminOrdersPageClosed());
    state = adminOrdersReducer(state, adminOrderPaid(paid(10)));
    expect(state.unseenOrderIds).toEqual([10]);
    expect(adminOrdersReducer(state, loggedOut())).toMatchObject({ unseenOrderIds: [], newOrderNotices: [] });
  });

  it('belong on the first page, unfiltered or filtered to confirmed, since they arrive paid', () => {
    expect(showsNewOrders({ status: null, page: 1 })).toBe(true);
    expect(showsNewOrders({ status: 'confirmed', page: 1 })).toBe(true);
    expect(showsNewOrders({ status: 'pending', page: 1 })).toBe(false);
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
    state = adminOrdersReducer(
      state,
      adminPaymentAttention(attentionOf(7, { kind: 'refundDue', message: 'Received KES 7 of KES 3,150: refund KES 7' })),
    );
    expect(state.paymentAttentionNotices.map(paymentAttentionKey)).toEqual([
      'payment-attention-7-outcomeUnknown',
      'payment-attention-7-refundDue',
    ]);

    state = adminOrdersReducer(state, paymentAttentionNoticeShown(paymentAttentionKey(attentionOf(7))));
    expect(state.paymentAttentionNotices).toEqual([
      attentionOf(7, { kind: 'refundDue', message: 'Received KES 7 of KES 3,150: refund KES 7' }),
    ]);
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
      return {
        success: true,
        data: (pageRows[page] ?? []).map((id) => orderOf(id)),
        pagination: { total: 43, page: Number(page), pageSize: ADMIN_ORDERS_PAGE_SIZE },
      };
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
    store.dispatch(adminOrderPaid(paid(4)));
    expect(store.getState().adminOrders.isLoading).toBe(false);
    await settle();
    expect(calls).toEqual([adminOrdersPath({ status: null, page: 1 })]);
    expect(rows()).toEqual([4, 3, 2, 1]);
    stop();
  });

  it.each([
    ['another page', { status: null, page: 2 }],
    ['a filter that leaves it out', { status: 'inShipping', page: 1 }],
  ] as const)('leaves %s as it is when an order is paid', async (_case, query) => {
    const { store, stop } = await onOrdersPage(query);
    store.dispatch(adminOrderPaid(paid(4)));
    await settle();
    expect(calls).toEqual([]);
    stop();
  });

  it('reads nothing for a newly paid order while the orders page is closed', async () => {
    const { store, stop } = await onOrdersPage();
    store.dispatch(adminOrdersPageClosed());
    store.dispatch(adminOrderPaid(paid(4)));
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
    details = {
      ...detailsOf(shipped),
      history: [
        ...detailsOf(shipped).history,
        {
          fromStatus: 'pending',
          toStatus: 'inShipping',
          actor: 'admin',
          changedBy: 'Achieng',
          reason: '',
          createdAt: shipped.orderUpdateDate,
        },
      ],
    };

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
      const answer = {
        success: true,
        data: (page === '1' ? [5, 4, 3] : [9, 8]).map((id) => orderOf(id)),
        pagination: { total: 43, page: Number(page), pageSize: ADMIN_ORDERS_PAGE_SIZE },
      };
      return page === '1' ? new Promise<unknown>((resolve) => (releaseRefresh = () => resolve(answer))) : Promise.resolve(answer);
    }) as typeof apiClient.get;
    store.dispatch(adminOrderPaid(paid(5)));
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
    expect(store.getState().adminOrders.dialog.details).toMatchObject({
      paymentStatus: 'unknown',
      mpesaAttempts: [{ state: 'unknown', checkoutRequestId: null }],
    });
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

describe('the admin’s status choices', () => {
  const choices = (fields: Parameters<typeof orderOf>[1]) => adminStatusChoices(orderOf(2, fields));

  it('offer only rejection for an order waiting for its money: Confirmed comes with its payment', () => {
    expect(choices({})).toEqual(['rejected']);
    expect(choices({ paymentStatus: 'unknown' })).toEqual(['rejected']);
  });

  it('offer the shop’s work once the order is paid, and never Cancelled, the shopper’s', () => {
    expect(choices({ orderStatus: 'confirmed', paymentStatus: 'paid' })).toEqual(['inProcess', 'inShipping', 'delivered', 'rejected']);
    expect(choices({ orderStatus: 'inShipping', paymentStatus: 'paid' })).toEqual(['delivered', 'rejected']);
  });

  it('offer nothing for a delivered order, nor for a closed one, which comes back only through Revive', () => {
    expect(choices({ orderStatus: 'delivered', paymentStatus: 'paid' })).toEqual([]);
    expect(choices({ orderStatus: 'cancelled' })).toEqual([]);
    expect(choices({ orderStatus: 'rejected', paymentStatus: 'paid' })).toEqual([]);
  });

  it('revive a closed order to Confirmed when paid and to Pending when not', () => {
    expect(revivalOf(orderOf(2, { orderStatus: 'cancelled', paymentStatus: 'failed' }))).toBe('pending');
    expect(revivalOf(orderOf(2, { orderStatus: 'rejected', paymentStatus: 'paid' }))).toBe('confirmed');
    expect(revivalOf(orderOf(2, { orderStatus: 'confirmed', paymentStatus: 'paid' }))).toBeNull();
  });

  it('record a payment only for a pending order whose money has not arrived', () => {
    expect(mayRecordPayment(orderOf(2))).toBe(true);
    expect(mayRecordPayment(orderOf(2, { paymentStatus: 'failed' }))).toBe(true);
    expect(mayRecordPayment(orderOf(2, { orderStatus: 'confirmed', paymentStatus: 'paid' }))).toBe(false);
    expect(mayRecordPayment(orderOf(2, { orderStatus: 'cancelled' }))).toBe(false);
  });

  it('refund what is owed until it is refunded, through PayPal only for money PayPal took', () => {
    expect(mayRefund(orderOf(2))).toBe(false);
    expect(mayRefund(orderOf(2, { refundDue: 3150 }))).toBe(true);
    expect(
      mayRefund(orderOf(2, { refundDue: 3150, refund: { amount: 3150, reference: 'RF1', refundedAt: '2025-06-03T09:00:00.000Z' } })),
    ).toBe(false);
    expect(refundsThroughPaypal(orderOf(2, { paymentMethod: 'paypal' }))).toBe(true);
    expect(
      refundsThroughPaypal(orderOf(2, { paymentMethod: 'paypal', offlinePayment: { method: 'cash', reference: 'R1', note: '' } })),
    ).toBe(false);
    expect(refundsThroughPaypal(orderOf(2))).toBe(false);
  });

  it('send an admin’s note only when there is one', () => {
    expect(withNote({ reference: 'RF1' }, '  ')).toEqual({ reference: 'RF1' });
    expect(withNote({ reference: 'RF1' }, ' sent by Achieng ')).toEqual({ reference: 'RF1', note: 'sent by Achieng' });
  });
});

describe('the admin’s order actions', () => {
  const real = { get: apiClient.get, post: apiClient.post, put: apiClient.put };
  let calls: string[];
  let sent: unknown[];
  let shown: OrderDetails;
  let answer: () => unknown;
  const later = '2025-06-02T08:00:00.000Z';

  beforeEach(() => {
    calls = [];
    sent = [];
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      if (path === ORDER_API.adminOrder(shown.id)) return { success: true, data: shown };
      return { success: true, data: [orderOf(3), shown], pagination: { total: 2, page: 1, pageSize: ADMIN_ORDERS_PAGE_SIZE } };
    }) as typeof apiClient.get;
    const send = (method: string) =>
      (async (path: string, body: unknown) => {
        calls.push(`${method} ${path}`);
        sent.push(body);
        return answer();
      }) as never;
    apiClient.post = send('POST');
    apiClient.put = send('PUT');
  });

  afterEach(() => Object.assign(apiClient, real));

  async function openOrder(order: OrderDetails) {
    shown = order;
    const started = startOrdersStore(adminOrdersSaga);
    started.store.dispatch(adminOrdersRequested({ status: null, page: 1 }));
    started.store.dispatch(adminOrderDialogOpened(order.id));
    await settle();
    calls = [];
    const admin = () => started.store.getState().adminOrders;
    return { ...started, admin, row: () => admin().items.find((item) => item.id === order.id) };
  }

  it('records a payment made another way: the order becomes paid and Confirmed in its row and dialog', async () => {
    const { store, admin, row, toasts, stop } = await openOrder(detailsOf(orderOf(2)));
    const payment: OfflinePaymentInput = { method: 'mpesaTill', reference: 'SGR7TILL01' };
    answer = () => ({
      success: true,
      data: detailsOf(
        orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed', offlinePayment: { ...payment, note: '' }, orderUpdateDate: later }),
      ),
    });
    store.dispatch(orderActionOpened('recordPayment'));
    store.dispatch(offlinePaymentRecordRequested({ orderId: 2, payment }));
    expect(admin().orderAction).toEqual({ open: 'recordPayment', isSaving: true, error: null });
    await settle();
    expect(calls).toEqual([`POST ${ORDER_API.adminRecordPayment(2)}`]);
    expect(sent).toEqual([payment]);
    expect(row()).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
    expect(admin().dialog.details).toMatchObject({ orderStatus: 'confirmed', offlinePayment: { reference: 'SGR7TILL01' } });
    expect(admin().orderAction).toEqual({ open: null, isSaving: false, error: null });
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.paymentRecorded }]);
    stop();
  });

  it('keeps the dialog open with the api’s refusal, and reads the order again when it moved on', async () => {
    const { store, admin, toasts, stop } = await openOrder(detailsOf(orderOf(2)));
    answer = () => {
      throw new ApiError(MESSAGES.orders.alreadyPaid, 'ORDER_ALREADY_PAID');
    };
    shown = detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed', orderUpdateDate: later }));
    store.dispatch(orderActionOpened('recordPayment'));
    store.dispatch(offlinePaymentRecordRequested({ orderId: 2, payment: { method: 'cash', reference: 'R1' } }));
    await settle();
    expect(admin().orderAction).toEqual({ open: 'recordPayment', isSaving: false, error: MESSAGES.orders.alreadyPaid });
    expect(calls).toEqual([`POST ${ORDER_API.adminRecordPayment(2)}`, `GET ${ORDER_API.adminOrder(2)}`]);
    expect(admin().dialog.details?.orderStatus).toBe('confirmed');
    expect(toasts()).toEqual([]);
    store.dispatch(orderActionClosed());
    expect(admin().orderAction).toEqual({ open: null, isSaving: false, error: null });
    stop();
  });

  it('refunds a PayPal order through PayPal, asking no reference', async () => {
    const owed = orderOf(2, { paymentMethod: 'paypal', paymentStatus: 'paid', orderStatus: 'cancelled', refundDue: 3150 });
    const { store, admin, row, toasts, stop } = await openOrder(detailsOf(owed));
    answer = () => ({
      success: true,
      data: detailsOf({
        ...owed,
        paymentStatus: 'refunded',
        refund: { amount: 3150, reference: '1JU08902781691411', refundedAt: later },
        orderUpdateDate: later,
      }),
    });
    store.dispatch(orderActionOpened('refund'));
    store.dispatch(refundRequested({ orderId: 2, refund: {} }));
    await settle();
    expect(calls).toEqual([`POST ${ORDER_API.adminRefund(2)}`]);
    expect(sent).toEqual([{} satisfies RefundInput]);
    expect(row()).toMatchObject({ paymentStatus: 'refunded', refund: { amount: 3150 } });
    expect(mayRefund(admin().dialog.details!)).toBe(false);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.refundRecorded }]);
    stop();
  });

  it('records the reference of an M-Pesa refund the admin sent', async () => {
    const owed = orderOf(2, { paymentStatus: 'paid', orderStatus: 'cancelled', refundDue: 3150 });
    const { store, row, stop } = await openOrder(detailsOf(owed));
    answer = () => ({
      success: true,
      data: detailsOf({
        ...owed,
        paymentStatus: 'refunded',
        refund: { amount: 3150, reference: 'SGR7BACK01', refundedAt: later },
        orderUpdateDate: later,
      }),
    });
    store.dispatch(orderActionOpened('refund'));
    store.dispatch(refundRequested({ orderId: 2, refund: withNote({ reference: 'SGR7BACK01' }, 'Sent from the shop’s line') }));
    await settle();
    expect(sent).toEqual([{ reference: 'SGR7BACK01', note: 'Sent from the shop’s line' }]);
    expect(row()).toMatchObject({ paymentStatus: 'refunded', refund: { reference: 'SGR7BACK01' } });
    stop();
  });

  it('revives a closed order to the status it was shown, updating its row and dialog', async () => {
    const closed = orderOf(2, { orderStatus: 'cancelled', paymentStatus: 'failed' });
    const { store, admin, row, toasts, stop } = await openOrder(detailsOf(closed));
    answer = () => ({ success: true, data: detailsOf({ ...closed, orderStatus: 'pending', orderUpdateDate: later }) });
    store.dispatch(orderActionOpened('revive'));
    store.dispatch(orderReviveRequested({ orderId: 2, orderStatus: revivalOf(closed)! }));
    await settle();
    expect(calls).toEqual([`PUT ${ORDER_API.adminUpdateOrder(2)}`]);
    expect(sent).toEqual([{ orderStatus: 'pending' } satisfies OrderStatusInput]);
    expect(row()?.orderStatus).toBe('pending');
    expect(admin().dialog.details?.orderStatus).toBe('pending');
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.statusUpdated }]);
    stop();
  });

  it('shows why a revival was refused: the units are gone', async () => {
    const closed = orderOf(2, { orderStatus: 'rejected', paymentStatus: 'paid' });
    const { store, admin, stop } = await openOrder(detailsOf(closed));
    const refusal = MESSAGES.orders.unitsGoneForRevival('Wooden train', 1);
    answer = () => {
      throw new ApiError(refusal, 'STOCK_SHORT');
    };
    store.dispatch(orderActionOpened('revive'));
    store.dispatch(orderReviveRequested({ orderId: 2, orderStatus: 'confirmed' }));
    await settle();
    expect(admin().orderAction.error).toBe(refusal);
    expect(admin().items.find((item) => item.id === 2)?.orderStatus).toBe('rejected');
    stop();
  });

  it('sends one request however often the dialog’s button is pressed while it is on its way', async () => {
    const { store, stop } = await openOrder(detailsOf(orderOf(2)));
    answer = () =>
      new Promise((resolve) => setTimeout(() => resolve({ success: true, data: detailsOf(orderOf(2, { orderUpdateDate: later })) }), 5));
    store.dispatch(orderActionOpened('recordPayment'));
    store.dispatch(offlinePaymentRecordRequested({ orderId: 2, payment: { method: 'cash', reference: 'R1' } }));
    store.dispatch(offlinePaymentRecordRequested({ orderId: 2, payment: { method: 'cash', reference: 'R1' } }));
    await settle(20);
    expect(calls).toEqual([`POST ${ORDER_API.adminRecordPayment(2)}`]);
    stop();
  });
});
