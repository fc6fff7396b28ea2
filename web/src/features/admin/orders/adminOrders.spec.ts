import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import {
  MESSAGES,
  ORDER_API,
  ROUTES,
  type AdminOrderPaidEvent,
  type AdminPaymentAttentionEvent,
  type OfflinePaymentInput,
  type Order,
  type OrderDetails,
  type OrderStatusInput,
  type RefundInput,
} from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { screenReads, startApiStore } from '../../../testing/api-store';
import { loggedOut } from '../../auth/auth.slice';
import { notificationsReducer, type Toast } from '../../notifications/notifications.slice';
import { attemptOf, attentionOf, detailsOf, orderOf, settle, updateOf } from '../../orders/order-fixtures';
import { adminOrderPaid, adminPaymentAttention, orderUpdated, socketReconnected } from '../../realtime/realtime.slice';
import { adminStatusChoices, mayRecordPayment, mayRefund, refundsThroughPaypal, revivalOf } from './admin-order-moves';
import { ADMIN_ORDERS_PAGE_SIZE, adminOrdersApi, adminOrdersPath, type AdminOrdersQuery } from './admin-orders.api';
import { adminOrdersSaga } from './adminOrders.saga';
import {
  adminOrderLink,
  adminOrdersPageClosed,
  adminOrdersPageOpened,
  adminOrdersReducer,
  newOrderNoticeShown,
  paymentAttentionKey,
  paymentAttentionNoticeShown,
} from './adminOrders.slice';
import { withNote } from './order-action-fields';

const { getAdminOrders, getAdminOrder } = adminOrdersApi.endpoints;
const FIRST_PAGE: AdminOrdersQuery = { status: null, page: 1 };
const later = '2025-06-02T08:00:00.000Z';

/**
 * The api as the admin's screen meets it: pages of orders (by the query's page), one order's details,
 * and the writes, each call recorded as `METHOD path`.
 */
function fakeOrdersApi() {
  const real = { get: apiClient.get, post: apiClient.post, put: apiClient.put };
  const api = {
    calls: [] as string[],
    sent: [] as unknown[],
    pageRows: { '1': [3, 2, 1] } as Record<string, number[]>,
    /** Rows the pages hold by id, pending and unpaid unless given here. */
    rows: {} as Record<number, Order>,
    details: detailsOf(orderOf(2)),
    answer: (() => undefined) as () => unknown,
    restore: () => Object.assign(apiClient, real),
  };
  apiClient.get = (async (path: string) => {
    api.calls.push(`GET ${path}`);
    if (path === ORDER_API.adminOrder(api.details.id)) return { success: true, data: api.details };
    const page = new URL(path, 'http://shop.test').searchParams.get('page')!;
    return {
      success: true,
      data: (api.pageRows[page] ?? []).map((id) => api.rows[id] ?? orderOf(id)),
      pagination: { total: 43, page: Number(page), pageSize: ADMIN_ORDERS_PAGE_SIZE },
    };
  }) as typeof apiClient.get;
  const send = (method: string) =>
    (async (path: string, body: unknown) => {
      api.calls.push(`${method} ${path}`);
      api.sent.push(body);
      return api.answer();
    }) as never;
  apiClient.post = send('POST');
  apiClient.put = send('PUT');
  return api;
}

/** The admin's store with the socket's events followed (adminOrders.saga.ts); `tell` is an event as realtime.saga puts it. */
function startAdmin() {
  const store = startApiStore({ notifications: notificationsReducer, adminOrders: adminOrdersReducer });
  const channel = stdChannel<UnknownAction>();
  const task = runSaga({ channel, dispatch: store.dispatch, getState: store.getState }, adminOrdersSaga);
  const reads = screenReads();
  return {
    store,
    tell(action: UnknownAction) {
      store.dispatch(action);
      channel.put(action);
    },
    /** The orders page on show with this query, read once; what it answers leaves the page. */
    showPage: (query: AdminOrdersQuery = FIRST_PAGE) => reads.hold(store.dispatch(getAdminOrders.initiate(query))),
    /** The order's dialog open, its details read once; what it answers closes the dialog. */
    openOrder: (orderId: number) => reads.hold(store.dispatch(getAdminOrder.initiate(orderId))),
    rows: (query: AdminOrdersQuery = FIRST_PAGE) => getAdminOrders.select(query)(store.getState()).data?.items,
    shown: (orderId: number) => getAdminOrder.select(orderId)(store.getState()).data,
    toasts: () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text })),
    stop() {
      reads.leaveAll();
      task.cancel();
    },
  };
}

