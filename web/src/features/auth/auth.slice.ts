import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GoogleSignInError, SessionUser } from '@shop/contracts';
import type { GuestIntent } from './guest-intent';

export interface AuthState {
  isAuthenticated: boolean;
  /** An auth request (check, login, registration, logout) is in flight. */
  isLoading: boolean;
  user: SessionUser | null;
  /** The first check has answered; until then the app shows only a full-screen loader. */
  authChecked: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  userName: string;
}

/** What the api said about a "Continue with Google" round trip, read from the URL it sent the browser back to. */
export type GoogleSignInReturn = 'signed-in' | GoogleSignInError;

const initialState: AuthState = {
  isAuthenticated: false,
  isLoading: true,
  user: null,
  authChecked: false,
};

function signedIn(state: AuthState, user: SessionUser | null) {
  state.user = user;
  state.isAuthenticated = user !== null;
  state.isLoading = false;
  state.authChecked = true;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    checkAuthRequested: {
      reducer(state) {
        state.isLoading = true;
      },
      prepare: (googleSignIn?: GoogleSignInReturn) => ({ payload: { googleSignIn } }),
    },
    /** The answer of a check: a user means signed in, null means guest (401, network failure alike). */
    authChecked(state, action: PayloadAction<SessionUser | null>) {
      signedIn(state, action.payload);
    },
    loginRequested(state, _action: PayloadAction<Credentials>) {
      state.isLoading = true;
    },
    registrationRequested(state, _action: PayloadAction<Registration>) {
      state.isLoading = true;
    },
    signedInAs(state, action: PayloadAction<SessionUser>) {
      signedIn(state, action.payload);
    },
    signInFailed(state) {
      state.isLoading = false;
    },
    /** A guest asked for something that needs an account; it is finished once they have signed in. */
    signInAskedFor(_state, _action: PayloadAction<GuestIntent>) {},
    /** A guest is browsing outside the sign-in screens: whatever they asked for before is abandoned. */
    guestBrowsing() {},
    logoutRequested(state) {
      state.isLoading = true;
    },
    loggedOut(state) {
      signedIn(state, null);
    },
  },
});

export const {
  checkAuthRequested,
  authChecked,
  loginRequested,
  registrationRequested,
  signedInAs,
  signInFailed,
  signInAskedFor,
  guestBrowsing,
  logoutRequested,
  loggedOut,
} = authSlice.actions;
export const authReducer = authSlice.reducer;
