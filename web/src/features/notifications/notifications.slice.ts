import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** A second line, e.g. the server's reason under 'Registration failed'. */
  detail?: string;
}

interface NotificationsState {
  pending: Toast[];
  nextId: number;
}

const initialState: NotificationsState = { pending: [], nextId: 1 };

/** Toasts asked for by sagas, waiting for the Toaster to show them (sagas cannot call antd's hooks). */
const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    toastRequested: {
      reducer(state, action: PayloadAction<Omit<Toast, 'id'>>) {
        state.pending.push({ ...action.payload, id: state.nextId });
        state.nextId += 1;
      },
      prepare: (kind: ToastKind, text: string, detail?: string) => ({ payload: { kind, text, ...(detail ? { detail } : {}) } }),
    },
    toastShown(state, action: PayloadAction<number>) {
      state.pending = state.pending.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastRequested, toastShown } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
