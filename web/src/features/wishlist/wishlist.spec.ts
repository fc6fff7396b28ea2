import { MESSAGES, SHOPPER_API, type Product, type WishlistAnswer } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { startApiStore } from '../../testing/api-store';
import { product } from '../../testing/products';
import { settle, shopper } from '../cart/cart-fixtures';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { wishlistApi } from './wishlist.api';
import { wishlistReducer } from './wishlist.slice';

const { getWishlist, toggleWishlist } = wishlistApi.endpoints;

describe("the shopper's wishlist", () => {
  const real = { ...apiClient };
  let requests: { path: string; body?: unknown }[];
  let serverProducts: Product[];
  let failure: ApiError | null;
  /** Holds the answers back until released, to see what happens meanwhile. */
  let gate: Promise<void> | null;

  function answer(path: string, body?: unknown): Promise<WishlistAnswer> {
    requests.push(body === undefined ? { path } : { path, body });
    return (async () => {
      if (gate) await gate;
      if (failure) throw failure;
      return { success: true, wishlist: { products: serverProducts } };
    })();
  }

  beforeEach(() => {
    requests = [];
    serverProducts = [product(1)];
    failure = null;
    gate = null;
    apiClient.get = ((path: string) => answer(path)) as typeof apiClient.get;
    apiClient.post = ((path: string, body?: unknown) => answer(path, body)) as typeof apiClient.post;
  });

  afterEach(() => {
    Object.assign(apiClient, real);
  });

  /** The shop with the shopper's wishlist on screen, as the header shows it. */
  async function startShop() {
    const store = startApiStore({ wishlist: wishlistReducer, notifications: notificationsReducer });
    const shown = store.dispatch(getWishlist.initiate(shopper.id));
    await shown;
    const kept = () =>
      getWishlist
        .select(shopper.id)(store.getState())
        .data?.map((toy) => toy.id);
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text }));
    return { store, shown, kept, toasts };
  }

  it('reads the toys the shopper keeps by their id, newest first as the api keeps them', async () => {
    serverProducts = [product(2), product(1)];
    const { kept } = await startShop();
    expect(requests).toEqual([{ path: SHOPPER_API.wishlist(shopper.id) }]);
    expect(kept()).toEqual([2, 1]);
  });

  it('adds a toy that is not kept, removes one that is, and shows what the api answers', async () => {
    const { store, kept, toasts } = await startShop();
    serverProducts = [product(2), product(1)];
    await store.dispatch(toggleWishlist.initiate({ userId: shopper.id, productId: 2, isKept: false }));
    await settle();
    expect(kept()).toEqual([2, 1]);
    serverProducts = [product(2)];
    await store.dispatch(toggleWishlist.initiate({ userId: shopper.id, productId: 1, isKept: true }));
    await settle();
    expect(requests.slice(1)).toEqual([
      { path: SHOPPER_API.addToWishlist, body: { userId: shopper.id, productId: 2 } },
      { path: SHOPPER_API.removeFromWishlist, body: { userId: shopper.id, productId: 1 } },
    ]);
    expect(kept()).toEqual([2]);
    expect(toasts()).toEqual([
      { kind: 'success', text: MESSAGES.wishlist.added },
      { kind: 'success', text: MESSAGES.wishlist.removed },
    ]);
  });

  it("holds the heart while its toggle is on its way, then keeps the wishlist and says only 'An error occurred' when it fails", async () => {
    const { store, kept, toasts } = await startShop();
    let release = () => {};
    gate = new Promise((resolve) => (release = resolve));
    failure = new ApiError('Product not found', 'PRODUCT_NOT_FOUND');
    const toggling = store.dispatch(toggleWishlist.initiate({ userId: shopper.id, productId: 2, isKept: false }));
    expect(store.getState().wishlist.busyProductIds).toEqual([2]);
    release();
    await toggling;
    expect(store.getState().wishlist.busyProductIds).toEqual([]);
    expect(kept()).toEqual([1]);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.wishlist.toggleFailed }]);
    expect(store.getState().notifications.pending[0]).not.toHaveProperty('detail');
  });

  it('drops the wishlist once nothing shows it, as on signing out', async () => {
    const { store, shown } = await startShop();
    shown.unsubscribe();
    await settle();
    expect(getWishlist.select(shopper.id)(store.getState()).isUninitialized).toBe(true);
  });
});
