import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order, OrderDetails } from '@shop/contracts';
import { loggedOut } from '../auth/auth.slice';

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
}

const initialState: OrdersState = { items: [], isLoading: false, hasLoaded: false, error: null, dialog: closedOrderDialog };

/** A fresher copy of an order (a details load, an admin's change) replaces the list's row in place. */
export function replaceOrderRow(items: Order[], order: Order | OrderDetails): void {
  const index = items.findIndex((item) => item.id === order.id);
  if (index >= 0) items[index] = withoutHistory(order);
}

/** The list holds orders; a details answer also carries the history, which only the dialog shows. */
function withoutHistory(order: Order | OrderDetails): Order {
  if (!('history' in order)) return order;
  const { history: _history, ...row } = order;
  return row;
}

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    ordersRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    ordersLoaded(state, action: PayloadAction<Order[]>) {
      state.items = action.payload;
      state.isLoading = false;
      state.hasLoaded = true;
    },
    /** Spec §4: a failed fetch empties the list. */
    ordersFailed(state, action: PayloadAction<string>) {
      state.items = [];
      state.isLoading = false;
      state.hasLoaded = true;
      state.error = action.payload;
    },
    orderDialogOpened(state, action: PayloadAction<number>) {
      state.dialog = { ...closedOrderDialog, orderId: action.payload, isLoading: true };
    },
    orderDialogClosed(state) {
      state.dialog = closedOrderDialog;
    },
    orderDetailsLoaded(state, action: PayloadAction<OrderDetails>) {
      replaceOrderRow(state.items, action.payload);
      // A late answer for an order the dialog no longer shows only refreshes the row.
      if (state.dialog.orderId !== action.payload.id) return;
      state.dialog = { ...state.dialog, details: action.payload, isLoading: false, error: null };
    },
    orderDetailsFailed(state, action: PayloadAction<{ orderId: number; message: string }>) {
      if (state.dialog.orderId !== action.payload.orderId) return;
      state.dialog = { ...state.dialog, isLoading: false, error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { ordersRequested, ordersLoaded, ordersFailed, orderDialogOpened, orderDialogClosed, orderDetailsLoaded, orderDetailsFailed } = ordersSlice.actions;
export const ordersReducer = ordersSlice.reducer;
