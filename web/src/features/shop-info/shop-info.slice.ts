import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShopInfo } from '@shop/contracts';

/** The shop's phone, hours and address, read once per visit from the api (they change only with a deploy). */
export interface ShopInfoState {
  info: ShopInfo | null;
  isLoading: boolean;
  /** Set once every try has failed: the contact strip then leaves the details out rather than show stale or made-up ones. */
  error: string | null;
}

const initialState: ShopInfoState = { info: null, isLoading: false, error: null };

const shopInfoSlice = createSlice({
  name: 'shopInfo',
  initialState,
  reducers: {
    /** Each screen that shows the details asks; the saga reads them only while they are not known yet. */
    shopInfoRequested(state) {
      if (state.info !== null) return;
      state.isLoading = true;
      state.error = null;
    },
    shopInfoLoaded(_state, action: PayloadAction<ShopInfo>) {
      return { info: action.payload, isLoading: false, error: null };
    },
    shopInfoFailed(state, action: PayloadAction<string>) {
      state.isLoading = false;
      state.error = action.payload;
    },
  },
});

export const { shopInfoRequested, shopInfoLoaded, shopInfoFailed } = shopInfoSlice.actions;
export const shopInfoReducer = shopInfoSlice.reducer;
