import { fork } from 'redux-saga/effects';
import { MESSAGES, SHOPPER_API, type ApiSuccess, type Cart, type CartLineInput, type Product, type WishlistAnswer } from '@shop/contracts';
import { apiClient } from '../../lib/api-client';
import { memoryStorage } from '../../testing/memory-storage';
import { product } from '../../testing/products';
import { admin, cartItem, cartOf, settle, shopper, startShopperStore } from '../cart/cart-fixtures';
import { cartApi } from '../cart/cart.api';
import { wishlistApi } from '../wishlist/wishlist.api';
import { authChecked, guestBrowsing, loggedOut, signedInAs, signInAskedFor } from './auth.slice';
import { GUEST_INTENT_LIFETIME_MS, rememberGuestIntent, takeGuestIntent, type GuestIntent } from './guest-intent';
import { guestIntentSaga } from './guestIntent.saga';

const addBlueCar: GuestIntent = { kind: 'add-to-cart', request: { productId: 3, variationId: 31, totalStock: 5 } };

describe('finishing what a guest asked for once they sign in', () => {
  const real = { ...apiClient };
  let storage: ReturnType<typeof memoryStorage>;
  let requests: { method: string; path: string; body?: unknown }[];
  let serverCart: Cart;
  let serverWishlist: Product[];
  /** Holds the reads back until released, to see what waits for them. */
  let gate: Promise<void> | null;

  function holdReads(): () => void {
    let release = () => {};
    gate = new Promise((resolve) => (release = resolve));
    return release;
  }

  beforeEach(() => {
    storage = memoryStorage();
    requests = [];
    serverCart = cartOf(cartItem(1));
    serverWishlist = [product(1)];
    gate = null;
    apiClient.get = (async (path: string) => {
      requests.push({ method: 'get', path });
      if (gate) await gate;
      return path.startsWith('/api/wishlist')
        ? ({ success: true, wishlist: { products: serverWishlist } } satisfies WishlistAnswer)
        : ({ success: true, data: serverCart } satisfies ApiSuccess<Cart>);
    }) as typeof apiClient.get;
    apiClient.post = (async (path: string, body?: unknown) => {
      requests.push({ method: 'post', path, body });
      if (path === SHOPPER_API.addToCart) {
        const { productId, variationId } = body as CartLineInput;
        serverCart = cartOf(...serverCart.items, cartItem(productId, { variationId }));
        return { success: true, data: serverCart } satisfies ApiSuccess<Cart>;
      }
      serverWishlist = [product((body as { productId: number }).productId), ...serverWishlist];
      return { success: true, wishlist: { products: serverWishlist } } satisfies WishlistAnswer;
    }) as typeof apiClient.post;
  });

  afterEach(() => {
    Object.assign(apiClient, real);
  });

  /** The shop as the browser runs it: the guest's intent followed across the sign-in. */
  function startShop() {
    const started = startShopperStore(function* () {
      yield fork(guestIntentSaga, storage);
    });
    /** The shopper's cart and wishlist as the header shows them once they are signed in. */
    const showHeader = () => {
      started.store.dispatch(cartApi.endpoints.getCart.initiate(shopper.id));
      started.store.dispatch(wishlistApi.endpoints.getWishlist.initiate(shopper.id));
    };
    return { ...started, showHeader };
  }

  const writes = () => requests.filter((request) => request.method === 'post');

  it('remembers what a guest asked for and says why they must sign in, without calling the server', async () => {
    const { store, toasts, stop } = startShop();
    store.dispatch(authChecked(null));
    store.dispatch(signInAskedFor(addBlueCar));
    store.dispatch(signInAskedFor({ kind: 'add-to-wishlist', productId: 2 }));
    await settle();
    expect(requests).toEqual([]);
    expect(toasts()).toEqual([
      { kind: 'info', text: MESSAGES.cart.loginRequired },
      { kind: 'info', text: MESSAGES.wishlist.loginRequired },
    ]);
    expect(takeGuestIntent(storage)).toEqual({ kind: 'add-to-wishlist', productId: 2 });
    stop();
  });

  it('puts the toy, with the chosen variation, in the cart of the shopper who signs in, once their cart has been read', async () => {
    const { store, showHeader, stop } = startShop();
    store.dispatch(authChecked(null));
    store.dispatch(signInAskedFor(addBlueCar));
    const release = holdReads();
    store.dispatch(signedInAs(shopper));
    showHeader();
    await settle();
    expect(writes()).toEqual([]);
    release();
    await settle();
    await settle();
    const cartRequests = requests.filter((request) => request.path.startsWith('/api/shop/cart'));
    expect(cartRequests).toEqual([
      { method: 'get', path: SHOPPER_API.cart(shopper.id) },
      { method: 'post', path: SHOPPER_API.addToCart, body: { userId: shopper.id, productId: 3, variationId: 31, quantity: 1 } },
    ]);
    const lines = cartApi.endpoints.getCart.select(shopper.id)(store.getState()).data;
    expect(lines?.map((item) => [item.productId, item.variationId])).toEqual([
      [1, null],
      [3, 31],
    ]);
    expect(storage.items.size).toBe(0);
    stop();
  });

  it('finishes it after the full page load of a Google sign-in, when the check finds the shopper', async () => {
    rememberGuestIntent(storage, addBlueCar);
    const { store, toasts, stop } = startShop();
    store.dispatch(authChecked(shopper));
    await settle();
    await settle();
    expect(writes()).toEqual([
      { method: 'post', path: SHOPPER_API.addToCart, body: { userId: shopper.id, productId: 3, variationId: 31, quantity: 1 } },
    ]);
    expect(toasts()).toContainEqual({ kind: 'success', text: MESSAGES.cart.productAdded });
    stop();
  });

  it('refuses the toy, without a write, when the cart holds its whole stock already', async () => {
    serverCart = cartOf(cartItem(3, { variationId: 32, quantity: 5, totalStock: 5 }));
    rememberGuestIntent(storage, addBlueCar);
    const { store, toasts, stop } = startShop();
    store.dispatch(authChecked(shopper));
    await settle();
    await settle();
    expect(writes()).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.cart.onlyQuantityCanBeAdded(5) }]);
    stop();
  });

  it('keeps it while the visitor stays a guest, as after a cancelled Google sign-in', async () => {
    rememberGuestIntent(storage, addBlueCar);
    const { store, stop } = startShop();
    store.dispatch(authChecked(null));
    await settle();
    expect(storage.items.size).toBe(1);
    store.dispatch(signedInAs(shopper));
    await settle();
    await settle();
    expect(writes()).toHaveLength(1);
    stop();
  });

  it("drops it when the guest goes back to browsing: the next sign-in in this tab, theirs or another person's, adds nothing", async () => {
    const { store, stop } = startShop();
    store.dispatch(authChecked(null));
    store.dispatch(signInAskedFor(addBlueCar));
    store.dispatch(guestBrowsing());
    store.dispatch(signedInAs(shopper));
    await settle();
    await settle();
    expect(writes()).toEqual([]);
    expect(storage.items.size).toBe(0);
    stop();
  });

  it('finishes it once: signing out and in again adds nothing more', async () => {
    const { store, stop } = startShop();
    store.dispatch(signInAskedFor(addBlueCar));
    store.dispatch(signedInAs(shopper));
    await settle();
    await settle();
    store.dispatch(loggedOut());
    store.dispatch(signedInAs(shopper));
    await settle();
    await settle();
    expect(writes()).toHaveLength(1);
    stop();
  });

  it('keeps a toy in the wishlist: a heart for a toy already kept does not take it out', async () => {
    const { store, showHeader, stop } = startShop();
    store.dispatch(signInAskedFor({ kind: 'add-to-wishlist', productId: 1 }));
    store.dispatch(signedInAs(shopper));
    await settle();
    await settle();
    expect(writes()).toEqual([]);

    store.dispatch(loggedOut());
    store.dispatch(signInAskedFor({ kind: 'add-to-wishlist', productId: 2 }));
    store.dispatch(signedInAs(shopper));
    showHeader();
    await settle();
    await settle();
    expect(writes()).toEqual([{ method: 'post', path: SHOPPER_API.addToWishlist, body: { userId: shopper.id, productId: 2 } }]);
    const kept = wishlistApi.endpoints.getWishlist.select(shopper.id)(store.getState()).data;
    expect(kept?.map((toy) => toy.id)).toEqual([2, 1]);
    stop();
  });

  it('opens the cart or the wishlist the guest asked to see, once it has been read', async () => {
    const { store, stop } = startShop();
    store.dispatch(signInAskedFor({ kind: 'open-cart' }));
    let release = holdReads();
    store.dispatch(signedInAs(shopper));
    await settle();
    expect(store.getState().cart.isSheetOpen).toBe(false);
    release();
    await settle();
    expect(store.getState().cart.isSheetOpen).toBe(true);

    store.dispatch(loggedOut());
    expect(store.getState().cart.isSheetOpen).toBe(false);
    store.dispatch(signInAskedFor({ kind: 'open-wishlist' }));
    release = holdReads();
    store.dispatch(signedInAs(shopper));
    await settle();
    expect(store.getState().wishlist.isSheetOpen).toBe(false);
    release();
    await settle();
    expect(store.getState().wishlist.isSheetOpen).toBe(true);
    expect(requests.map((request) => request.path)).toEqual([SHOPPER_API.cart(shopper.id), SHOPPER_API.wishlist(shopper.id)]);
    stop();
  });

  it('drops it when an admin signs in: admins keep no cart', async () => {
    const { store, stop } = startShop();
    store.dispatch(signInAskedFor(addBlueCar));
    store.dispatch(signedInAs(admin));
    await settle();
    store.dispatch(loggedOut());
    store.dispatch(signedInAs(shopper));
    await settle();
    await settle();
    expect(requests).toEqual([]);
    stop();
  });

  it('drops it when the shopper signs out before their cart has been read', async () => {
    const { store, stop } = startShop();
    store.dispatch(signInAskedFor(addBlueCar));
    const release = holdReads();
    store.dispatch(signedInAs(shopper));
    await settle();
    store.dispatch(loggedOut());
    release();
    await settle();
    await settle();
    expect(requests).toEqual([{ method: 'get', path: SHOPPER_API.cart(shopper.id) }]);
    stop();
  });
});

