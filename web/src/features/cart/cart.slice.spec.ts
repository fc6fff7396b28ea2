import type { RootState } from '../../app/store';
import { cartItem, cartOf } from './cart-fixtures';
import { selectCartCount, selectCartSubtotal } from './cart.selectors';
import { cartCleared, cartFailed, cartLineChanged, cartLineChangeFailed, cartLineChangeStarted, cartLoaded, cartReducer, cartRequested, type CartState } from './cart.slice';

const initial = cartReducer(undefined, { type: 'init' });
const asRoot = (cart: CartState) => ({ cart }) as RootState;

describe('cart state', () => {
  it('holds the loaded cart', () => {
    let state = cartReducer(initial, cartRequested());
    expect(state.isLoading).toBe(true);
    state = cartReducer(state, cartLoaded(cartOf(cartItem(1))));
    expect(state).toMatchObject({ cartId: 7, isLoading: false, items: [cartItem(1)] });
  });

  it('shows a cart that could not be fetched as empty, with the reason', () => {
    let state = cartReducer(initial, cartLoaded(cartOf(cartItem(1))));
    state = cartReducer(state, cartFailed('Not authenticated'));
    expect(state).toMatchObject({ items: [], error: 'Not authenticated', isLoading: false });
  });

  it('keeps the lines when a change is refused, and frees the line', () => {
    let state = cartReducer(initial, cartLoaded(cartOf(cartItem(1), cartItem(2))));
    state = cartReducer(state, cartLineChangeStarted(2));
    expect(state.busyProductIds).toEqual([2]);
    state = cartReducer(state, cartLineChangeFailed(2));
    expect(state.items).toHaveLength(2);
    expect(state.busyProductIds).toEqual([]);
  });

  it("takes the server's cart after a change", () => {
    let state = cartReducer(initial, cartLoaded(cartOf(cartItem(1))));
    state = cartReducer(state, cartLineChangeStarted(1));
    state = cartReducer(state, cartLineChanged({ productId: 1, cart: cartOf(cartItem(1, { quantity: 3 })) }));
    expect(state.items[0]?.quantity).toBe(3);
    expect(state.busyProductIds).toEqual([]);
  });

  it('forgets everything on sign-out', () => {
    let state = cartReducer(initial, cartLoaded(cartOf(cartItem(1))));
    state = cartReducer(state, cartLineChangeStarted(1));
    expect(cartReducer(state, cartCleared())).toEqual(initial);
  });
});

describe('cart figures', () => {
  const state = asRoot(cartReducer(initial, cartLoaded(cartOf(cartItem(1, { price: 1500, salePrice: 1200, quantity: 2 }), cartItem(2, { price: 800, salePrice: 0, quantity: 3 })))));

  it('prices each line at its sale price when there is one', () => {
    expect(selectCartSubtotal(state)).toBe(1200 * 2 + 800 * 3);
  });

  it('counts pieces for the badge, not lines', () => {
    expect(selectCartCount(state)).toBe(5);
  });

  it('is zero for an empty cart', () => {
    expect(selectCartSubtotal(asRoot(initial))).toBe(0);
    expect(selectCartCount(asRoot(initial))).toBe(0);
  });
});
