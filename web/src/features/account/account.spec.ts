import { ACCOUNT_API, MESSAGES, type AccountProfile } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { apiClient, ApiError } from '../../lib/api-client';
import { startApiStore } from '../../testing/api-store';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { accountApi } from './account.api';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

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

type Call = { method: string; path: string; body?: unknown; options?: unknown };

describe('the account’s Profile tab', () => {
  const real = { get: apiClient.get, post: apiClient.post, patch: apiClient.patch };
  let calls: Call[];
  let onServer: AccountProfile;

  beforeEach(() => {
    calls = [];
    onServer = wanjiru;
    apiClient.get = (async (path: string, options: unknown) => {
      calls.push({ method: 'GET', path, options });
      return { success: true, data: onServer };
    }) as typeof apiClient.get;
  });
  afterEach(() => Object.assign(apiClient, real));

  /** The Profile tab open: its profile read and shown, toasts kept. */
  async function openProfileTab() {
    const store = startApiStore({ notifications: notificationsReducer });
    const tab = store.dispatch(accountApi.endpoints.getProfile.initiate());
    await tab;
    calls.length = 0;
    const shown = () => accountApi.endpoints.getProfile.select()(store.getState());
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text }));
    return { store, tab, shown, toasts };
  }

  function answerPosts(answer: (path: string) => unknown) {
    apiClient.post = (async (path: string, body: unknown) => {
      calls.push({ method: 'POST', path, body });
      return answer(path);
    }) as typeof apiClient.post;
  }

  it('reads the profile fresh, past every cache', async () => {
    const store = startApiStore();
    const tab = store.dispatch(accountApi.endpoints.getProfile.initiate());
    expect(await tab.unwrap()).toEqual(wanjiru);
    expect(calls).toEqual([{ method: 'GET', path: ACCOUNT_API.profile, options: expect.objectContaining({ noCache: true }) }]);
    tab.unsubscribe();
  });

  it('says why the profile could not be read, and reads it on a retry', async () => {
    apiClient.get = (async () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    }) as typeof apiClient.get;
    const store = startApiStore();
    const tab = store.dispatch(accountApi.endpoints.getProfile.initiate());
    const failed = await tab;
    expect(messageOfFailure(failed.error)).toBe(MESSAGES.server.serviceUnavailable);

    apiClient.get = (async () => ({ success: true, data: wanjiru })) as typeof apiClient.get;
    expect(await tab.refetch().unwrap()).toEqual(wanjiru);
    expect(accountApi.endpoints.getProfile.select()(store.getState()).error).toBeUndefined();
    tab.unsubscribe();
  });

  it('keeps nothing of the profile once no screen shows it, so the next person signed in here never sees it', async () => {
    const { store, tab, shown } = await openProfileTab();
    expect(shown().data).toEqual(wanjiru);
    // A sign-out closes the account page, and with it the tab.
    tab.unsubscribe();
    await settle();
    expect(shown().data).toBeUndefined();
    expect(store.getState().api.queries).toEqual({});
  });

  it('saves only the changes, shows the profile as the api kept it without reading it again, and toasts the api’s words', async () => {
    const { store, tab, shown, toasts } = await openProfileTab();
    const saved = { ...wanjiru, phone: '254712345678', notifyByEmail: false };
    apiClient.patch = (async (path: string, body: unknown) => {
      calls.push({ method: 'PATCH', path, body });
      return { success: true, message: MESSAGES.account.profileUpdated, data: saved };
    }) as typeof apiClient.patch;

    await store.dispatch(accountApi.endpoints.updateProfile.initiate({ phone: '254712345678', notifyByEmail: false }));

    expect(calls).toEqual([{ method: 'PATCH', path: ACCOUNT_API.profile, body: { phone: '254712345678', notifyByEmail: false } }]);
    expect(shown().data).toEqual(saved);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.profileUpdated }]);
    tab.unsubscribe();
  });

  it('keeps the profile and toasts why when the api refuses a change', async () => {
    const { store, tab, shown, toasts } = await openProfileTab();
    apiClient.patch = (async () => {
      throw new ApiError(MESSAGES.address.invalidPhone, 'PHONE_INVALID');
    }) as typeof apiClient.patch;

    const refused = await store.dispatch(accountApi.endpoints.updateProfile.initiate({ phone: '12345' }));

    expect(messageOfFailure(refused.error)).toBe(MESSAGES.address.invalidPhone);
    expect(shown().data).toEqual(wanjiru);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.address.invalidPhone }]);
    tab.unsubscribe();
  });

  it('changes the password and toasts it', async () => {
    answerPosts(() => ({ success: true, message: MESSAGES.account.passwordChanged, data: null }));
    const { store, tab, toasts } = await openProfileTab();

    const changed = await store.dispatch(
      accountApi.endpoints.changePassword.initiate({ currentPassword: 'twiga-safari-1', newPassword: 'simba-safari-2' }),
    );

    expect(changed.error).toBeUndefined();
    expect(calls).toEqual([
      { method: 'POST', path: ACCOUNT_API.changePassword, body: { currentPassword: 'twiga-safari-1', newPassword: 'simba-safari-2' } },
    ]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.passwordChanged }]);
    tab.unsubscribe();
  });

  it('leaves a refused password change to the form, not to a toast', async () => {
    answerPosts(() => {
      throw new ApiError(MESSAGES.account.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
    });
    const { store, tab, toasts } = await openProfileTab();

    const refused = await store.dispatch(
      accountApi.endpoints.changePassword.initiate({ currentPassword: 'wrong', newPassword: 'simba-safari-2' }),
    );
    await settle();

    expect(messageOfFailure(refused.error)).toBe(MESSAGES.account.currentPasswordWrong);
    expect(toasts()).toEqual([]);
    tab.unsubscribe();
  });

  it('asks for a new verification link and says it was sent', async () => {
    answerPosts(() => ({ success: true, message: MESSAGES.account.verificationSent, data: null }));
    const { store, tab, toasts } = await openProfileTab();

    await store.dispatch(accountApi.endpoints.resendVerification.initiate());
    await settle();

    expect(calls).toEqual([{ method: 'POST', path: ACCOUNT_API.resendVerification, body: undefined }]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.verificationSent }]);
    tab.unsubscribe();
  });

  it('reads the profile again when the api says the e-mail is verified already (a link opened elsewhere)', async () => {
    answerPosts(() => {
      throw new ApiError(MESSAGES.account.alreadyVerified, 'ALREADY_VERIFIED');
    });
    const { store, tab, shown, toasts } = await openProfileTab();
    onServer = { ...wanjiru, emailVerified: true };

    await store.dispatch(accountApi.endpoints.resendVerification.initiate());
    await settle();

    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.account.alreadyVerified }]);
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST ${ACCOUNT_API.resendVerification}`,
      `GET ${ACCOUNT_API.profile}`,
    ]);
    expect(shown().data?.emailVerified).toBe(true);
    tab.unsubscribe();
  });

  it('does not read the profile again when the resend is only refused for its limit', async () => {
    answerPosts(() => {
      throw new ApiError(MESSAGES.account.tooManyVerificationMails(60_000), 'RATE_LIMITED');
    });
    const { store, tab, toasts } = await openProfileTab();

    await store.dispatch(accountApi.endpoints.resendVerification.initiate());
    await settle();

    expect(calls.map(({ method }) => method)).toEqual(['POST']);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.account.tooManyVerificationMails(60_000) }]);
    tab.unsubscribe();
  });

  it('deletes the account with the typed confirmation and toasts the api’s words', async () => {
    answerPosts(() => ({ success: true, message: MESSAGES.account.deleted, data: null }));
    const { store, tab, toasts } = await openProfileTab();

    const deleted = await store.dispatch(
      accountApi.endpoints.deleteAccount.initiate({ confirmEmail: 'wanjiru@example.test', password: 'twiga-safari-1' }),
    );

    expect(deleted.error).toBeUndefined();
    expect(calls).toEqual([
      { method: 'POST', path: ACCOUNT_API.deleteAccount, body: { confirmEmail: 'wanjiru@example.test', password: 'twiga-safari-1' } },
    ]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.deleted }]);
    tab.unsubscribe();
  });

  it('leaves a refused deletion to the dialog, which shows why, and keeps the profile', async () => {
    answerPosts(() => {
      throw new ApiError(MESSAGES.account.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
    });
    const { store, tab, shown, toasts } = await openProfileTab();

    const refused = await store.dispatch(
      accountApi.endpoints.deleteAccount.initiate({ confirmEmail: 'wanjiru@example.test', password: 'wrong' }),
    );
    await settle();

    expect(messageOfFailure(refused.error)).toBe(MESSAGES.account.currentPasswordWrong);
    expect(toasts()).toEqual([]);
    expect(shown().data).toEqual(wanjiru);
    tab.unsubscribe();
  });
});
