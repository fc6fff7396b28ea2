import { createSlice, type UnknownAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/auth.slice';

/** The screen's own state of a shopper's list in the header (the cart, the wishlist); the list itself is the api cache's. */
export interface ShopperListState {
  /** Its sheet is open: kept here, as a guest's "open the cart" (or wishlist) opens it after their sign-in. */
  isSheetOpen: boolean;
  /** Products with a write on its way: their buttons wait for its answer. */
  busyProductIds: number[];
}

type ProductWriteAction = UnknownAction & { meta: { arg: { originalArgs: { productId: number } } } };
type ProductWriteMatcher = (action: UnknownAction) => action is ProductWriteAction;

/** A write of one product of the list: a mutation, whose actions tell when it leaves and when its answer is in. */
interface ProductWrite {
  matchPending: ProductWriteMatcher;
  matchFulfilled: ProductWriteMatcher;
  matchRejected: ProductWriteMatcher;
}

const initialState: ShopperListState = { isSheetOpen: false, busyProductIds: [] };

/**
 * The list's sheet and busy products, the latter kept from its writes' own actions, so that every button of a product
 * waits for a write sent from anywhere: another card, the product view, the sheet, a guest's intent after sign-in.
 */
export function createShopperListSlice(name: 'cart' | 'wishlist', writes: ProductWrite[]) {
  const productOf = (action: ProductWriteAction) => action.meta.arg.originalArgs.productId;
  return createSlice({
    name,
    initialState,
    reducers: {
      sheetOpened(state) {
        state.isSheetOpen = true;
      },
      sheetClosed(state) {
        state.isSheetOpen = false;
      },
    },
    extraReducers: (builder) => {
      builder
        .addCase(loggedOut, () => initialState)
        .addMatcher(
          (action) => writes.some((write) => write.matchPending(action)),
          (state, action: ProductWriteAction) => {
            if (!state.busyProductIds.includes(productOf(action))) state.busyProductIds.push(productOf(action));
          },
        )
        .addMatcher(
          (action) => writes.some((write) => write.matchFulfilled(action) || write.matchRejected(action)),
          (state, action: ProductWriteAction) => {
            state.busyProductIds = state.busyProductIds.filter((id) => id !== productOf(action));
          },
        );
    },
  });
}
