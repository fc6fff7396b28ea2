import { MESSAGES, SHOPPER_API, type ApiSuccess, type Cart } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { authChecked, loggedOut, signedInAs } from '../auth/auth.slice';
import { admin, cartItem, cartOf, settle, shopper, startShopperStore } from './cart-fixtures';
import { cartSaga } from './cart.saga';
import { addToCartRequested, cartLineDeleteRequested, cartQuantityChangeRequested, cartRequested } from './cart.slice';

interface Request {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: unknown;
}

describe('the cart saga', () => {
  const real = { ...apiClient };
  let requests: Request[];
  /** The server's cart; each faked call answers it, or throws when a refusal is set. */
  let serverCart: Cart;
  let refusal: ApiError | null;
  /** Holds the answers back until released, to see what happens meanwhile. */
  let gate: Promise<void> | null;

  function answer(request: Request): Promise<ApiSuccess<Cart>> {
    requests.push(request);
    const reply = async () => {
      if (gate) await gate;
      if (refusal) throw refusal;
      return { success: true as const, message: '', data: serverCart };
    };
    return reply();
  }

  beforeEach(() => {
    requests = [];
    serverCart = cartOf(cartItem(1, { quantity: 2, totalStock: 2 }), cartItem(2, { quantity: 1, totalStock: 4 }));
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

  async function signedInShopper() {
    const running = startShopperStore(cartSaga);
    running.store.dispatch(signedInAs(shopper));
    await settle();
    requests = [];
    return running;
  }

  it("loads the shopper's cart on sign-in", async () => {
    const { store, stop } = startShopperStore(cartSaga);
    store.dispatch(authChecked(shopper));
    await settle();
    expect(requests).toEqual([{ method: 'get', path: SHOPPER_API.cart(shopper.id) }]);
    expect(store.getState().cart).toMatchObject({ cartId: 7, isLoading: false, items: serverCart.items });
    stop();
  });

  it('never asks for a cart for an admin or a guest', async () => {
    const { store, stop } = startShopperStore(cartSaga);
    store.dispatch(signedInAs(admin));
    store.dispatch(authChecked(null));
    await settle();
    expect(requests).toEqual([]);
    expect(store.getState().cart.items).toEqual([]);
    stop();
  });

  it('refuses an add beyond the stock without calling the server', async () => {
    const { store, toasts, stop } = await signedInShopper();
    store.dispatch(addToCartRequested({ productId: 1, variationId: null, totalStock: 2 }));
    await settle();
    expect(requests).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'error', text: 'Only 2 quantity can be added for this item' }]);
    stop();
  });

  it('refuses a plus beyond the stock without calling the server', async () => {
    const { store, toasts, stop } = await signedInShopper();
    store.dispatch(cartQuantityChangeRequested({ productId: 1, variationId: null, quantity: 3 }));
    await settle();
    expect(requests).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.cart.onlyQuantityCanBeAdded(2) }]);
    stop();
  });

  it('adds one piece of a product the cart does not hold yet', async () => {
    const { store, toasts, stop } = await signedInShopper();
    serverCart = cartOf(...serverCart.items, cartItem(3));
    store.dispatch(addToCartRequested({ productId: 3, variationId: null, totalStock: 1 }));
    expect(store.getState().cart.busyProductIds).toEqual([3]);
    await settle();
    expect(requests).toEqual([
      { method: 'post', path: SHOPPER_API.addToCart, body: { userId: shopper.id, productId: 3, variationId: null, quantity: 1 } },
    ]);
    expect(store.getState().cart.items.map((item) => item.productId)).toEqual([1, 2, 3]);
    expect(store.getState().cart.busyProductIds).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.cart.productAdded }]);
    stop();
  });

  it('refuses an out-of-stock product even when the cart does not hold it', async () => {
    const { store, toasts, stop } = await signedInShopper();
    store.dispatch(addToCartRequested({ productId: 3, variationId: null, totalStock: 0 }));
    await settle();
    expect(requests).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.cart.onlyQuantityCanBeAdded(0) }]);
    stop();
  });

  it('sends the new quantity of a line and deletes a line', async () => {
    const { store, toasts, stop } = await signedInShopper();
    store.dispatch(cartQuantityChangeRequested({ productId: 2, variationId: null, quantity: 2 }));
    await settle();
    store.dispatch(cartLineDeleteRequested({ productId: 1, variationId: null }));
    await settle();
    expect(requests).toEqual([
      { method: 'put', path: SHOPPER_API.updateCart, body: { userId: shopper.id, productId: 2, variationId: null, quantity: 2 } },
      { method: 'delete', path: SHOPPER_API.deleteCartLine(shopper.id, 1, null) },
    ]);
    expect(toasts()).toEqual([
      { kind: 'success', text: MESSAGES.cart.itemUpdated },
      { kind: 'success', text: MESSAGES.cart.itemDeleted },
    ]);
    stop();
  });

  describe("a product's variations", () => {
    beforeEach(() => {
      serverCart = cartOf(
        cartItem(5, { variationId: 51, variationLabel: 'Red', quantity: 2, totalStock: 4 }),
        cartItem(5, { variationId: 52, variationLabel: 'Blue', quantity: 1, totalStock: 4 }),
      );
    });

    it('sends the variation chosen with the add', async () => {
      const { store, stop } = await signedInShopper();
      store.dispatch(addToCartRequested({ productId: 5, variationId: 52, totalStock: 4 }));
      await settle();
      expect(requests).toEqual([
        { method: 'post', path: SHOPPER_API.addToCart, body: { userId: shopper.id, productId: 5, variationId: 52, quantity: 1 } },
      ]);
      stop();
    });

    it('counts every line of the product against its stock, before any request', async () => {
      const { store, toasts, stop } = await signedInShopper();
      serverCart = cartOf(
        cartItem(5, { variationId: 51, variationLabel: 'Red', quantity: 3, totalStock: 4 }),
        cartItem(5, { variationId: 52, variationLabel: 'Blue', quantity: 1, totalStock: 4 }),
      );
      store.dispatch(cartRequested());
      await settle();
      requests = [];
      store.dispatch(addToCartRequested({ productId: 5, variationId: null, totalStock: 4 }));
      store.dispatch(cartQuantityChangeRequested({ productId: 5, variationId: 52, quantity: 2 }));
      await settle();
      expect(requests).toEqual([]);
      expect(toasts()).toEqual([
        { kind: 'error', text: MESSAGES.cart.onlyQuantityCanBeAdded(4) },
        { kind: 'error', text: MESSAGES.cart.onlyQuantityCanBeAdded(4) },
      ]);
      stop();
    });

    it("changes and deletes one variation's line only", async () => {
      const { store, stop } = await signedInShopper();
      store.dispatch(cartQuantityChangeRequested({ productId: 5, variationId: 52, quantity: 2 }));
      await settle();
      store.dispatch(cartLineDeleteRequested({ productId: 5, variationId: 51 }));
      await settle();
      expect(requests).toEqual([
        { method: 'put', path: SHOPPER_API.updateCart, body: { userId: shopper.id, productId: 5, variationId: 52, quantity: 2 } },
        { method: 'delete', path: SHOPPER_API.deleteCartLine(shopper.id, 5, 51) },
      ]);
      stop();
    });

    it("holds a product's other lines while one of them is on its way", async () => {
      const { store, stop } = await signedInShopper();
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      store.dispatch(cartQuantityChangeRequested({ productId: 5, variationId: 52, quantity: 2 }));
      store.dispatch(addToCartRequested({ productId: 5, variationId: 51, totalStock: 4 }));
      release();
      await settle();
      expect(requests.map((request) => request.method)).toEqual(['put']);
      stop();
    });
  });

  it('never sends a quantity below one', async () => {
    const { store, stop } = await signedInShopper();
    store.dispatch(cartQuantityChangeRequested({ productId: 2, variationId: null, quantity: 0 }));
    await settle();
    expect(requests).toEqual([]);
    stop();
  });

  it("keeps the cart as it was when the server refuses, and shows the server's reason", async () => {
    const { store, toasts, stop } = await signedInShopper();
    const before = store.getState().cart.items;
    refusal = new ApiError(MESSAGES.cart.onlyQuantityCanBeAdded(1), 'CART_QUANTITY_OVER_STOCK');
    store.dispatch(cartQuantityChangeRequested({ productId: 2, variationId: null, quantity: 2 }));
    await settle();
    expect(store.getState().cart.items).toEqual(before);
    expect(store.getState().cart.busyProductIds).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.cart.onlyQuantityCanBeAdded(1) }]);
    stop();
  });

  it('ignores a second change of a line while the first is on its way', async () => {
    const { store, stop } = await signedInShopper();
    let release = () => {};
    gate = new Promise((resolve) => (release = resolve));
    store.dispatch(addToCartRequested({ productId: 2, variationId: null, totalStock: 4 }));
    store.dispatch(addToCartRequested({ productId: 2, variationId: null, totalStock: 4 }));
    release();
    await settle();
    expect(requests).toHaveLength(1);
    stop();
  });

  it('empties the cart on sign-out and drops an answer that arrives afterwards', async () => {
    const { store, stop } = await signedInShopper();
    let release = () => {};
    gate = new Promise((resolve) => (release = resolve));
    store.dispatch(addToCartRequested({ productId: 2, variationId: null, totalStock: 4 }));
    store.dispatch(loggedOut());
    release();
    await settle();
    expect(store.getState().cart).toMatchObject({ items: [], busyProductIds: [] });
    stop();
  });
});
