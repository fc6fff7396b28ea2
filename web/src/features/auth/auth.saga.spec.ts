import { MESSAGES } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { settle, shopper, startShopperStore } from '../cart/cart-fixtures';
import { authSaga, googleSignInReturnOf } from './auth.saga';
import { logoutRequested, signedInAs } from './auth.slice';

describe("reading the api's verdict on a Google sign-in from the URL", () => {
  it('knows success, each known failure, and treats an unknown failure as a failure', () => {
    expect(googleSignInReturnOf('?google=signed-in&returnTo=%2Fshop%2Flisting')).toBe('signed-in');
    expect(googleSignInReturnOf('?googleError=cancelled')).toBe('cancelled');
    expect(googleSignInReturnOf('?googleError=emailNotVerified')).toBe('emailNotVerified');
    expect(googleSignInReturnOf('?googleError=<script>')).toBe('failed');
    expect(googleSignInReturnOf('?category=toys')).toBeUndefined();
  });
});

describe('signing out', () => {
  const real = { ...apiClient };
  afterEach(() => {
    Object.assign(apiClient, real);
  });

  it('forgets the session even when the server cannot be told, and says so, as the page may stay on screen', async () => {
    apiClient.post = (async () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    }) as typeof apiClient.post;
    const { store, toasts, stop } = startShopperStore(authSaga);
    store.dispatch(signedInAs(shopper));
    store.dispatch(logoutRequested());
    await settle();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null, isLoading: false });
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.login.loggedOut }]);
    stop();
  });
});
