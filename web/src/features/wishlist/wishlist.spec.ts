import { MESSAGES, SHOPPER_API, type Product, type WishlistAnswer } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { product } from '../../testing/products';
import { authChecked, signedInAs } from '../auth/auth.slice';
import { admin, settle, shopper, startShopperStore } from '../cart/cart-fixtures';
import { wishlistSaga } from './wishlist.saga';
import { wishlistReducer, wishlistToggled, wishlistToggleRequested, wishlistToggleStarted } from './wishlist.slice';

describe('the wishlist saga', () => {
  const real = { ...apiClient };
  let requests: { path: string; body?: unknown }[];
  let serverProducts: Product[];
  let failing: boolean;

  async function answer(path: string, body?: unknown): Promise<WishlistAnswer> {
    requests.push(body === undefined ? { path } : { path, body });
    if (failing) throw new ApiError('Not found', 'NOT_FOUND');
    return { success: true, wishlist: { products: serverProducts } };
  }

  beforeEach(() => {
    requests = [];
    serverProducts = [product(1)];
    failing = false;
    apiClient.get = ((path: string) => answer(path)) as typeof apiClient.get;
    apiClient.post = ((path: string, body?: unknown) => answer(path, body)) as typeof apiClient.post;
  });

  afterEach(() => {
    Object.assign(apiClient, real);
  });

  async function signedInShopper() {
    const running = startShopperStore(wishlistSaga);
    running.store.dispatch(signedInAs(shopper));
    await settle();
    requests = [];
    return running;
  }

  it('calls no server and shows no error for a guest, whose heart asks them to sign in instead', async () => {
    const { store, toasts, stop } = startShopperStore(wishlistSaga);
    store.dispatch(authChecked(null));
    store.dispatch(wishlistToggleRequested(1));
    await settle();
    expect(requests).toEqual([]);
    expect(toasts()).toEqual([]);
    stop();
  });

  it("loads the shopper's wishlist on sign-in, and none for an admin", async () => {
    const { store, stop } = startShopperStore(wishlistSaga);
    store.dispatch(signedInAs(admin));
    await settle();
    expect(requests).toEqual([]);
    store.dispatch(signedInAs(shopper));
    await settle();
    expect(requests).toEqual([{ path: SHOPPER_API.wishlist(shopper.id) }]);
    expect(store.getState().wishlist.products).toEqual([product(1)]);
    stop();
  });

  it('adds a product that is not in the wishlist, and removes one that is', async () => {
    const { store, toasts, stop } = await signedInShopper();
    serverProducts = [product(2), product(1)];
    store.dispatch(wishlistToggleRequested(2));
    await settle();
    serverProducts = [product(2)];
    store.dispatch(wishlistToggleRequested(1));
    await settle();
    expect(requests).toEqual([
      { path: SHOPPER_API.addToWishlist, body: { userId: shopper.id, productId: 2 } },
      { path: SHOPPER_API.removeFromWishlist, body: { userId: shopper.id, productId: 1 } },
    ]);
    expect(store.getState().wishlist.products).toEqual([product(2)]);
    expect(toasts()).toEqual([
      { kind: 'success', text: 'Product added to wishlist' },
      { kind: 'success', text: 'Product removed from wishlist' },
    ]);
    stop();
  });

  it('keeps the wishlist and says so when the server fails', async () => {
    const { store, toasts, stop } = await signedInShopper();
    failing = true;
    store.dispatch(wishlistToggleRequested(2));
    await settle();
    expect(store.getState().wishlist).toMatchObject({ products: [product(1)], busyProductIds: [] });
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.wishlist.toggleFailed }]);
    stop();
  });
});

describe('wishlist state', () => {
  it('frees the heart once the answer is in', () => {
    let state = wishlistReducer(undefined, wishlistToggleStarted(3));
    expect(state.busyProductIds).toEqual([3]);
    state = wishlistReducer(state, wishlistToggled({ productId: 3, products: [product(3)] }));
    expect(state).toMatchObject({ busyProductIds: [], products: [product(3)] });
  });
});
