import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order, OrderDetails, OrderUpdatedEvent } from '@shop/contracts';
import { loggedOut } from '../auth/auth.slice';
import { orderUpdated } from '../realtime/realtime.slice';

/** The order a details dialog shows: the list's copy at once, then the details (with the history) once they arrive. */
export interface OrderDialogState {
  /** The dialog is open on this order; null when closed. */
  orderId: number | null;
  details: OrderDetails | null;
  isLoading: boolean;
  error: string | null;
}

export const closedOrderDialog: OrderDialogState = { orderId: null, details: null, isLoading: false, error: null };

export interface OrdersState {
  /** The shopper's orders, newest first, as the api sends them. */
  items: Order[];
  isLoading: boolean;
  /** The list has answered at least once: until then the tab shows a skeleton, not the empty state. */
  hasLoaded: boolean;
  error: string | null;
  dialog: OrderDialogState;
  /** The Orders tab is on screen: a reconnect reads the list again. */
  isOnScreen: boolean;
  /** The shopper's Cancel: the order being cancelled now, and why the dialog's last try was refused. */
  cancel: OrderCancelState;
}

export interface OrderCancelState {
  orderId: number | null;
  error: string | null;
}

const noCancel: OrderCancelState = { orderId: null, error: null };

const initialState: OrdersState = {
  items: [],
  isLoading: false,
  hasLoaded: false,
  error: null,
  dialog: closedOrderDialog,
  isOnScreen: false,
  cancel: noCancel,
};

/** An answer read before the order last moved (a refresh that crossed an event or a save) is older than what is shown. */
export function isOlderThan(order: Order, shown: Order | null): boolean {
  return shown !== null && shown.id === order.id && Date.parse(order.orderUpdateDate) < Date.parse(shown.orderUpdateDate);
}

/** A fresher copy of an order (a details load, an admin's change) replaces the list's row in place. */
export function replaceOrderRow(items: Order[], order: Order | OrderDetails): void {
  const index = items.findIndex((item) => item.id === order.id);
  if (index >= 0 && !isOlderThan(order, items[index])) items[index] = asOrderRow(order);
}

/**
 * Moves an order (a list's row or a dialog's copy, inside a reducer) to where `order:updated` says
 * it stands. An event older than what is shown (events and answers may cross) changes nothing; the
 * reason stays when the event gives none.
 */
export function applyOrderUpdate(order: Order, event: OrderUpdatedEvent): void {
  if (order.id !== event.orderId || Date.parse(event.updatedAt) < Date.parse(order.orderUpdateDate)) return;
  order.orderStatus = event.orderStatus;
  order.paymentStatus = event.paymentStatus;
  if (event.reason !== undefined) order.paymentFailureReason = event.reason;
  order.orderUpdateDate = event.updatedAt;
}

/**
 * An answer carrying an order's details (a read, or the answer to a change the shopper or an admin
 * made) replaces its row, and the dialog's copy while the dialog shows that order and nothing newer.
 */
export function showOrderDetails(state: { items: Order[]; dialog: OrderDialogState }, details: OrderDetails): void {
  replaceOrderRow(state.items, details);
  // A late answer for an order the dialog no longer shows only refreshes the row.
  if (state.dialog.orderId !== details.id || isOlderThan(details, state.dialog.details)) return;
  state.dialog = { ...state.dialog, details, isLoading: false, error: null };
}

/** An event changes the list's row and the open dialog in place; the saga reads the dialog's order again for what the event leaves out. */
export function applyOrderUpdateTo(state: { items: Order[]; dialog: OrderDialogState }, event: OrderUpdatedEvent): void {
  const row = state.items.find((order) => order.id === event.orderId);
  if (row) applyOrderUpdate(row, event);
  if (state.dialog.details) applyOrderUpdate(state.dialog.details, event);
}

/** The list holds orders; a details answer also carries the history and the M-Pesa attempts, which only the dialog shows. */
function asOrderRow(order: Order | OrderDetails): Order {
  if (!('history' in order)) return order;
  const { history: _history, mpesaAttempts: _mpesaAttempts, ...row } = order;
  return row;
}

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    /** The tab opened, or the shopper asked again after a failure. */
    ordersRequested(state) {
      state.isLoading = true;
      state.error = null;
      state.isOnScreen = true;
    },
    ordersViewClosed(state) {
      state.isOnScreen = false;
    },
    ordersLoaded(state, action: PayloadAction<Order[]>) {
      state.items = action.payload;
      state.isLoading = false;
      state.hasLoaded = true;
    },
    /** A failed fetch empties the list (docs/product.md, Web routes). */
    ordersFailed(state, action: PayloadAction<string>) {
      state.items = [];
      state.isLoading = false;
      state.hasLoaded = true;
      state.error = action.payload;
    },
    orderDialogOpened(state, action: PayloadAction<number>) {
      state.dialog = { ...closedOrderDialog, orderId: action.payload, isLoading: true };
      state.cancel.error = null;
    },
    orderDialogClosed(state) {
      state.dialog = closedOrderDialog;
      state.cancel.error = null;
    },
    orderDetailsLoaded(state, action: PayloadAction<OrderDetails>) {
      showOrderDetails(state, action.payload);
    },
    /** The shopper confirmed the Cancel of this order. */
    orderCancelRequested(state, action: PayloadAction<number>) {
      state.cancel = { orderId: action.payload, error: null };
    },
    /** The api's answer: the order as it stands now, cancelled (and, when it was paid, owed back). */
    orderCancelled(state, action: PayloadAction<OrderDetails>) {
      state.cancel = noCancel;
      showOrderDetails(state, action.payload);
    },
    orderCancelFailed(state, action: PayloadAction<{ orderId: number; message: string }>) {
      state.cancel = { orderId: null, error: state.dialog.orderId === action.payload.orderId ? action.payload.message : null };
    },
    orderDetailsFailed(state, action: PayloadAction<{ orderId: number; message: string }>) {
      if (state.dialog.orderId !== action.payload.orderId) return;
      state.dialog = { ...state.dialog, isLoading: false, error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(orderUpdated, (state, action) => applyOrderUpdateTo(state, action.payload));
    builder.addCase(loggedOut, () => initialState);
  },
});

/** The open dialog's order is read again, quietly: the event moved it, or the socket came back. */
export const orderDetailsRefreshRequested = createAction<number>('orders/orderDetailsRefreshRequested');

export const {
  ordersRequested,
  ordersViewClosed,
  ordersLoaded,
  ordersFailed,
  orderDialogOpened,
  orderDialogClosed,
  orderDetailsLoaded,
  orderDetailsFailed,
  orderCancelRequested,
  orderCancelled,
  orderCancelFailed,
} = ordersSlice.actions;
export const ordersReducer = ordersSlice.reducer;