const statusesOf = (rows: Order[] | undefined) => rows?.map((order) => `${order.id}:${order.orderStatus}`);

/** The first page on show with the order as its second row, and the order's dialog open; the calls so far forgotten. */
async function openOrder(api: ReturnType<typeof fakeOrdersApi>, order: OrderDetails) {
  api.rows[order.id] = order;
  api.details = order;
  const admin = startAdmin();
  await admin.showPage();
  await admin.openOrder(order.id);
  api.calls = [];
  return { ...admin, row: () => admin.rows()?.find((item) => item.id === order.id) };
}

describe('the admin’s orders', () => {
  let api: ReturnType<typeof fakeOrdersApi>;
  const confirmed = detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed' }));
  beforeEach(() => {
    api = fakeOrdersApi();
  });
  afterEach(() => api.restore());

  it('asks for one page, of one status when filtered', () => {
    expect(adminOrdersPath({ status: null, page: 1 })).toBe(`${ORDER_API.adminOrders}?page=1&pageSize=${ADMIN_ORDERS_PAGE_SIZE}`);
    expect(adminOrdersPath({ status: 'inShipping', page: 3 })).toBe(
      `${ORDER_API.adminOrders}?page=3&pageSize=${ADMIN_ORDERS_PAGE_SIZE}&status=inShipping`,
    );
  });

  it('keeps the page and the total the server counted', async () => {
    const admin = startAdmin();
    api.pageRows['2'] = [9, 8];
    await admin.showPage({ status: 'pending', page: 2 });
    expect(api.calls).toEqual([`GET ${adminOrdersPath({ status: 'pending', page: 2 })}`]);
    expect(getAdminOrders.select({ status: 'pending', page: 2 })(admin.store.getState()).data).toMatchObject({
      items: [{ id: 9 }, { id: 8 }],
      total: 43,
    });
    admin.stop();
  });

  it('moves an order to the chosen status, says so, and changes its row and dialog in place without reading them again', async () => {
    const admin = await openOrder(api, confirmed);
    api.answer = () => ({
      success: true,
      message: MESSAGES.orders.statusUpdated,
      data: detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'inShipping', orderUpdateDate: later })),
    });
    await admin.store.dispatch(adminOrdersApi.endpoints.updateOrderStatus.initiate({ orderId: 2, orderStatus: 'inShipping' }));
    expect(api.calls).toEqual([`PUT ${ORDER_API.adminUpdateOrder(2)}`]);
    expect(api.sent).toEqual([{ orderStatus: 'inShipping' } satisfies OrderStatusInput]);
    expect(admin.toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.statusUpdated }]);
    expect(statusesOf(admin.rows())).toEqual(['3:pending', '2:inShipping', '1:pending']);
    expect(admin.shown(2)?.orderStatus).toBe('inShipping');
    admin.stop();
  });

  it('keeps the order as it was when the server refuses, and says why', async () => {
    const admin = await openOrder(api, confirmed);
    api.answer = () => {
      throw new ApiError(MESSAGES.orders.unknownStatus, 'VALIDATION_FAILED');
    };
    await admin.store.dispatch(adminOrdersApi.endpoints.updateOrderStatus.initiate({ orderId: 2, orderStatus: 'delivered' }));
    await settle();
    expect(admin.toasts()).toEqual([{ kind: 'error', text: MESSAGES.orders.unknownStatus }]);
    expect(statusesOf(admin.rows())).toEqual(['3:pending', '2:confirmed', '1:pending']);
    expect(api.calls).toEqual([`PUT ${ORDER_API.adminUpdateOrder(2)}`]);
    admin.stop();
  });

  it('reads the open order again when the refusal says it moved on, and its row follows the answer', async () => {
    const admin = await openOrder(api, confirmed);
    api.answer = () => {
      throw new ApiError(MESSAGES.orders.transitionNotAllowed('confirmed', 'inShipping'), 'ORDER_TRANSITION_NOT_ALLOWED');
    };
    api.details = detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'delivered', orderUpdateDate: later }));
    await admin.store.dispatch(adminOrdersApi.endpoints.updateOrderStatus.initiate({ orderId: 2, orderStatus: 'inShipping' }));
    await settle();
    expect(api.calls).toEqual([`PUT ${ORDER_API.adminUpdateOrder(2)}`, `GET ${ORDER_API.adminOrder(2)}`]);
    expect(admin.shown(2)?.orderStatus).toBe('delivered');
    expect(statusesOf(admin.rows())).toEqual(['3:pending', '2:delivered', '1:pending']);
    admin.stop();
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
  let api: ReturnType<typeof fakeOrdersApi>;
  beforeEach(() => {
    api = fakeOrdersApi();
  });
  afterEach(() => api.restore());

  it.each([
    ['the first page', FIRST_PAGE],
    ['the first page of confirmed orders', { status: 'confirmed', page: 1 }],
  ] as const)('puts a new order on %s, its rows kept on show while it reads', async (_case, query) => {
    const admin = startAdmin();
    await admin.showPage(query);
    api.calls = [];
    api.pageRows['1'] = [4, 3, 2, 1];
    admin.tell(adminOrderPaid(paid(4)));
    expect(getAdminOrders.select(query)(admin.store.getState())).toMatchObject({ status: 'pending', data: { items: [{ id: 3 }, {}, {}] } });
    await settle();
    expect(api.calls).toEqual([`GET ${adminOrdersPath(query)}`]);
    expect(admin.rows(query)?.map(({ id }) => id)).toEqual([4, 3, 2, 1]);
    admin.stop();
  });

  it.each([
    ['another page', { status: null, page: 2 }],
    ['a filter that leaves it out', { status: 'inShipping', page: 1 }],
  ] as const)('leaves %s as it is when an order is paid', async (_case, query) => {
    const admin = startAdmin();
    await admin.showPage(query);
    api.calls = [];
    admin.tell(adminOrderPaid(paid(4)));
    await settle();
    expect(api.calls).toEqual([]);
    admin.stop();
  });

  it('reads nothing for a newly paid order once the orders page is left', async () => {
    const admin = startAdmin();
    const leavePage = await admin.showPage();
    leavePage();
    api.calls = [];
    admin.tell(adminOrderPaid(paid(4)));
    await settle();
    expect(api.calls).toEqual([]);
    admin.stop();
  });

  it('shows another admin’s change in the row and the open dialog at once, then reads the dialog’s history', async () => {
    const admin = await openOrder(api, detailsOf(orderOf(2)));
    const shipped = orderOf(2, { paymentStatus: 'paid', orderStatus: 'inShipping', orderUpdateDate: later });
    const shippedBy = {
      fromStatus: 'pending',
      toStatus: 'inShipping',
      actor: 'admin',
      changedBy: 'Achieng',
      reason: '',
      createdAt: later,
    } as const;
    api.details = { ...detailsOf(shipped), history: [...detailsOf(shipped).history, shippedBy] };

    admin.tell(orderUpdated(updateOf(shipped)));
    expect(statusesOf(admin.rows())).toEqual(['3:pending', '2:inShipping', '1:pending']);
    expect(admin.shown(2)?.orderStatus).toBe('inShipping');
    await settle();
    expect(api.calls).toEqual([`GET ${ORDER_API.adminOrder(2)}`]);
    expect(admin.shown(2)?.history).toHaveLength(2);
    admin.stop();
  });

  it('reads the page and the open dialog again after a reconnect, and nothing once they are left', async () => {
    const admin = startAdmin();
    api.pageRows['2'] = [9, 8];
    const leavePage = await admin.showPage({ status: null, page: 2 });
    const closeDialog = await admin.openOrder(2);
    api.calls = [];
    admin.tell(socketReconnected());
    await settle();
    expect(api.calls.sort()).toEqual([`GET ${adminOrdersPath({ status: null, page: 2 })}`, `GET ${ORDER_API.adminOrder(2)}`].sort());

    leavePage();
    closeDialog();
    api.calls = [];
    admin.tell(socketReconnected());
    await settle();
    expect(api.calls).toEqual([]);
    admin.stop();
  });

  it('reads the row and the open dialog again when their order’s payment needs a person, with its M-Pesa attempts', async () => {
    const admin = await openOrder(api, detailsOf(orderOf(2)));
    const unknown = orderOf(2, { paymentStatus: 'unknown', orderUpdateDate: '2025-06-02T07:46:00.000Z' });
    api.rows[2] = unknown;
    api.details = detailsOf(unknown, [attemptOf(unknown, { state: 'unknown', checkoutRequestId: null })]);

    admin.tell(adminPaymentAttention(attentionOf(2)));
    await settle();
    expect(api.calls.sort()).toEqual([`GET ${adminOrdersPath(FIRST_PAGE)}`, `GET ${ORDER_API.adminOrder(2)}`].sort());
    expect(admin.rows()?.[1]?.paymentStatus).toBe('unknown');
    expect(admin.shown(2)).toMatchObject({ paymentStatus: 'unknown', mpesaAttempts: [{ state: 'unknown', checkoutRequestId: null }] });
    admin.stop();
  });

  it('reads nothing when the order whose payment needs a person is not on screen, and still announces it', async () => {
    const admin = startAdmin();
    const leavePage = await admin.showPage();
    api.calls = [];
    admin.tell(adminPaymentAttention(attentionOf(9)));
    leavePage();
    admin.tell(adminPaymentAttention(attentionOf(2)));
    await settle();
    expect(api.calls).toEqual([]);
    expect(admin.store.getState().adminOrders.paymentAttentionNotices.map(({ orderId }: AdminPaymentAttentionEvent) => orderId)).toEqual([
      9, 2,
    ]);
    admin.stop();
  });

  it('keeps the rows when a quiet refresh fails', async () => {
    const admin = startAdmin();
    await admin.showPage();
    apiClient.get = (async () => {
      throw new ApiError(MESSAGES.server.networkError, null);
    }) as typeof apiClient.get;
    admin.tell(socketReconnected());
    await settle();
    expect(getAdminOrders.select(FIRST_PAGE)(admin.store.getState())).toMatchObject({ isError: true });
    expect(admin.rows()?.map(({ id }) => id)).toEqual([3, 2, 1]);
    admin.stop();
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
  let api: ReturnType<typeof fakeOrdersApi>;
  beforeEach(() => {
    api = fakeOrdersApi();
  });
  afterEach(() => api.restore());

  it('records a payment made another way: the order becomes paid and Confirmed in its row and dialog', async () => {
    const admin = await openOrder(api, detailsOf(orderOf(2)));
    const payment: OfflinePaymentInput = { method: 'mpesaTill', reference: 'SGR7TILL01' };
    api.answer = () => ({
      success: true,
      data: detailsOf(
        orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed', offlinePayment: { ...payment, note: '' }, orderUpdateDate: later }),
      ),
    });
    await admin.store.dispatch(adminOrdersApi.endpoints.recordPayment.initiate({ orderId: 2, payment }));
    expect(api.calls).toEqual([`POST ${ORDER_API.adminRecordPayment(2)}`]);
    expect(api.sent).toEqual([payment]);
    expect(admin.row()).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
    expect(admin.shown(2)).toMatchObject({ orderStatus: 'confirmed', offlinePayment: { reference: 'SGR7TILL01' } });
    expect(admin.toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.paymentRecorded }]);
    admin.stop();
  });

  it('leaves the api’s refusal to the dialog, untoasted, and reads the order again when it moved on', async () => {
    const admin = await openOrder(api, detailsOf(orderOf(2)));
    api.answer = () => {
      throw new ApiError(MESSAGES.orders.alreadyPaid, 'ORDER_ALREADY_PAID');
    };
    api.details = detailsOf(orderOf(2, { paymentStatus: 'paid', orderStatus: 'confirmed', orderUpdateDate: later }));
    const outcome = await admin.store.dispatch(
      adminOrdersApi.endpoints.recordPayment.initiate({ orderId: 2, payment: { method: 'cash', reference: 'R1' } }),
    );
    await settle();
    expect(outcome.error).toMatchObject({ code: 'ORDER_ALREADY_PAID', message: MESSAGES.orders.alreadyPaid });
    expect(api.calls).toEqual([`POST ${ORDER_API.adminRecordPayment(2)}`, `GET ${ORDER_API.adminOrder(2)}`]);
    expect(admin.shown(2)?.orderStatus).toBe('confirmed');
    expect(admin.toasts()).toEqual([]);
    admin.stop();
  });

  it('refunds a PayPal order through PayPal, asking no reference', async () => {
    const owed = orderOf(2, { paymentMethod: 'paypal', paymentStatus: 'paid', orderStatus: 'cancelled', refundDue: 3150 });
    const admin = await openOrder(api, detailsOf(owed));
    api.answer = () => ({
      success: true,
      data: detailsOf({
        ...owed,
        paymentStatus: 'refunded',
        refund: { amount: 3150, reference: '1JU08902781691411', refundedAt: later },
        orderUpdateDate: later,
      }),
    });
    await admin.store.dispatch(adminOrdersApi.endpoints.refundOrder.initiate({ orderId: 2, refund: {} }));
    expect(api.calls).toEqual([`POST ${ORDER_API.adminRefund(2)}`]);
    expect(api.sent).toEqual([{} satisfies RefundInput]);
    expect(admin.row()).toMatchObject({ paymentStatus: 'refunded', refund: { amount: 3150 } });
    expect(mayRefund(admin.shown(2)!)).toBe(false);
    expect(admin.toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.refundRecorded }]);
    admin.stop();
  });

  it('records the reference of an M-Pesa refund the admin sent', async () => {
    const owed = orderOf(2, { paymentStatus: 'paid', orderStatus: 'cancelled', refundDue: 3150 });
    const admin = await openOrder(api, detailsOf(owed));
    api.answer = () => ({
      success: true,
      data: detailsOf({
        ...owed,
        paymentStatus: 'refunded',
        refund: { amount: 3150, reference: 'SGR7BACK01', refundedAt: later },
        orderUpdateDate: later,
      }),
    });
    const refund = withNote({ reference: 'SGR7BACK01' }, 'Sent from the shop’s line');
    await admin.store.dispatch(adminOrdersApi.endpoints.refundOrder.initiate({ orderId: 2, refund }));
    expect(api.sent).toEqual([{ reference: 'SGR7BACK01', note: 'Sent from the shop’s line' }]);
    expect(admin.row()).toMatchObject({ paymentStatus: 'refunded', refund: { reference: 'SGR7BACK01' } });
    admin.stop();
  });

  it('revives a closed order to the status it was shown, updating its row and dialog', async () => {
    const closed = orderOf(2, { orderStatus: 'cancelled', paymentStatus: 'failed' });
    const admin = await openOrder(api, detailsOf(closed));
    api.answer = () => ({ success: true, data: detailsOf({ ...closed, orderStatus: 'pending', orderUpdateDate: later }) });
    await admin.store.dispatch(adminOrdersApi.endpoints.reviveOrder.initiate({ orderId: 2, orderStatus: revivalOf(closed)! }));
    expect(api.calls).toEqual([`PUT ${ORDER_API.adminUpdateOrder(2)}`]);
    expect(api.sent).toEqual([{ orderStatus: 'pending' } satisfies OrderStatusInput]);
    expect(admin.row()?.orderStatus).toBe('pending');
    expect(admin.shown(2)?.orderStatus).toBe('pending');
    expect(admin.toasts()).toEqual([{ kind: 'success', text: MESSAGES.orders.statusUpdated }]);
    admin.stop();
  });

  it('tells why a revival was refused, the units being gone, and leaves the order closed', async () => {
    const closed = orderOf(2, { orderStatus: 'rejected', paymentStatus: 'paid' });
    const admin = await openOrder(api, detailsOf(closed));
    const refusal = MESSAGES.orders.unitsGoneForRevival('Wooden train', 1);
    api.answer = () => {
      throw new ApiError(refusal, 'STOCK_SHORT');
    };
    const outcome = await admin.store.dispatch(adminOrdersApi.endpoints.reviveOrder.initiate({ orderId: 2, orderStatus: 'confirmed' }));
    await settle();
    expect(outcome.error).toMatchObject({ message: refusal });
    expect(admin.row()?.orderStatus).toBe('rejected');
    expect(admin.toasts()).toEqual([]);
    admin.stop();
  });
});
