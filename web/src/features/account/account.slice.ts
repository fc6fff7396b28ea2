import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountProfile } from '@shop/contracts';
import { loggedOut } from '../auth/auth.slice';

/** What the Profile tab sends: only the fields the person changed (ACCOUNT_API.profile's PATCH). */
export interface ProfileChanges {
  userName?: string;
  /** Null removes the phone, and with it the SMS about orders. */
  phone?: string | null;
  notifyBySms?: boolean;
  notifyByEmail?: boolean;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface AccountDeletion {
  confirmEmail: string;
  /** Left out for an account without a password (Google only). */
  password?: string;
}

/** One request of a form, and why the api refused the last one (shown in the form, which stays for a correction). */
export interface FormRequestState {
  isSending: boolean;
  error: string | null;
}

export interface AccountState {
  profile: AccountProfile | null;
  isLoading: boolean;
  error: string | null;
  profileSave: FormRequestState;
  passwordChange: FormRequestState;
  /** Bumped at each changed password, so the form empties its fields. */
  passwordChanges: number;
  verificationResend: FormRequestState;
  deletion: FormRequestState;
  /** The api deleted the account: the page leaves for the shop's home, then the session is forgotten here. */
  isDeleted: boolean;
}

const idle: FormRequestState = { isSending: false, error: null };
const sending: FormRequestState = { isSending: true, error: null };
const refused = (error: string): FormRequestState => ({ isSending: false, error });

const initialState: AccountState = {
  profile: null,
  isLoading: false,
  error: null,
  profileSave: idle,
  passwordChange: idle,
  passwordChanges: 0,
  verificationResend: idle,
  deletion: idle,
  isDeleted: false,
};

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    profileRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    profileLoaded(state, action: PayloadAction<AccountProfile>) {
      state.profile = action.payload;
      state.isLoading = false;
    },
    profileFailed(state, action: PayloadAction<string>) {
      state.isLoading = false;
      state.error = action.payload;
    },
    profileSaveRequested(state, _action: PayloadAction<ProfileChanges>) {
      state.profileSave = sending;
    },
    /** The api's answer is the profile as saved (the phone as it stores it). */
    profileSaved(state, action: PayloadAction<AccountProfile>) {
      state.profile = action.payload;
      state.profileSave = idle;
    },
    profileSaveFailed(state, action: PayloadAction<string>) {
      state.profileSave = refused(action.payload);
    },
    passwordChangeRequested(state, _action: PayloadAction<PasswordChange>) {
      state.passwordChange = sending;
    },
    passwordChanged(state) {
      state.passwordChange = idle;
      state.passwordChanges += 1;
    },
    passwordChangeFailed(state, action: PayloadAction<string>) {
      state.passwordChange = refused(action.payload);
    },
    verificationResendRequested(state) {
      state.verificationResend = sending;
    },
    verificationResent(state) {
      state.verificationResend = idle;
    },
    verificationResendFailed(state, action: PayloadAction<string>) {
      state.verificationResend = refused(action.payload);
    },
    accountDeletionRequested(state, _action: PayloadAction<AccountDeletion>) {
      state.deletion = sending;
    },
    accountDeleted(state) {
      state.deletion = idle;
      state.isDeleted = true;
    },
    accountDeletionFailed(state, action: PayloadAction<string>) {
      state.deletion = refused(action.payload);
    },
    /** The deletion dialog closed: its last refusal goes with it. */
    accountDeletionDismissed(state) {
      state.deletion = idle;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const {
  profileRequested,
  profileLoaded,
  profileFailed,
  profileSaveRequested,
  profileSaved,
  profileSaveFailed,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
  verificationResendRequested,
  verificationResent,
  verificationResendFailed,
  accountDeletionRequested,
  accountDeleted,
  accountDeletionFailed,
  accountDeletionDismissed,
} = accountSlice.actions;
export const accountReducer = accountSlice.reducer;
