import type { TypedMutationOnQueryStarted } from '@reduxjs/toolkit/query/react';
import {
  MESSAGES,
  NOTIFICATION_API,
  ORDER_API,
  type AdminOrderPage,
  type ApiSuccess,
  type NotificationRecord,
  type OfflinePaymentInput,
  type Order,
  type OrderDetails,
  type OrderStatus,
  type OrderStatusInput,
  type RefundInput,
} from '@shop/contracts';
import { shopApi, toastOutcome, type apiBaseQuery } from '../../../app/shop.api';
import { toastRequested } from '../../notifications/notifications.slice';
import { laterCopy, readAgainWhenMovedOn, replaceOrderRow } from '../../orders/order-updates';

/** Twenty rows fit a laptop screen without the pager falling out of sight. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

export interface AdminOrdersQuery {
  /** Only orders in this status; null for all of them. */
  status: OrderStatus | null;
  page: number;
}

/** A page of orders, newest first, with how many the server counted. */
export interface AdminOrdersPage {
  items: Order[];
  total: number;
}

export function adminOrdersPath({ status, page }: AdminOrdersQuery): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_ORDERS_PAGE_SIZE) });
  if (status) params.set('status', status);
  return `${ORDER_API.adminOrders}?${params}`;
}

/** One page's tag, so that the socket can name the pages a newly paid order belongs on (adminOrders.saga.ts). */
export function adminOrdersPageTag({ status, page }: AdminOrdersQuery) {
  return { type: 'AdminOrderPage' as const, id: `${status ?? 'all'}:${page}` };
}

/** A status the admin moves the order to: from the dialog's select, or by Revive. */
export interface OrderStatusChange {
  orderId: number;
  orderStatus: OrderStatus;
}

type OrderAnswer = ApiSuccess<OrderDetails>;
type CacheState = Parameters<typeof shopApi.util.selectInvalidatedBy>[0];
/** What RTK Query hands a write once it is sent: the store's dispatch and state, and the write's outcome. */
type OrderChangeLifecycle = Parameters<NonNullable<TypedMutationOnQueryStarted<OrderAnswer, unknown, typeof apiBaseQuery>>>[1];
type CacheAccess = Pick<OrderChangeLifecycle, 'dispatch' | 'getState'>;

/** The pages read so far that show the order's row. */
export function pagesShowing(state: CacheState, orderId: number): AdminOrdersQuery[] {
  return shopApi.util
    .selectInvalidatedBy(state, [{ type: 'OrderRow', id: orderId }])
    .flatMap(({ endpointName, originalArgs }) => (endpointName === 'getAdminOrders' ? [originalArgs as AdminOrdersQuery] : []));
}

/** A fresher copy of an order replaces its row in place on every page, even where the filter no longer matches it: rows do not vanish under the admin's cursor. */
function replaceRows({ dispatch, getState }: CacheAccess, order: OrderDetails): void {
  for (const query of pagesShowing(getState(), order.id))
    dispatch(adminOrdersApi.util.updateQueryData('getAdminOrders', query, (page) => replaceOrderRow(page.items, order)));
}

/** A change's answer is the order as it now stands: the dialog and the rows show it without a second read. */
function showChangedOrder(cache: CacheAccess, order: OrderDetails): void {
  replaceRows(cache, order);
  cache.dispatch(adminOrdersApi.util.updateQueryData('getAdminOrder', order.id, (shown) => laterCopy(shown, order)));
}

/** Record payment, Refund, Revive: their dialog shows a refusal itself, staying open for another try, so only the success is toasted. */
async function showActionDone(lifecycle: OrderChangeLifecycle, done: string): Promise<void> {
  try {
    const { data: answer } = await lifecycle.queryFulfilled;
    showChangedOrder(lifecycle, answer.data);
    lifecycle.dispatch(toastRequested('success', done));
  } catch {
    // The refusal is the mutation's error, which the dialog shows.
  }
}

