import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { ACCOUNT_API, MESSAGES, type AccountProfile } from '@shop/contracts';
import { makeStore } from '../../app/store';
import { apiClient, ApiError } from '../../lib/api-client';
import { authReducer, loggedOut, signedInAs } from '../auth/auth.slice';
import { notificationsReducer } from '../notifications/notifications.slice';
import { shopper } from '../orders/order-fixtures';
import { accountFeature } from './account.feature';
import { accountSaga } from './account.saga';
import {
  accountDeleted,
  accountDeletionDismissed,
  accountDeletionRequested,
  accountReducer,
  passwordChangeRequested,
  profileLoaded,
  profileRequested,
  profileSaveRequested,
  verificationResendRequested,
} from './account.slice';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const wanjiru: AccountProfile = {
  userName: 'Wanjiru',
  email: 'wanjiru@example.test',
  emailVerified: false,
  phone: null,
  notifyBySms: true,
  notifyByEmail: true,
  hasPassword: true,
  googleLinked: false,
};

type Call = { method: string; path: string; body?: unknown };

describe('the account’s Profile tab', () => {
  const real = { get: apiClient.get, post: apiClient.post, patch: apiClient.patch };
  let calls: Call[];
  let onServer: AccountProfile;

  beforeEach(() => {
    calls = [];
    onServer = wanjiru;
    apiClient.get = (async (path: string) => {
      calls.push({ method: 'GET', path });
      return { success: true, data: onServer };
    }) as typeof apiClient.get;
  });

  afterEach(() => Object.assign(apiClient, real));

  function startAccount() {
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: { auth: authReducer, notifications: notificationsReducer, account: accountReducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
    });
    store.dispatch(signedInAs(shopper));
    const task = sagaMiddleware.run(accountSaga);
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }) => ({ kind, text }));
    return { store, toasts, account: () => store.getState().account, stop: () => task.cancel() };
  }

  function answerPosts(answer: (path: string, body: unknown) => unknown) {
    apiClient.post = (async (path: string, body: unknown) => {
      calls.push({ method: 'POST', path, body });
      return answer(path, body);
    }) as typeof apiClient.post;
  }

  it('reads the profile fresh, past every cache', async () => {
    let options: unknown;
    apiClient.get = (async (path: string, given: unknown) => {
      calls.push({ method: 'GET', path });
      options = given;
      return { success: true, data: onServer };
    }) as typeof apiClient.get;
    const { store, account, stop } = startAccount();
    store.dispatch(profileRequested());
    expect(account().isLoading).toBe(true);
    await settle();
    expect(calls).toEqual([{ method: 'GET', path: ACCOUNT_API.profile }]);
    expect(options).toMatchObject({ noCache: true });
    expect(account()).toMatchObject({ profile: wanjiru, isLoading: false, error: null });
    stop();
  });

  it('says why the profile could not be read, and reads it on a retry', async () => {
    apiClient.get = (async () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    }) as typeof apiClient.get;
    const { store, account, stop } = startAccount();
    store.dispatch(profileRequested());
    await settle();
    expect(account()).toMatchObject({ profile: null, isLoading: false, error: MESSAGES.server.serviceUnavailable });
    apiClient.get = (async () => ({ success: true, data: wanjiru })) as typeof apiClient.get;
    store.dispatch(profileRequested());
    await settle();
    expect(account()).toMatchObject({ profile: wanjiru, error: null });
    stop();
  });

  it('saves only the changes, shows the profile as the api kept it, and toasts the api’s words', async () => {
    apiClient.patch = (async (path: string, body: unknown) => {
      calls.push({ method: 'PATCH', path, body });
      return { success: true, message: MESSAGES.account.profileUpdated, data: { ...wanjiru, phone: '254712345678', notifyByEmail: false } };
    }) as typeof apiClient.patch;
    const { store, toasts, account, stop } = startAccount();
    store.dispatch(profileSaveRequested({ phone: '254712345678', notifyByEmail: false }));
    expect(account().profileSave.isSending).toBe(true);
    await settle();
    expect(calls).toEqual([{ method: 'PATCH', path: ACCOUNT_API.profile, body: { phone: '254712345678', notifyByEmail: false } }]);
    expect(account()).toMatchObject({
      profile: { phone: '254712345678', notifyByEmail: false },
      profileSave: { isSending: false, error: null },
    });
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.profileUpdated }]);
    stop();
  });

  it('keeps the profile and says why when the api refuses a change', async () => {
    apiClient.patch = (async () => {
      throw new ApiError(MESSAGES.address.invalidPhone, 'PHONE_INVALID');
    }) as typeof apiClient.patch;
    const { store, toasts, account, stop } = startAccount();
    store.dispatch(profileRequested());
    await settle();
    store.dispatch(profileSaveRequested({ phone: '12345' }));
    await settle();
    expect(account()).toMatchObject({ profile: wanjiru, profileSave: { isSending: false, error: MESSAGES.address.invalidPhone } });
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.address.invalidPhone }]);
    stop();
  });

  it('changes the password, toasts it and counts the change so the form empties', async () => {
    answerPosts(() => ({ success: true, message: MESSAGES.account.passwordChanged, data: null }));
    const { store, toasts, account, stop } = startAccount();
    store.dispatch(passwordChangeRequested({ currentPassword: 'twiga-safari-1', newPassword: 'simba-safari-2' }));
    await settle();
    expect(calls).toEqual([
      { method: 'POST', path: ACCOUNT_API.changePassword, body: { currentPassword: 'twiga-safari-1', newPassword: 'simba-safari-2' } },
    ]);
    expect(account()).toMatchObject({ passwordChange: { isSending: false, error: null }, passwordChanges: 1 });
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.passwordChanged }]);
    stop();
  });

  it('keeps a refused password change in the form, not in a toast, and counts no change', async () => {
    answerPosts(() => {
      throw new ApiError(MESSAGES.account.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
    });
    const { store, toasts, account, stop } = startAccount();
    store.dispatch(passwordChangeRequested({ currentPassword: 'wrong', newPassword: 'simba-safari-2' }));
    await settle();
    expect(account()).toMatchObject({
      passwordChange: { isSending: false, error: MESSAGES.account.currentPasswordWrong },
      passwordChanges: 0,
    });
    expect(toasts()).toEqual([]);
    stop();
  });

  it('asks for a new verification link and says it was sent', async () => {
    answerPosts(() => ({ success: true, message: MESSAGES.account.verificationSent, data: null }));
    const { store, toasts, account, stop } = startAccount();
    store.dispatch(verificationResendRequested());
    await settle();
    expect(calls).toEqual([{ method: 'POST', path: ACCOUNT_API.resendVerification, body: undefined }]);
    expect(account().verificationResend).toEqual({ isSending: false, error: null });
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.verificationSent }]);
    stop();
  });

  it('reads the profile again when the api says the e-mail is verified already (a link opened elsewhere)', async () => {
    answerPosts(() => {
      throw new ApiError(MESSAGES.account.alreadyVerified, 'ALREADY_VERIFIED');
    });
    onServer = { ...wanjiru, emailVerified: true };
    const { store, toasts, account, stop } = startAccount();
    store.dispatch(verificationResendRequested());
    await settle();
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.account.alreadyVerified }]);
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST ${ACCOUNT_API.resendVerification}`,
      `GET ${ACCOUNT_API.profile}`,
    ]);
    expect(account().profile?.emailVerified).toBe(true);
    stop();
  });

  it('does not read the profile again when the resend is only refused for its limit', async () => {
    answerPosts(() => {
      throw new ApiError(MESSAGES.account.tooManyVerificationMails(60_000), 'RATE_LIMITED');
    });
    const { store, toasts, stop } = startAccount();
    store.dispatch(verificationResendRequested());
    await settle();
    expect(calls.map(({ method }) => method)).toEqual(['POST']);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.account.tooManyVerificationMails(60_000) }]);
    stop();
  });

  it('deletes the account with the typed confirmation, toasts the api’s words and marks it deleted for the page to leave', async () => {
    answerPosts(() => ({ success: true, message: MESSAGES.account.deleted, data: null }));
    const { store, toasts, account, stop } = startAccount();
    store.dispatch(accountDeletionRequested({ confirmEmail: 'wanjiru@example.test', password: 'twiga-safari-1' }));
    await settle();
    expect(calls).toEqual([
      { method: 'POST', path: ACCOUNT_API.deleteAccount, body: { confirmEmail: 'wanjiru@example.test', password: 'twiga-safari-1' } },
    ]);
    expect(account()).toMatchObject({ isDeleted: true, deletion: { isSending: false, error: null } });
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.deleted }]);
    // The page signs out once it has left: nothing of the account stays in the store.
    store.dispatch(loggedOut());
    expect(account()).toMatchObject({ profile: null, isDeleted: false });
    stop();
  });

  it('keeps the account and the dialog’s reason when the api refuses the deletion, and forgets the reason when the dialog closes', async () => {
    answerPosts(() => {
      throw new ApiError(MESSAGES.account.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
    });
    const { store, account, stop } = startAccount();
    store.dispatch(accountDeletionRequested({ confirmEmail: 'wanjiru@example.test', password: 'wrong' }));
    await settle();
    expect(account()).toMatchObject({ isDeleted: false, deletion: { isSending: false, error: MESSAGES.account.currentPasswordWrong } });
    store.dispatch(accountDeletionDismissed());
    expect(account().deletion).toEqual({ isSending: false, error: null });
    stop();
  });

  it('forgets the profile on sign-out', () => {
    let state = accountReducer(undefined, profileLoaded(wanjiru));
    state = accountReducer(state, accountDeleted());
    expect(accountReducer(state, loggedOut())).toMatchObject({ profile: null, isDeleted: false });
  });

  it('comes with the account page: no account state until its feature is loaded', () => {
    function* noSagas(): SagaIterator {}
    const store = makeStore({ firstLoadSaga: noSagas });
    expect((store.getState() as unknown as Record<string, unknown>).account).toBeUndefined();
    store.loadFeature(accountFeature);
    expect(store.getState().account).toMatchObject({ profile: null, isLoading: false, isDeleted: false });
  });
});
