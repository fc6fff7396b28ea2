import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Forgot password and reset: the request on its way, the api's answer once it came, and its refusal. */
export interface EmailLinkRequestState {
  isSending: boolean;
  /** The api's words on success: the neutral "if an account exists…" for a forgotten password. */
  done: string | null;
  error: string | null;
}

export type VerificationStatus = 'idle' | 'verifying' | 'verified' | 'failed';

export interface EmailLinksState {
  forgotPassword: EmailLinkRequestState;
  resetPassword: EmailLinkRequestState;
  verification: {
    /** The token posted last: a link is used once, however often its page renders. */
    token: string | null;
    status: VerificationStatus;
    message: string | null;
  };
}

const idle: EmailLinkRequestState = { isSending: false, done: null, error: null };
const sending: EmailLinkRequestState = { isSending: true, done: null, error: null };

const initialState: EmailLinksState = {
  forgotPassword: idle,
  resetPassword: idle,
  verification: { token: null, status: 'idle', message: null },
};

const emailLinksSlice = createSlice({
  name: 'emailLinks',
  initialState,
  reducers: {
    /** A form page closed: what this visit left (a sent link, a refusal, a password set) is not the next visit's. */
    emailLinkFormLeft(state) {
      state.forgotPassword = idle;
      state.resetPassword = idle;
    },
    passwordResetLinkRequested(state, _action: PayloadAction<{ email: string }>) {
      state.forgotPassword = sending;
    },
    passwordResetLinkSent(state, action: PayloadAction<string>) {
      state.forgotPassword = { ...idle, done: action.payload };
    },
    passwordResetLinkFailed(state, action: PayloadAction<string>) {
      state.forgotPassword = { ...idle, error: action.payload };
    },
    newPasswordRequested(state, _action: PayloadAction<{ token: string; password: string }>) {
      state.resetPassword = sending;
    },
    newPasswordSet(state, action: PayloadAction<string>) {
      state.resetPassword = { ...idle, done: action.payload };
    },
    newPasswordFailed(state, action: PayloadAction<string>) {
      state.resetPassword = { ...idle, error: action.payload };
    },
    emailVerificationStarted(state, action: PayloadAction<string>) {
      state.verification = { token: action.payload, status: 'verifying', message: null };
    },
    emailVerificationEnded(state, action: PayloadAction<{ verified: boolean; message: string }>) {
      state.verification.status = action.payload.verified ? 'verified' : 'failed';
      state.verification.message = action.payload.message;
    },
  },
});

/** The verification page asks for its token to be used; the saga posts each token once. */
export const emailVerificationRequested = createAction<string>('emailLinks/emailVerificationRequested');

export const {
  emailLinkFormLeft,
  passwordResetLinkRequested,
  passwordResetLinkSent,
  passwordResetLinkFailed,
  newPasswordRequested,
  newPasswordSet,
  newPasswordFailed,
  emailVerificationStarted,
  emailVerificationEnded,
} = emailLinksSlice.actions;
export const emailLinksReducer = emailLinksSlice.reducer;
