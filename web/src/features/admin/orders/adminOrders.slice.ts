import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  ROUTES,
  type AdminOrderPaidEvent,
  type AdminPaymentAttentionEvent,
  type NotificationRecord,
  type OfflinePaymentInput,
  type Order,
  type OrderDetails,
  type OrderStatus,
  type RefundInput,
} from '@shop/contracts';
import { loggedOut } from '../../auth/auth.slice';
import { ORDER_LINK_PARAM } from '../../orders/order-link';
import { applyOrderUpdateTo, closedOrderDialog, showOrderDetails, type OrderDialogState } from '../../orders/orders.slice';
import { adminOrderPaid, adminPaymentAttention, orderUpdated } from '../../realtime/realtime.slice';

/** Twenty rows fit a laptop screen without the pager falling out of sight. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** The orders page with one order's dialog open, e.g. from the 'New order' notification. */
export function adminOrderLink(orderId: number): string {
  return `${ROUTES.adminOrders}?${new URLSearchParams({ [ORDER_LINK_PARAM]: String(orderId) })}`;
}

export interface AdminOrdersQuery {
  /** Only orders in this status; null for all of them. */
  status: OrderStatus | null;
  page: number;
}

/** What the admin may do to an order besides choosing its status, each behind its own dialog. */
export type AdminOrderActionKind = 'recordPayment' | 'refund' | 'revive';

/** The open action dialog: which one, whether its request is on its way, and why the api refused the last one. */
export interface AdminOrderActionState {
  open: AdminOrderActionKind | null;
  isSaving: boolean;
  error: string | null;
}

const noOrderAction: AdminOrderActionState = { open: null, isSaving: false, error: null };

/** The SMS and e-mails sent about the order the dialog shows, newest first; null until they are read. */
export interface AdminOrderMessagesState {
  orderId: number | null;
  items: NotificationRecord[] | null;
  isLoading: boolean;
  error: string | null;
}

const noOrderMessages: AdminOrderMessagesState = { orderId: null, items: null, isLoading: false, error: null };

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
  orderAction: AdminOrderActionState;
  messages: AdminOrderMessagesState;
  /** The orders page is on screen: new orders are seen there, and a reconnect reads the page again. */
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
  query: { status: null, page: 1 },
  items: [],
  total: 0,
  isLoading: false,
  hasLoaded: false,
  error: null,
  dialog: closedOrderDialog,
  chosenStatus: null,
  isSaving: false,
  orderAction: noOrderAction,
  messages: noOrderMessages,
  isOnScreen: false,
  unseenOrderIds: [],
  newOrderNotices: [],
  paymentAttentionNotices: [],
};

/**
 * Whether a newly paid order belongs on the page on show: the newest come first, and the admins
 * hear of an order once its money arrived, which confirms it (docs/orders.md, The admins' alert).
 */
export function showsNewOrders({ page, status }: AdminOrdersQuery): boolean {
  return page === 1 && (status === null || status === 'confirmed');
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
    /** A failed fetch empties the list (docs/product.md, Web routes). */
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
      state.orderAction = noOrderAction;
      state.messages = { ...noOrderMessages, orderId: action.payload, isLoading: true };
    },
    adminOrderDialogClosed(state) {
      state.dialog = closedOrderDialog;
      state.chosenStatus = null;
      state.orderAction = noOrderAction;
      state.messages = noOrderMessages;
    },
    /** The admin reads the messages again: delivery reports arrive after the SMS went out. */
    adminOrderMessagesRequested(state) {
      state.messages.isLoading = true;
      state.messages.error = null;
    },
    adminOrderMessagesLoaded(state, action: PayloadAction<{ orderId: number; items: NotificationRecord[] }>) {
      if (state.messages.orderId !== action.payload.orderId) return;
      state.messages = { orderId: action.payload.orderId, items: action.payload.items, isLoading: false, error: null };
    },
    /** Messages already shown stay; the reason the last read failed shows above them. */
    adminOrderMessagesFailed(state, action: PayloadAction<{ orderId: number; message: string }>) {
      if (state.messages.orderId !== action.payload.orderId) return;
      state.messages.isLoading = false;
      state.messages.error = action.payload.message;
    },
    adminOrderDetailsLoaded(state, action: PayloadAction<OrderDetails>) {
      showOrderDetails(state, action.payload);
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
      showOrderDetails(state, action.payload);
      if (state.dialog.orderId === action.payload.id) state.chosenStatus = null;
    },
    orderStatusSaveFailed(state) {
      state.isSaving = false;
    },
    orderActionOpened(state, action: PayloadAction<AdminOrderActionKind>) {
      state.orderAction = { open: action.payload, isSaving: false, error: null };
    },
    /** The dialog closes; a request already sent still lands its answer on the order. */
    orderActionClosed(state) {
      state.orderAction = { ...noOrderAction, isSaving: state.orderAction.isSaving };
    },
    /** Money that reached the shop another way (cash, the till, a bank transfer): the order becomes paid and Confirmed. */
    offlinePaymentRecordRequested(state, _action: PayloadAction<{ orderId: number; payment: OfflinePaymentInput }>) {
      state.orderAction.isSaving = true;
      state.orderAction.error = null;
    },
    /** What the order's shopper is owed goes back: through PayPal's api, or by a refund the admin sent and names. */
    refundRequested(state, _action: PayloadAction<{ orderId: number; refund: RefundInput }>) {
      state.orderAction.isSaving = true;
      state.orderAction.error = null;
    },
    /** A closed order comes back, to the status the admin was shown (revivedStatus), taking its units again. */
    orderReviveRequested(state, _action: PayloadAction<{ orderId: number; orderStatus: OrderStatus }>) {
      state.orderAction.isSaving = true;
      state.orderAction.error = null;
    },
    /** The api's answer: the order as it now stands replaces its row and the dialog's copy. */
    orderActionSucceeded(state, action: PayloadAction<OrderDetails>) {
      state.orderAction = noOrderAction;
      showOrderDetails(state, action.payload);
      if (state.dialog.orderId === action.payload.id) state.chosenStatus = null;
    },
    /** The refusal is shown in the dialog, which stays open for another try. */
    orderActionFailed(state, action: PayloadAction<string>) {
      state.orderAction.isSaving = false;
      if (state.orderAction.open !== null) state.orderAction.error = action.payload;
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
  adminOrderMessagesRequested,
  adminOrderMessagesLoaded,
  adminOrderMessagesFailed,
  adminOrderDetailsLoaded,
  adminOrderDetailsFailed,
  orderStatusChosen,
  orderStatusSaveRequested,
  orderStatusSaved,
  orderStatusSaveFailed,
  orderActionOpened,
  orderActionClosed,
  offlinePaymentRecordRequested,
  refundRequested,
  orderReviveRequested,
  orderActionSucceeded,
  orderActionFailed,
} = adminOrdersSlice.actions;
export const adminOrdersReducer = adminOrdersSlice.reducer;
