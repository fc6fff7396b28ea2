import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '@shop/contracts';

export interface AuthState {
  isAuthenticated: boolean;
  /** An auth request (check, login, logout) is in flight. */
  isLoading: boolean;
  user: SessionUser | null;
  /** The first check has answered; until then the app shows only a full-screen loader. */
  authChecked: boolean;
}

const initialState: AuthState = {
  isAuthenticated: false,
  isLoading: true,
  user: null,
  authChecked: false,
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    checkAuthRequested(state) {
      state.isLoading = true;
    },
    /** The answer of a check: a user means signed in, null means guest (401, 404, network failure alike). */
    authChecked(state, action: PayloadAction<SessionUser | null>) {
      state.user = action.payload;
      state.isAuthenticated = action.payload !== null;
      state.isLoading = false;
      state.authChecked = true;
    },
    logoutRequested(state) {
      state.isLoading = true;
    },
    loggedOut(state) {
      state.user = null;
      state.isAuthenticated = false;
      state.isLoading = false;
      state.authChecked = true;
    },
  },
});

export const { checkAuthRequested, authChecked, logoutRequested, loggedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;
