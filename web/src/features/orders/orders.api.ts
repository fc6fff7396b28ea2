import type { TypedMutationOnQueryStarted } from '@reduxjs/toolkit/query/react';
import { MESSAGES, ORDER_API, type ApiSuccess, type Order, type OrderDetails } from '@shop/contracts';
import { shopApi, toastOutcome, type apiBaseQuery } from '../../app/shop.api';
import { refundFollowsCancel } from './order-moves';
import { laterCopy, readAgainWhenMovedOn, replaceOrderRow } from './order-updates';

/** The shopper's list's tag: what a reconnect reads again while it is shown (myOrders.saga.ts). */
export const MY_ORDERS = { type: 'OrderRow' as const, id: 'MINE' };

type OrderAnswer = ApiSuccess<OrderDetails>;
/** What RTK Query hands a write once it is sent: the store's dispatch and state among it. */
type CacheAccess = Pick<
  Parameters<NonNullable<TypedMutationOnQueryStarted<OrderAnswer, unknown, typeof apiBaseQuery>>>[1],
  'dispatch' | 'getState'
>;

/** A fresher copy of an order (a details read, the answer to a Cancel) replaces its row in the shopper's list. */
function replaceRow({ dispatch, getState }: CacheAccess, order: OrderDetails): void {
  for (const userId of ordersApi.util.selectCachedArgsForQuery(getState(), 'getMyOrders'))
    dispatch(ordersApi.util.updateQueryData('getMyOrders', userId, (rows) => replaceOrderRow(rows, order)));
}

export const ordersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A shopper's orders by their id, newest first. Dropped as soon as nothing shows them, so signing out leaves
     * nothing behind and every visit of the Orders tab reads them afresh: payments and the shop move them meanwhile.
     */
    getMyOrders: build.query<Order[], number>({
      query: (userId) => ORDER_API.orders(userId),
      transformResponse: (answer: ApiSuccess<Order[]>) => answer.data,
      providesTags: [MY_ORDERS],
      keepUnusedDataFor: 0,
    }),
    /** One of the shopper's orders with its history: the details dialog's, and the payment follow's (payments.saga.ts). */
    getOrder: build.query<OrderDetails, number>({
      query: (orderId) => ORDER_API.order(orderId),
      transformResponse: (answer: OrderAnswer) => answer.data,
      providesTags: (_order, _failure, orderId) => [{ type: 'Order', id: orderId }],
      keepUnusedDataFor: 0,
      // A read that crossed an event or a cancel does not take the order back to where it stood before them.
      merge: laterCopy,
      onQueryStarted: async (_orderId, lifecycle) => {
        try {
          replaceRow(lifecycle, (await lifecycle.queryFulfilled).data);
        } catch {
          // The dialog shows the failure; the row stays as it was.
        }
      },
    }),
    /**
     * The shopper's confirmed Cancel: the answer is the order as it now stands, shown without a second read, and says
     * whether a refund follows. A refusal is the dialog's to show; one saying the order moved on reads it again.
     */
    cancelOrder: build.mutation<OrderAnswer, { orderId: number }>({
      query: ({ orderId }) => ({ url: ORDER_API.cancelOrder(orderId), method: 'POST' }),
      invalidatesTags: readAgainWhenMovedOn,
      onQueryStarted: (_cancel, api) =>
        toastOutcome(api, {
          success: (answer) => (refundFollowsCancel(answer.data) ? MESSAGES.orders.cancelledRefundDue : MESSAGES.orders.cancelled),
          failure: false,
          whenDone: ({ data: order }) => {
            replaceRow(api, order);
            api.dispatch(ordersApi.util.updateQueryData('getOrder', order.id, (shown) => laterCopy(shown, order)));
          },
        }),
    }),
  }),
});

export const { useGetMyOrdersQuery, useGetOrderQuery, useCancelOrderMutation } = ordersApi;
