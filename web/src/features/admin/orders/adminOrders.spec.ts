import { MESSAGES, ORDER_API, type OrderStatusInput } from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { detailsOf, orderOf, settle, startOrdersStore } from '../../orders/order-fixtures';
import { adminOrdersPath, adminOrdersSaga } from './adminOrders.saga';
import { ADMIN_ORDERS_PAGE_SIZE, adminOrderDialogOpened, adminOrdersRequested, orderStatusChosen, orderStatusSaveRequested } from './adminOrders.slice';

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
