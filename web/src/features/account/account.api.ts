import { ACCOUNT_API, MESSAGES, type AccountProfile, type ApiSuccess } from '@shop/contracts';
import { isApiFailure, shopApi, toastOutcome } from '../../app/shop.api';
import type { RootState } from '../../app/store';
import { selectUser } from '../auth/auth.selectors';
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

/** A new password for the account whose e-mailed link carried the token. */
export interface NewPassword {
  token: string;
  password: string;
}

/** The api's words for what it did, or the fallback when an answer carries none. */
const wordsOf =
  (fallback: string) =>
  (answer: ApiSuccess<null>): string =>
    answer.message ?? fallback;

export const accountApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Read afresh on every visit of the Profile tab, past every cache (a link opened in another browser may
     * have verified the e-mail meanwhile), and kept by no one once no screen shows it: a sign-out, which closes
     * the account page, leaves nothing of it for the next person signed in here.
     */
    getProfile: build.query<AccountProfile, void>({
      query: () => ({ url: ACCOUNT_API.profile, noCache: true }),
      transformResponse: (answer: ApiSuccess<AccountProfile>) => answer.data,
      providesTags: ['Profile'],
      keepUnusedDataFor: 0,
    }),
    /** The api's answer is the profile as saved (the phone as it stores it): the form shows that next, with no second read. */
    updateProfile: build.mutation<ApiSuccess<AccountProfile>, ProfileChanges>({
      query: (changes) => ({ url: ACCOUNT_API.profile, method: 'PATCH', body: changes }),
      onQueryStarted: (_changes, api) =>
        toastOutcome(api, {
          success: MESSAGES.account.profileUpdated,
          whenDone: (answer) => {
            api.dispatch(accountApi.util.updateQueryData('getProfile', undefined, () => answer.data));
          },
        }),
    }),
    /** A refusal (a wrong current password, above all) stays in the form beside the fields it is about. */
    changePassword: build.mutation<ApiSuccess<null>, PasswordChange>({
      query: (change) => ({ url: ACCOUNT_API.changePassword, method: 'POST', body: change }),
      onQueryStarted: (_change, api) => toastOutcome(api, { success: MESSAGES.account.passwordChanged, failure: false }),
    }),
    /** Refused as verified already (the link opened in another browser): the profile is read again, so its tag shows it. */
    resendVerification: build.mutation<ApiSuccess<null>, void>({
      query: () => ({ url: ACCOUNT_API.resendVerification, method: 'POST' }),
      invalidatesTags: (_answer, failure) => (isApiFailure(failure) && failure.code === 'ALREADY_VERIFIED' ? ['Profile'] : []),
      onQueryStarted: (_none, api) => toastOutcome(api, { success: MESSAGES.account.verificationSent }),
    }),
    /** The api ends every session of the account by its answer; a refusal stays in the dialog, for a correction. */
    deleteAccount: build.mutation<ApiSuccess<null>, AccountDeletion>({
      query: (deletion) => ({ url: ACCOUNT_API.deleteAccount, method: 'POST', body: deletion }),
      onQueryStarted: (_deletion, api) => toastOutcome(api, { success: MESSAGES.account.deleted, failure: false }),
    }),
    /** The api answers alike whether or not the address has an account: its words are the page's answer, as they are. */
    requestResetLink: build.mutation<string, { email: string }>({
      query: (request) => ({ url: ACCOUNT_API.forgotPassword, method: 'POST', body: request }),
      transformResponse: wordsOf(MESSAGES.account.resetRequested),
    }),
    /**
     * The api ends every session of the account, this browser's too: it is signed out here before the write
     * answers, so the page can send it to sign in with the new password. A refusal stays on the page.
     */
    setNewPassword: build.mutation<ApiSuccess<null>, NewPassword>({
      query: (newPassword) => ({ url: ACCOUNT_API.resetPassword, method: 'POST', body: newPassword }),
      onQueryStarted: (_newPassword, api) =>
        toastOutcome(api, {
          success: MESSAGES.account.passwordReset,
          failure: false,
          whenDone: () => {
            if (selectUser(api.getState() as RootState)) api.dispatch(loggedOut());
          },
        }),
    }),
    /**
     * A post, yet a query: a link's token is spent by its first post, and the cache keeps what that answered, by
     * token, for the tab's life, so the page rendered twice (React's strict mode) or opened again shows it rather
     * than posting a used token.
     */
    verifyEmail: build.query<string, string>({
      query: (token) => ({ url: ACCOUNT_API.verifyEmail, method: 'POST', body: { token } }),
      transformResponse: wordsOf(MESSAGES.account.emailVerified),
      keepUnusedDataFor: Infinity,
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useResendVerificationMutation,
  useDeleteAccountMutation,
  useRequestResetLinkMutation,
  useSetNewPasswordMutation,
  useVerifyEmailQuery,
} = accountApi;
