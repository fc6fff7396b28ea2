import { MESSAGES, SHOPPER_API, type ApiSuccess, type Cart, type CartItem } from '@shop/contracts';
import { shopApi } from '../../app/shop.api';
import { apiClient, ApiError } from '../../lib/api-client';
import { startApiStore } from '../../testing/api-store';
import { authReducer, signedInAs } from '../auth/auth.slice';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { cartItem, cartOf, settle, shopper } from './cart-fixtures';
import { cartApi } from './cart.api';
import { selectCartItems } from './cart.selectors';
import { cartReducer } from './cart.slice';
import { shownList } from './shown-list';

interface Request {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: unknown;
}

const { getCart, addToCart, updateCartLine, deleteCartLine } = cartApi.endpoints;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the shopper's cart", () => {
  const real = { ...apiClient };
  let requests: Request[];
  /** The server's cart, which every faked call answers, or a refusal when one is set. */
  let serverItems: CartItem[];
  let refusal: ApiError | null;
  /** Holds the answers back until released, to see what happens meanwhile. */
  let gate: Promise<void> | null;

  function answer(request: Request): Promise<ApiSuccess<Cart>> {
    requests.push(request);
    return (async () => {
      if (gate) await gate;
      if (refusal) throw refusal;
      return { success: true, data: cartOf(...serverItems) };
    })();
  }

  function holdAnswers(): () => void {
    let release = () => {};
    gate = new Promise((resolve) => (release = resolve));
    return release;
  }

  beforeEach(() => {
    requests = [];
    serverItems = [cartItem(1, { quantity: 2, totalStock: 2 }), cartItem(5, { variationId: 51, variationLabel: 'Red', totalStock: 4 })];
    refusal = null;
    gate = null;
    apiClient.get = ((path: string) => answer({ method: 'get', path })) as typeof apiClient.get;
    apiClient.post = ((path: string, body?: unknown) => answer({ method: 'post', path, body })) as typeof apiClient.post;
    apiClient.put = ((path: string, body?: unknown) => answer({ method: 'put', path, body })) as typeof apiClient.put;
    apiClient.delete = ((path: string) => answer({ method: 'delete', path })) as typeof apiClient.delete;
  });

  afterEach(() => {
    Object.assign(apiClient, real);
  });

  /** The shop with the shopper signed in and their cart on screen, as the header shows it. */
  async function startShop() {
    const store = startApiStore({ auth: authReducer, cart: cartReducer, notifications: notificationsReducer });
    store.dispatch(signedInAs(shopper));
    const shown = store.dispatch(getCart.initiate(shopper.id));
    await shown;
    requests = [];
    const lines = () =>
      getCart
        .select(shopper.id)(store.getState())
        .data?.map((item) => [item.productId, item.variationId, item.quantity]);
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text }));
    return { store, shown, lines, toasts };
  }

  it("reads the shopper's lines by their id, once for every screen that shows them", async () => {
    const store = startApiStore();
    const shown = [store.dispatch(getCart.initiate(shopper.id)), store.dispatch(getCart.initiate(shopper.id))];
    await Promise.all(shown);
    expect(requests).toEqual([{ method: 'get', path: SHOPPER_API.cart(shopper.id) }]);
    expect(getCart.select(shopper.id)(store.getState()).data).toEqual(serverItems);
  });

  it("adds one piece of the variation chosen, and shows the api's answer with no second read", async () => {
    const { store, lines, toasts } = await startShop();
    serverItems = [...serverItems, cartItem(3, { variationId: 31, variationLabel: 'Blue' })];
    await store.dispatch(addToCart.initiate({ userId: shopper.id, productId: 3, variationId: 31, quantity: 1 }));
    await settle();
    expect(requests).toEqual([
      { method: 'post', path: SHOPPER_API.addToCart, body: { userId: shopper.id, productId: 3, variationId: 31, quantity: 1 } },
    ]);
    expect(lines()).toEqual([
      [1, null, 2],
      [5, 51, 1],
      [3, 31, 1],
    ]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.cart.productAdded }]);
  });

  it("sends a line's new quantity, and deletes one variation's line only", async () => {
    const { store, lines, toasts } = await startShop();
    serverItems = [cartItem(1, { quantity: 2 }), cartItem(5, { variationId: 51, quantity: 3 })];
    await store.dispatch(updateCartLine.initiate({ userId: shopper.id, productId: 5, variationId: 51, quantity: 3 }));
    await settle();
    expect(lines()).toEqual([
      [1, null, 2],
      [5, 51, 3],
    ]);
    serverItems = [cartItem(1, { quantity: 2 })];
    await store.dispatch(deleteCartLine.initiate({ userId: shopper.id, productId: 5, variationId: 51 }));
    await settle();
    expect(requests).toEqual([
      { method: 'put', path: SHOPPER_API.updateCart, body: { userId: shopper.id, productId: 5, variationId: 51, quantity: 3 } },
      { method: 'delete', path: SHOPPER_API.deleteCartLine(shopper.id, 5, 51) },
    ]);
    expect(lines()).toEqual([[1, null, 2]]);
    expect(toasts()).toEqual([
      { kind: 'success', text: MESSAGES.cart.itemUpdated },
      { kind: 'success', text: MESSAGES.cart.itemDeleted },
    ]);
  });

  it("keeps the cart as it was when the api refuses, and shows the api's reason", async () => {
    const { store, lines, toasts } = await startShop();
    const before = lines();
    refusal = new ApiError(MESSAGES.cart.onlyQuantityCanBeAdded(1), 'CART_QUANTITY_OVER_STOCK');
    await store.dispatch(updateCartLine.initiate({ userId: shopper.id, productId: 5, variationId: 51, quantity: 2 }));
    expect(lines()).toEqual(before);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.cart.onlyQuantityCanBeAdded(1) }]);
  });

  it('holds every button of a product while one of its lines is on its way, and frees them whatever the answer', async () => {
    const { store } = await startShop();
    const release = holdAnswers();
    const changing = store.dispatch(updateCartLine.initiate({ userId: shopper.id, productId: 5, variationId: 51, quantity: 2 }));
    expect(store.getState().cart.busyProductIds).toEqual([5]);
    release();
    await changing;
    expect(store.getState().cart.busyProductIds).toEqual([]);

    refusal = new ApiError(MESSAGES.cart.notInCart, 'NOT_FOUND');
    const refused = store.dispatch(deleteCartLine.initiate({ userId: shopper.id, productId: 1, variationId: null }));
    expect(store.getState().cart.busyProductIds).toEqual([1]);
    await refused;
    expect(store.getState().cart.busyProductIds).toEqual([]);
  });

  it('drops the cart once nothing shows it, as on signing out, and an answer that arrives afterwards does not bring it back', async () => {
    const { store, shown } = await startShop();
    const release = holdAnswers();
    const adding = store.dispatch(addToCart.initiate({ userId: shopper.id, productId: 3, variationId: null, quantity: 1 }));
    shown.unsubscribe();
    await settle();
    expect(getCart.select(shopper.id)(store.getState()).isUninitialized).toBe(true);
    release();
    await adding;
    await pause(10);
    expect(getCart.select(shopper.id)(store.getState()).isUninitialized).toBe(true);
  });

  it('reads the cart again when it is marked stale (a paid order took its lines)', async () => {
    const { store, lines } = await startShop();
    serverItems = [];
    store.dispatch(shopApi.util.invalidateTags(['Cart']));
    await settle();
    expect(requests).toEqual([{ method: 'get', path: SHOPPER_API.cart(shopper.id) }]);
    expect(lines()).toEqual([]);
  });

  it('shows a cart that could not be read as empty, with the reason, and pays for none of it', async () => {
    const { store } = await startShop();
    refusal = new ApiError(MESSAGES.server.networkError, null);
    await store.dispatch(getCart.initiate(shopper.id, { forceRefetch: true }));
    const read = getCart.select(shopper.id)(store.getState());
    expect(read.data).toHaveLength(2);
    const shown = shownList({ ...read, currentData: read.data, isFetching: false, refetch: () => undefined });
    expect(shown).toMatchObject({ items: [], error: MESSAGES.server.networkError });
    expect(selectCartItems(store.getState())).toEqual([]);
  });
});

describe('a list of the shopper on screen', () => {
  it('keeps its lines while they are read again, and reads again when asked', () => {
    let reads = 0;
    const shown = shownList({ currentData: [cartItem(1)], isFetching: true, isError: false, refetch: () => (reads += 1) });
    expect(shown).toMatchObject({ items: [cartItem(1)], isLoading: true, error: null });
    shown.retry();
    expect(reads).toBe(1);
  });
});
