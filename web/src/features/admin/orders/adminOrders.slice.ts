import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order, OrderDetails, OrderStatus } from '@shop/contracts';
import { loggedOut } from '../../auth/auth.slice';
import { closedOrderDialog, replaceOrderRow, type OrderDialogState } from '../../orders/orders.slice';

/** Twenty rows fit a laptop screen without the pager falling out of sight. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

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
};

const adminOrdersSlice = createSlice({
  name: 'adminOrders',
  initialState,
  reducers: {
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
      if (state.dialog.orderId !== action.payload.id) return;
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
      state.dialog = { ...state.dialog, details: action.payload };
      state.chosenStatus = null;
    },
    orderStatusSaveFailed(state) {
      state.isSaving = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const {
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
