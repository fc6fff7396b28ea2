import { jest } from '@jest/globals';
import { ACCOUNT_API, MESSAGES, ROUTES } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { apiClient, ApiError } from '../../lib/api-client';
import { startApiStore } from '../../testing/api-store';
import { accountApi } from '../account/account.api';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { shopper } from '../orders/order-fixtures';
import { authChecked, authReducer, signedInAs } from './auth.slice';
import { linkTokenOf } from './email-link-token';

const A_DAY_MS = 24 * 3600 * 1000;

describe('the pages the e-mailed links open', () => {
  const realPost = apiClient.post;
  let posts: { path: string; body: unknown }[];
  let answer: (path: string) => Promise<unknown>;

  beforeEach(() => {
    posts = [];
    answer = async () => ({ success: true, message: 'Done.', data: null });
    apiClient.post = (async (path: string, body: unknown) => {
      posts.push({ path, body });
      return answer(path);
    }) as typeof apiClient.post;
  });
  afterEach(() => {
    apiClient.post = realPost;
  });

  /** A guest's browser, as the mail's link opens it. */
  function openLinks() {
    const store = startApiStore({ auth: authReducer, notifications: notificationsReducer });
    store.dispatch(authChecked(null));
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text }));
    return { store, toasts };
  }

  describe('forgot password', () => {
    it('shows the api’s neutral answer, the same words whether or not the address has an account', async () => {
      answer = async () => ({ success: true, message: MESSAGES.account.resetRequested, data: null });
      const { store, toasts } = openLinks();
      const sent = await store.dispatch(accountApi.endpoints.requestResetLink.initiate({ email: 'nobody@example.test' }));
      expect(posts).toEqual([{ path: ACCOUNT_API.forgotPassword, body: { email: 'nobody@example.test' } }]);
      expect(sent.data).toBe(MESSAGES.account.resetRequested);
      expect(toasts()).toEqual([]);
    });

    it('shows the shop’s own words when the api’s answer carries none', async () => {
      answer = async () => ({ success: true, data: null });
      const { store } = openLinks();
      const sent = await store.dispatch(accountApi.endpoints.requestResetLink.initiate({ email: 'wanjiru@example.test' }));
      expect(sent.data).toBe(MESSAGES.account.resetRequested);
    });

    it('says why a request was refused (its limit)', async () => {
      answer = async () => {
        throw new ApiError(MESSAGES.account.tooManyResetRequests(600_000), 'RATE_LIMITED');
      };
      const { store } = openLinks();
      const refused = await store.dispatch(accountApi.endpoints.requestResetLink.initiate({ email: 'wanjiru@example.test' }));
      expect(refused.data).toBeUndefined();
      expect(messageOfFailure(refused.error)).toBe(MESSAGES.account.tooManyResetRequests(600_000));
    });
  });

  describe('reset password', () => {
    it('sets the new password with the link’s token and toasts the api’s words, for the page to go to sign-in', async () => {
      answer = async () => ({ success: true, message: MESSAGES.account.passwordReset, data: null });
      const { store, toasts } = openLinks();
      const set = await store.dispatch(accountApi.endpoints.setNewPassword.initiate({ token: 'tok-123', password: 'simba-safari-2' }));
      expect(set.error).toBeUndefined();
      expect(posts).toEqual([{ path: ACCOUNT_API.resetPassword, body: { token: 'tok-123', password: 'simba-safari-2' } }]);
      expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.passwordReset }]);
    });

    it('forgets a session of this browser, which the api has ended with every other, before the write answers the page', async () => {
      const { store, toasts } = openLinks();
      store.dispatch(signedInAs(shopper));
      // The page goes to sign-in once the write answers: still signed in there, the guard would send it home.
      await store.dispatch(accountApi.endpoints.setNewPassword.initiate({ token: 'tok-123', password: 'simba-safari-2' }));
      expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null });
      expect(toasts()).toEqual([{ kind: 'success', text: 'Done.' }]);
    });

    it('shows the api’s refusal of a used or expired link on the page, not in a toast, and keeps the session', async () => {
      answer = async () => {
        throw new ApiError(MESSAGES.account.linkInvalid, 'LINK_INVALID');
      };
      const { store, toasts } = openLinks();
      store.dispatch(signedInAs(shopper));
      const refused = await store.dispatch(accountApi.endpoints.setNewPassword.initiate({ token: 'used', password: 'simba-safari-2' }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(messageOfFailure(refused.error)).toBe(MESSAGES.account.linkInvalid);
      expect(toasts()).toEqual([]);
      expect(store.getState().auth.user).toEqual(shopper);
    });
  });

  describe('verifying the e-mail', () => {
    it('posts a link’s token once, however often its page asks, and shows its outcome again when the page is opened later', async () => {
      answer = async () => ({ success: true, message: MESSAGES.account.emailVerified, data: null });
      const { store } = openLinks();
      // React's strict mode renders the page twice at once.
      const shown = [
        store.dispatch(accountApi.endpoints.verifyEmail.initiate('tok-1')),
        store.dispatch(accountApi.endpoints.verifyEmail.initiate('tok-1')),
      ];
      await Promise.all(shown);
      jest.useFakeTimers();
      shown.forEach((page) => page.unsubscribe());
      jest.advanceTimersByTime(A_DAY_MS);
      jest.useRealTimers();

      const later = store.dispatch(accountApi.endpoints.verifyEmail.initiate('tok-1'));
      expect(await later.unwrap()).toBe(MESSAGES.account.emailVerified);
      expect(posts).toEqual([{ path: ACCOUNT_API.verifyEmail, body: { token: 'tok-1' } }]);
      later.unsubscribe();
    });

    it('shows the api’s words for a link that did not work, and posts the next link’s token', async () => {
      answer = async () => {
        throw new ApiError(MESSAGES.account.linkInvalid, 'LINK_INVALID');
      };
      const { store } = openLinks();
      const expired = await store.dispatch(accountApi.endpoints.verifyEmail.initiate('expired'));
      expect(messageOfFailure(expired.error)).toBe(MESSAGES.account.linkInvalid);

      answer = async () => ({ success: true, data: null });
      const fresh = await store.dispatch(accountApi.endpoints.verifyEmail.initiate('fresh'));
      expect(posts.map(({ body }) => body)).toEqual([{ token: 'expired' }, { token: 'fresh' }]);
      expect(fresh.data).toBe(MESSAGES.account.emailVerified);
    });
  });

  it('read the token from the link, and none from a link cut short', () => {
    const link = new URL(`${ROUTES.resetPassword}?token=abc-123_XYZ`, 'http://shop.test');
    expect(linkTokenOf(link.searchParams)).toBe('abc-123_XYZ');
    expect(linkTokenOf(new URLSearchParams('token='))).toBeNull();
    expect(linkTokenOf(new URLSearchParams('token=%20'))).toBeNull();
    expect(linkTokenOf(new URLSearchParams(''))).toBeNull();
  });
});
