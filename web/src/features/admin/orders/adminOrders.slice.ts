import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ROUTES, type AdminOrderPaidEvent, type AdminPaymentAttentionEvent } from '@shop/contracts';
import { loggedOut } from '../../auth/auth.slice';
import { ORDER_LINK_PARAM } from '../../orders/order-link';
import { adminOrderPaid, adminPaymentAttention } from '../../realtime/realtime.slice';

/** The orders page with one order's dialog open, e.g. from the 'New order' notification. */
export function adminOrderLink(orderId: number): string {
  return `${ROUTES.adminOrders}?${new URLSearchParams({ [ORDER_LINK_PARAM]: String(orderId) })}`;
}

/** What the admin is told about orders on any admin screen; the orders themselves are the cache's (admin-orders.api.ts). */
export interface AdminOrdersState {
  /** The orders page is on screen: new orders are seen there. */
  isOnScreen: boolean;
  /** Orders paid since the admin last opened the orders page: the count on the menu's Orders item. */
  unseenOrderIds: number[];
  /** Newly paid orders waiting to be announced by the 'New order' notification. */
  newOrderNotices: AdminOrderPaidEvent[];
  /** Payments that need a person (wrong amount, refund due, outcome unknown), waiting to be announced. */
  paymentAttentionNotices: AdminPaymentAttentionEvent[];
}

/** One notice per order and reason: an event told twice is announced once. */
export function paymentAttentionKey({ orderId, kind }: Pick<AdminPaymentAttentionEvent, 'orderId' | 'kind'>): string {
  return `payment-attention-${orderId}-${kind}`;
}

const initialState: AdminOrdersState = {
  isOnScreen: false,
  unseenOrderIds: [],
  newOrderNotices: [],
  paymentAttentionNotices: [],
};

const adminOrdersSlice = createSlice({
  name: 'adminOrders',
  initialState,
  reducers: {
    /** The admin is looking at the orders: every new order so far counts as seen. */
    adminOrdersPageOpened(state) {
      state.isOnScreen = true;
      state.unseenOrderIds = [];
    },
    adminOrdersPageClosed(state) {
      state.isOnScreen = false;
    },
    newOrderNoticeShown(state, action: PayloadAction<number>) {
      state.newOrderNotices = state.newOrderNotices.filter((notice) => notice.orderId !== action.payload);
    },
    /** The notifier has shown the notice with this key (paymentAttentionKey). */
    paymentAttentionNoticeShown(state, action: PayloadAction<string>) {
      state.paymentAttentionNotices = state.paymentAttentionNotices.filter((notice) => paymentAttentionKey(notice) !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(adminOrderPaid, (state, action) => {
      const { orderId } = action.payload;
      // Key per order: an event told twice announces and counts the order once.
      if (!state.newOrderNotices.some((notice) => notice.orderId === orderId)) state.newOrderNotices.push(action.payload);
      if (!state.isOnScreen && !state.unseenOrderIds.includes(orderId)) state.unseenOrderIds.push(orderId);
    });
    builder.addCase(adminPaymentAttention, (state, action) => {
      const key = paymentAttentionKey(action.payload);
      if (!state.paymentAttentionNotices.some((notice) => paymentAttentionKey(notice) === key))
        state.paymentAttentionNotices.push(action.payload);
    });
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { adminOrdersPageOpened, adminOrdersPageClosed, newOrderNoticeShown, paymentAttentionNoticeShown } = adminOrdersSlice.actions;
export const adminOrdersReducer = adminOrdersSlice.reducer;
