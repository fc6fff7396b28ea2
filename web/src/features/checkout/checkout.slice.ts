import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaypalQuote } from '@shop/contracts';
import { loggedOut } from '../auth/auth.slice';

/** What PayPal will charge for the cart delivered to the chosen address, as the server priced it. */
export interface PaypalQuoteState {
  /** What the quote shown (or on its way) was asked for (paypalQuoteKey); null before any. */
  key: string | null;
  addressId: number | null;
  quote: PaypalQuote | null;
  isLoading: boolean;
  error: string | null;
}

export interface CheckoutState {
  paypalQuote: PaypalQuoteState;
}

const initialState: CheckoutState = { paypalQuote: { key: null, addressId: null, quote: null, isLoading: false, error: null } };

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    /** The summary shows a cart and an address the quote was not priced for (or the shopper retries): the old amount goes at once. */
    paypalQuoteRequested(state, action: PayloadAction<{ key: string; addressId: number }>) {
      state.paypalQuote = { ...action.payload, quote: null, isLoading: true, error: null };
    },
    paypalQuoteLoaded(state, action: PayloadAction<{ key: string; quote: PaypalQuote }>) {
      // An answer for a cart or an address since changed says nothing about the one on screen.
      if (action.payload.key !== state.paypalQuote.key) return;
      state.paypalQuote = { ...state.paypalQuote, quote: action.payload.quote, isLoading: false, error: null };
    },
    paypalQuoteFailed(state, action: PayloadAction<{ key: string; message: string }>) {
      if (action.payload.key !== state.paypalQuote.key) return;
      state.paypalQuote = { ...state.paypalQuote, isLoading: false, error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { paypalQuoteRequested, paypalQuoteLoaded, paypalQuoteFailed } = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;

/** Typed on the slice's own key so that the saga and its tests need no more of the store than this. */
export const selectPaypalQuote = (state: { checkout: CheckoutState }): PaypalQuoteState => state.checkout.paypalQuote;
