import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '@shop/contracts';

export interface WishlistState {
  /** Newest first, as the server keeps them. */
  products: Product[];
  isLoading: boolean;
  error: string | null;
  /** Products with an add or remove in flight: their hearts wait for the answer. */
  busyProductIds: number[];
  /** The header's sheet 'My Wishlist' is open: kept here, as a guest's "open the wishlist" opens it after their sign-in. */
  isSheetOpen: boolean;
}

const initialState: WishlistState = { products: [], isLoading: false, error: null, busyProductIds: [], isSheetOpen: false };

function withoutBusy(state: WishlistState, productId: number) {
  state.busyProductIds = state.busyProductIds.filter((id) => id !== productId);
}

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    wishlistRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    wishlistLoaded(state, action: PayloadAction<Product[]>) {
      state.products = action.payload;
      state.isLoading = false;
      state.error = null;
    },
    wishlistFailed(state, action: PayloadAction<string>) {
      state.products = [];
      state.isLoading = false;
      state.error = action.payload;
    },
    /** Sign-out, or a user who has no wishlist (admin). */
    wishlistCleared() {
      return initialState;
    },
    wishlistSheetOpened(state) {
      state.isSheetOpen = true;
    },
    wishlistSheetClosed(state) {
      state.isSheetOpen = false;
    },
    /** A heart or the sheet's remove button: adds the product when it is not in the wishlist, removes it otherwise. */
    wishlistToggleRequested(_state, _action: PayloadAction<number>) {},
    wishlistToggleStarted(state, action: PayloadAction<number>) {
      if (!state.busyProductIds.includes(action.payload)) state.busyProductIds.push(action.payload);
    },
    wishlistToggled(state, action: PayloadAction<{ productId: number; products: Product[] }>) {
      state.products = action.payload.products;
      withoutBusy(state, action.payload.productId);
    },
    wishlistToggleFailed(state, action: PayloadAction<number>) {
      withoutBusy(state, action.payload);
    },
  },
});

export const {
  wishlistRequested,
  wishlistLoaded,
  wishlistFailed,
  wishlistCleared,
  wishlistSheetOpened,
  wishlistSheetClosed,
  wishlistToggleRequested,
  wishlistToggleStarted,
  wishlistToggled,
  wishlistToggleFailed,
} = wishlistSlice.actions;
export const wishlistReducer = wishlistSlice.reducer;
