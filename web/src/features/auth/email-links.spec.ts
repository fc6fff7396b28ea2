import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { ACCOUNT_API, MESSAGES, ROUTES } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { notificationsReducer } from '../notifications/notifications.slice';
import { shopper } from '../orders/order-fixtures';
import { authChecked, authReducer, signedInAs } from './auth.slice';
import { linkTokenOf } from './email-link-token';
import { emailLinksSaga } from './email-links.saga';
import {
  emailLinkFormLeft,
  emailLinksReducer,
  emailVerificationRequested,
  newPasswordRequested,
  passwordResetLinkRequested,
} from './email-links.slice';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

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

  function startLinks() {
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: { auth: authReducer, notifications: notificationsReducer, emailLinks: emailLinksReducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
    });
    store.dispatch(authChecked(null));
    const task = sagaMiddleware.run(emailLinksSaga);
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }) => ({ kind, text }));
    return { store, toasts, links: () => store.getState().emailLinks, stop: () => task.cancel() };
  }

  describe('forgot password', () => {
    it('shows the api’s neutral answer, the same words whether or not the address has an account', async () => {
      answer = async () => ({ success: true, message: MESSAGES.account.resetRequested, data: null });
      const { store, links, stop } = startLinks();
      store.dispatch(passwordResetLinkRequested({ email: 'nobody@example.test' }));
      expect(links().forgotPassword.isSending).toBe(true);
      await settle();
      expect(posts).toEqual([{ path: ACCOUNT_API.forgotPassword, body: { email: 'nobody@example.test' } }]);
      expect(links().forgotPassword).toEqual({ isSending: false, done: MESSAGES.account.resetRequested, error: null });
      stop();
    });

    it('says why a request was refused (its limit), and forgets it when the page is left', async () => {
      answer = async () => {
        throw new ApiError(MESSAGES.account.tooManyResetRequests(600_000), 'RATE_LIMITED');
      };
      const { store, links, stop } = startLinks();
      store.dispatch(passwordResetLinkRequested({ email: 'wanjiru@example.test' }));
      await settle();
      expect(links().forgotPassword).toEqual({ isSending: false, done: null, error: MESSAGES.account.tooManyResetRequests(600_000) });
      store.dispatch(emailLinkFormLeft());
      expect(links().forgotPassword).toEqual({ isSending: false, done: null, error: null });
      stop();
    });
  });

  describe('reset password', () => {
    it('sets the new password with the link’s token, toasts the api’s words and is done, for the page to go to sign-in', async () => {
      answer = async () => ({ success: true, message: MESSAGES.account.passwordReset, data: null });
      const { store, toasts, links, stop } = startLinks();
      store.dispatch(newPasswordRequested({ token: 'tok-123', password: 'simba-safari-2' }));
      await settle();
      expect(posts).toEqual([{ path: ACCOUNT_API.resetPassword, body: { token: 'tok-123', password: 'simba-safari-2' } }]);
      expect(links().resetPassword).toEqual({ isSending: false, done: MESSAGES.account.passwordReset, error: null });
      expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.account.passwordReset }]);
      stop();
    });

    it('forgets a session of this browser, which the api has ended with every other', async () => {
      const { store, links, stop } = startLinks();
      store.dispatch(signedInAs(shopper));
      store.dispatch(newPasswordRequested({ token: 'tok-123', password: 'simba-safari-2' }));
      await settle();
      expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null });
      expect(links().resetPassword.done).toBe('Done.');
      stop();
    });

    it('shows the api’s refusal of a used or expired link, and keeps the session', async () => {
      answer = async () => {
        throw new ApiError(MESSAGES.account.linkInvalid, 'LINK_INVALID');
      };
      const { store, toasts, links, stop } = startLinks();
      store.dispatch(signedInAs(shopper));
      store.dispatch(newPasswordRequested({ token: 'used', password: 'simba-safari-2' }));
      await settle();
      expect(links().resetPassword).toEqual({ isSending: false, done: null, error: MESSAGES.account.linkInvalid });
      expect(toasts()).toEqual([]);
      expect(store.getState().auth.user).toEqual(shopper);
      stop();
    });
  });

  describe('verifying the e-mail', () => {
    it('posts a link’s token once, however often its page asks', async () => {
      answer = async () => ({ success: true, message: MESSAGES.account.emailVerified, data: null });
      const { store, links, stop } = startLinks();
      // React's strict mode runs the page's effect twice; a later render asks again.
      store.dispatch(emailVerificationRequested('tok-1'));
      store.dispatch(emailVerificationRequested('tok-1'));
      expect(links().verification).toEqual({ token: 'tok-1', status: 'verifying', message: null });
      await settle();
      store.dispatch(emailVerificationRequested('tok-1'));
      await settle();
      expect(posts).toEqual([{ path: ACCOUNT_API.verifyEmail, body: { token: 'tok-1' } }]);
      expect(links().verification).toEqual({ token: 'tok-1', status: 'verified', message: MESSAGES.account.emailVerified });
      stop();
    });

    it('shows the api’s words for a link that did not work, and posts the next link’s token', async () => {
      answer = async () => {
        throw new ApiError(MESSAGES.account.linkInvalid, 'LINK_INVALID');
      };
      const { store, links, stop } = startLinks();
      store.dispatch(emailVerificationRequested('expired'));
      await settle();
      expect(links().verification).toEqual({ token: 'expired', status: 'failed', message: MESSAGES.account.linkInvalid });
      answer = async () => ({ success: true, message: MESSAGES.account.emailVerified, data: null });
      store.dispatch(emailVerificationRequested('fresh'));
      await settle();
      expect(posts.map(({ body }) => body)).toEqual([{ token: 'expired' }, { token: 'fresh' }]);
      expect(links().verification.status).toBe('verified');
      stop();
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
