import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ROUTES, type AdminOrderCreatedEvent, type AdminPaymentAttentionEvent, type Order, type OrderDetails, type OrderStatus } from '@shop/contracts';
import { loggedOut } from '../../auth/auth.slice';
import { adminOrderCreated, adminPaymentAttention, orderUpdated } from '../../realtime/realtime.slice';
import { applyOrderUpdateTo, closedOrderDialog, isOlderThan, replaceOrderRow, type OrderDialogState } from '../../orders/orders.slice';

/** Twenty rows fit a laptop screen without the pager falling out of sight. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** The query parameter that opens an order's dialog on the orders page, e.g. from the 'New order' notification. */
export const OPEN_ORDER_PARAM = 'order';

export function adminOrderLink(orderId: number): string {
  return `${ROUTES.adminOrders}?${new URLSearchParams({ [OPEN_ORDER_PARAM]: String(orderId) })}`;
}

export interface AdminOrdersQuery {
  /** Only orders in this status; null for all of them. */
  status: OrderStatus | null;
  page: number;
}

export interface AdminOrdersState {
  query: AdminOrdersQuery;
  /** The page on show, newest first. */
  items: Order[];
  total: number;
  isLoading: boolean;
  hasLoaded: boolean;
  error: string | null;
  dialog: OrderDialogState;
  /** The status picked in the dialog's select; null until the admin picks one (the select shows the current status). */
  chosenStatus: OrderStatus | null;
  isSaving: boolean;
  /** The orders page is on screen: new orders are seen there, and a reconnect reads the page again. */
  isOnScreen: boolean;
  /** Orders created since the admin last opened the orders page: the count on the menu's Orders item. */
  unseenOrderIds: number[];
  /** New orders waiting to be announced by the 'New order' notification. */
  newOrderNotices: AdminOrderCreatedEvent[];
  /** Payments that need a person (wrong amount, refund due, outcome unknown), waiting to be announced. */
  paymentAttentionNotices: AdminPaymentAttentionEvent[];
}

/** One notice per order and reason: an event told twice is announced once. */
export function paymentAttentionKey({ orderId, kind }: Pick<AdminPaymentAttentionEvent, 'orderId' | 'kind'>): string {
  return `payment-attention-${orderId}-${kind}`;
}

const initialState: AdminOrdersState = {
  query: { status: null, page: 1 },
  items: [],
  total: 0,
  isLoading: false,
  hasLoaded: false,
  error: null,
  dialog: closedOrderDialog,
  chosenStatus: null,
  isSaving: false,
  isOnScreen: false,
  unseenOrderIds: [],
  newOrderNotices: [],
  paymentAttentionNotices: [],
};

/** Whether a new order belongs on the page on show: the newest come first, and a new order is pending. */
export function showsNewOrders({ page, status }: AdminOrdersQuery): boolean {
  return page === 1 && (status === null || status === 'pending');
}

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
    /** The screen's entry, a filter or a page change: the saga fetches that page. */
    adminOrdersRequested(state, action: PayloadAction<AdminOrdersQuery>) {
      state.query = action.payload;
      state.isLoading = true;
      state.error = null;
    },
    adminOrdersLoaded(state, action: PayloadAction<{ items: Order[]; total: number }>) {
      state.items = action.payload.items;
      state.total = action.payload.total;
      state.isLoading = false;
      state.hasLoaded = true;
    },
    /** Spec §4: a failed fetch empties the list. */
    adminOrdersFailed(state, action: PayloadAction<string>) {
      state.items = [];
      state.total = 0;
      state.isLoading = false;
      state.hasLoaded = true;
      state.error = action.payload;
    },
    adminOrderDialogOpened(state, action: PayloadAction<number>) {
      state.dialog = { ...closedOrderDialog, orderId: action.payload, isLoading: true };
      state.chosenStatus = null;
      state.isSaving = false;
    },
    adminOrderDialogClosed(state) {
      state.dialog = closedOrderDialog;
      state.chosenStatus = null;
    },
    adminOrderDetailsLoaded(state, action: PayloadAction<OrderDetails>) {
      replaceOrderRow(state.items, action.payload);
      if (state.dialog.orderId !== action.payload.id || isOlderThan(action.payload, state.dialog.details)) return;
      state.dialog = { ...state.dialog, details: action.payload, isLoading: false, error: null };
    },
    adminOrderDetailsFailed(state, action: PayloadAction<{ orderId: number; message: string }>) {
      if (state.dialog.orderId !== action.payload.orderId) return;
      state.dialog = { ...state.dialog, isLoading: false, error: action.payload.message };
    },
    orderStatusChosen(state, action: PayloadAction<OrderStatus>) {
      state.chosenStatus = action.payload;
    },
    orderStatusSaveRequested(state) {
      state.isSaving = true;
    },
    /** The row changes in place, even when the filter on show no longer matches it: rows do not vanish under the admin's cursor. */
    orderStatusSaved(state, action: PayloadAction<OrderDetails>) {
      state.isSaving = false;
      replaceOrderRow(state.items, action.payload);
      if (state.dialog.orderId !== action.payload.id) return;
      if (!isOlderThan(action.payload, state.dialog.details)) state.dialog = { ...state.dialog, details: action.payload };
      state.chosenStatus = null;
    },
    orderStatusSaveFailed(state) {
      state.isSaving = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(adminOrderCreated, (state, action) => {
      const { orderId } = action.payload;
      // Key per order: an event told twice announces and counts the order once.
      if (!state.newOrderNotices.some((notice) => notice.orderId === orderId)) state.newOrderNotices.push(action.payload);
      if (!state.isOnScreen && !state.unseenOrderIds.includes(orderId)) state.unseenOrderIds.push(orderId);
    });
    builder.addCase(adminPaymentAttention, (state, action) => {
      const key = paymentAttentionKey(action.payload);
      if (!state.paymentAttentionNotices.some((notice) => paymentAttentionKey(notice) === key)) state.paymentAttentionNotices.push(action.payload);
    });
    // Another admin's change, or a payment settling, moves the row and the open dialog in place.
    builder.addCase(orderUpdated, (state, action) => applyOrderUpdateTo(state, action.payload));
    builder.addCase(loggedOut, () => initialState);
  },
});

/** The page on show is read again, quietly (no spinner, and a failure keeps the rows): a new order, or the socket came back. */
export const adminOrdersRefreshRequested = createAction('adminOrders/refreshRequested');
/** The open dialog's order is read again, quietly, for what an event leaves out (its history). */
export const adminOrderDetailsRefreshRequested = createAction<number>('adminOrders/detailsRefreshRequested');

export const {
  adminOrdersPageOpened,
  adminOrdersPageClosed,
  newOrderNoticeShown,
  paymentAttentionNoticeShown,
  adminOrdersRequested,
  adminOrdersLoaded,
  adminOrdersFailed,
  adminOrderDialogOpened,
  adminOrderDialogClosed,
  adminOrderDetailsLoaded,
  adminOrderDetailsFailed,
  orderStatusChosen,
  orderStatusSaveRequested,
  orderStatusSaved,
  orderStatusSaveFailed,
} = adminOrdersSlice.actions;
export const adminOrdersReducer = adminOrdersSlice.reducer;