describe('the guest intent kept in session storage', () => {
  it('forgets an intent older than its lifetime', () => {
    const storage = memoryStorage();
    rememberGuestIntent(storage, addBlueCar, 1_000);
    expect(takeGuestIntent(storage, 1_000 + GUEST_INTENT_LIFETIME_MS + 1)).toBeNull();
    expect(storage.items.size).toBe(0);
    rememberGuestIntent(storage, addBlueCar, 1_000);
    expect(takeGuestIntent(storage, 1_000 + GUEST_INTENT_LIFETIME_MS)).toEqual(addBlueCar);
  });

  it('reads back only what the shop could have written', () => {
    const storage = memoryStorage();
    const stored = (intent: unknown) => {
      storage.items.set('toyduka.sign-in.intent', JSON.stringify({ intent, savedAt: 5 }));
      return takeGuestIntent(storage, 10);
    };
    expect(stored({ kind: 'add-to-cart', request: { productId: 3, variationId: null, totalStock: 2 } })).toEqual({
      kind: 'add-to-cart',
      request: { productId: 3, variationId: null, totalStock: 2 },
    });
    expect(stored({ kind: 'add-to-cart', request: { productId: '3', variationId: null, totalStock: 2 } })).toBeNull();
    expect(stored({ kind: 'add-to-cart', request: { productId: 3, variationId: -1, totalStock: 2 } })).toBeNull();
    expect(stored({ kind: 'add-to-wishlist', productId: 0 })).toBeNull();
    expect(stored({ kind: 'checkout' })).toBeNull();
    expect(stored({ kind: 'open-cart', extra: '<script>' })).toEqual({ kind: 'open-cart' });
    storage.items.set('toyduka.sign-in.intent', '{not json');
    expect(takeGuestIntent(storage, 10)).toBeNull();
  });

  it('still lets the guest sign in when storage refuses to keep it', () => {
    const refusing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberGuestIntent(refusing, addBlueCar)).not.toThrow();
    expect(takeGuestIntent(refusing)).toBeNull();
  });
});