const statusChange = ({ orderId, orderStatus }: OrderStatusChange) => ({
  url: ORDER_API.adminUpdateOrder(orderId),
  method: 'PUT' as const,
  body: { orderStatus } satisfies OrderStatusInput,
});

export const adminOrdersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page of every shopper's orders, newest first, of one status when filtered. */
    getAdminOrders: build.query<AdminOrdersPage, AdminOrdersQuery>({
      query: adminOrdersPath,
      transformResponse: (answer: AdminOrderPage) => ({ items: answer.data, total: answer.pagination.total }),
      providesTags: (page, _failure, query) => [
        adminOrdersPageTag(query),
        ...(page?.items ?? []).map(({ id }) => ({ type: 'OrderRow' as const, id })),
      ],
    }),
    /** The dialog's order with its history and M-Pesa attempts; the answer also refreshes its row. */
    getAdminOrder: build.query<OrderDetails, number>({
      query: (orderId) => ORDER_API.adminOrder(orderId),
      transformResponse: (answer: OrderAnswer) => answer.data,
      providesTags: (_order, _failure, orderId) => [{ type: 'Order', id: orderId }],
      onQueryStarted: async (_orderId, lifecycle) => {
        try {
          replaceRows(lifecycle, (await lifecycle.queryFulfilled).data);
        } catch {
          // The dialog shows the failure; the rows stay as they were.
        }
      },
    }),
    /** The SMS and e-mails sent about an order, newest first; read again on Refresh, as delivery reports arrive after the SMS went out. */
    getOrderMessages: build.query<NotificationRecord[], number>({
      query: (orderId) => NOTIFICATION_API.adminOrderMessages(orderId),
      transformResponse: (answer: ApiSuccess<NotificationRecord[]>) => answer.data,
    }),
    /** The dialog's select: a refusal is toasted and the choice stays for another try. */
    updateOrderStatus: build.mutation<OrderAnswer, OrderStatusChange>({
      query: statusChange,
      invalidatesTags: readAgainWhenMovedOn,
      onQueryStarted: (_change, api) =>
        toastOutcome(api, {
          success: MESSAGES.orders.statusUpdated,
          whenDone: (answer) => showChangedOrder(api, answer.data),
        }),
    }),
    /** A closed order comes back, to the status the admin was shown (revivedStatus), taking its units again. */
    reviveOrder: build.mutation<OrderAnswer, OrderStatusChange>({
      query: statusChange,
      invalidatesTags: readAgainWhenMovedOn,
      onQueryStarted: (_change, api) => showActionDone(api, MESSAGES.orders.statusUpdated),
    }),
    /** Money that reached the shop another way (cash, the till, a bank transfer): the order becomes paid and Confirmed. */
    recordPayment: build.mutation<OrderAnswer, { orderId: number; payment: OfflinePaymentInput }>({
      query: ({ orderId, payment }) => ({ url: ORDER_API.adminRecordPayment(orderId), method: 'POST', body: payment }),
      invalidatesTags: readAgainWhenMovedOn,
      onQueryStarted: (_payment, api) => showActionDone(api, MESSAGES.orders.paymentRecorded),
    }),
    /** What the order's shopper is owed goes back: through PayPal's api, or by a refund the admin sent and names. */
    refundOrder: build.mutation<OrderAnswer, { orderId: number; refund: RefundInput }>({
      query: ({ orderId, refund }) => ({ url: ORDER_API.adminRefund(orderId), method: 'POST', body: refund }),
      invalidatesTags: readAgainWhenMovedOn,
      onQueryStarted: (_refund, api) => showActionDone(api, MESSAGES.orders.refundRecorded),
    }),
  }),
});

export const {
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useGetOrderMessagesQuery,
  useUpdateOrderStatusMutation,
  useReviveOrderMutation,
  useRecordPaymentMutation,
  useRefundOrderMutation,
} = adminOrdersApi;
