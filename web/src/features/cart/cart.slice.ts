import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Cart, CartItem } from '@shop/contracts';

export interface CartState {
  /** Null until the shopper's first add makes the cart (and for admins and guests, who have none). */
  cartId: number | null;
  items: CartItem[];
  /** The whole cart is being (re)loaded. */
  isLoading: boolean;
  error: string | null;
  /**
   * Products with an add, update or delete in flight: all their lines' buttons wait for the answer,
   * as the lines of one product share its stock.
   */
  busyProductIds: number[];
  /** The header's sheet 'Your Cart' is open: kept here, as a guest's "open the cart" opens it after their sign-in. */
  isSheetOpen: boolean;
}

/** Which line of the cart: a product, and the variation chosen or null. */
export type CartLineKey = Pick<CartItem, 'productId' | 'variationId'>;

/** One more piece of a product, asked for from a card or the product view. */
export interface AddToCartRequest {
  productId: number;
  /** The variation the product view shows, or null (a card, or the product's own picture). */
  variationId: number | null;
  /** The catalogue's stock of the product, as the card or dialog shows it. */
  totalStock: number;
}

export interface QuantityChangeRequest extends CartLineKey {
  quantity: number;
}

const initialState: CartState = { cartId: null, items: [], isLoading: false, error: null, busyProductIds: [], isSheetOpen: false };

function withoutBusy(state: CartState, productId: number) {
  state.busyProductIds = state.busyProductIds.filter((id) => id !== productId);
}

function replaceCart(state: CartState, cart: Cart) {
  state.cartId = cart.id;
  state.items = cart.items;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** Loads the signed-in shopper's cart again (after sign-in, or when a page needs it fresh). */
    cartRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    cartLoaded(state, action: PayloadAction<Cart>) {
      replaceCart(state, action.payload);
      state.isLoading = false;
      state.error = null;
    },
    /** A cart that could not be fetched is shown empty (docs/product.md, Web routes). */
    cartFailed(state, action: PayloadAction<string>) {
      state.cartId = null;
      state.items = [];
      state.isLoading = false;
      state.error = action.payload;
    },
    /** Sign-out, or a user who has no cart (admin). */
    cartCleared() {
      return initialState;
    },
    cartSheetOpened(state) {
      state.isSheetOpen = true;
    },
    cartSheetClosed(state) {
      state.isSheetOpen = false;
    },

    addToCartRequested(_state, _action: PayloadAction<AddToCartRequest>) {},
    cartQuantityChangeRequested(_state, _action: PayloadAction<QuantityChangeRequest>) {},
    cartLineDeleteRequested(_state, _action: PayloadAction<CartLineKey>) {},

    /** A request for this line has passed the client's checks and left for the server. */
    cartLineChangeStarted(state, action: PayloadAction<number>) {
      if (!state.busyProductIds.includes(action.payload)) state.busyProductIds.push(action.payload);
    },
    cartLineChanged(state, action: PayloadAction<{ productId: number; cart: Cart }>) {
      replaceCart(state, action.payload.cart);
      withoutBusy(state, action.payload.productId);
    },
    /**
     * The server refused: the cart stays as it was. The old app's "clears the items on failure" was a
     * defect of the old app (one refused plus emptied the whole sheet) and is not copied.
     */
    cartLineChangeFailed(state, action: PayloadAction<number>) {
      withoutBusy(state, action.payload);
    },
  },
});

export const {
  cartRequested,
  cartLoaded,
  cartFailed,
  cartCleared,
  cartSheetOpened,
  cartSheetClosed,
  addToCartRequested,
  cartQuantityChangeRequested,
  cartLineDeleteRequested,
  cartLineChangeStarted,
  cartLineChanged,
  cartLineChangeFailed,
} = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
