import type { RootState } from '../../app/store';
import { cartItem, cartOf } from './cart-fixtures';
import { selectCartLine } from './cart.selectors';
import {
  cartCleared,
  cartFailed,
  cartLineChanged,
  cartLineChangeFailed,
  cartLineChangeStarted,
  cartLoaded,
  cartReducer,
  cartRequested,
  type CartState,
} from './cart.slice';

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

describe("a product's variations in the cart", () => {
  const red = cartItem(5, { variationId: 51, variationLabel: 'Red', quantity: 2 });
  const blue = cartItem(5, { variationId: 52, variationLabel: 'Blue', quantity: 1 });
  const plain = cartItem(5, { quantity: 4 });
  const state = asRoot(cartReducer(initial, cartLoaded(cartOf(red, blue, plain, cartItem(6, { quantity: 7 })))));

  it('finds each line by product and variation', () => {
    expect(selectCartLine(state, 5, 52)).toEqual(blue);
    expect(selectCartLine(state, 5, null)).toEqual(plain);
    expect(selectCartLine(state, 5, 53)).toBeUndefined();
  });
});
