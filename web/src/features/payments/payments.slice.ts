import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type MpesaPaymentInput, type PaymentMethod } from '@shop/contracts';
import { loggedOut } from '../auth/auth.slice';
import type { PaymentStanding } from './payment-standing';
import type { PaypalReturn } from './paypal-return';

/** The order whose payment a screen follows (the M-Pesa waiting panel, the PayPal return page), and where it stands. */
export interface FollowedPayment extends PaymentStanding {
  orderId: number;
  method: PaymentMethod;
}

/**
 * idle: not on the return page; capturing: asking the server to capture; following: the capture
 * is queued and the order is followed (see `followed`); cancelling: the payer cancelled on PayPal
 * and the server is asked to close the order; cancelled: the payer cancelled, and `message` says
 * the order was closed (null when there was no order to close); refused: the server (or the page
 * itself) refused the return, `message` says why.
 */
export type PaypalReturnStage = 'idle' | 'capturing' | 'following' | 'cancelling' | 'cancelled' | 'refused';

/**
 * Why the shop cannot tell whether the last STK push reached the phone: `push` Daraja did not
 * confirm it (the order is followed all the same); `start` the shop gave no answer, or failed after
 * placing the order, so there is no order to follow and the shopper is sent to My Orders. Either
 * way the prompt may be on the phone: nothing offers to pay again.
 */
export type MpesaStartDoubt = 'push' | 'start';

export interface PaymentsState {
  /** A payment is being started (order placed, STK push or PayPal order made): the pay buttons wait. */
  startingMethod: PaymentMethod | null;
  /** The first M-Pesa click reveals this input, the second sends the push to its number. */
  mpesaPhone: { isOpen: boolean; value: string; error: string | null };
  /** The last STK push asked for, which 'Try again' repeats (a new order from the same cart). */
  lastMpesaPush: MpesaPaymentInput | null;
  mpesaStartDoubt: MpesaStartDoubt | null;
  followed: FollowedPayment | null;
  paypalReturn: { stage: PaypalReturnStage; message: string | null };
}

const initialState: PaymentsState = {
  startingMethod: null,
  mpesaPhone: { isOpen: false, value: '', error: null },
  lastMpesaPush: null,
  mpesaStartDoubt: null,
  followed: null,
  paypalReturn: { stage: 'idle', message: null },
};

const closedPhone: PaymentsState['mpesaPhone'] = { isOpen: false, value: '', error: null };

const paymentsSlice = createSlice({
  name: 'payments',
  initialState,
  reducers: {
    /** The first M-Pesa click: the input opens with the delivery address's phone. */
    mpesaPhoneRevealed(state, action: PayloadAction<string>) {
      state.mpesaPhone = { isOpen: true, value: action.payload, error: null };
    },
    mpesaPhoneChanged(state, action: PayloadAction<string>) {
      state.mpesaPhone.value = action.payload;
      state.mpesaPhone.error = null;
    },
    mpesaPhoneRefused(state, action: PayloadAction<string>) {
      state.mpesaPhone.error = action.payload;
    },
    /** The second M-Pesa click, for the order's delivery address; the saga checks the phone first. */
    mpesaPaymentRequested(_state, _action: PayloadAction<number>) {},
    mpesaRetryRequested() {},
    mpesaPushStarted(state, action: PayloadAction<MpesaPaymentInput>) {
      state.startingMethod = 'mpesa';
      state.lastMpesaPush = action.payload;
      state.mpesaStartDoubt = null;
      state.followed = null;
    },
    /** The push is on the phone (or, unconfirmed by Daraja, may be); the input is hidden and cleared. */
    mpesaPushAccepted(state, action: PayloadAction<{ confirmed: boolean }>) {
      state.startingMethod = null;
      state.mpesaPhone = closedPhone;
      state.mpesaStartDoubt = action.payload.confirmed ? null : 'push';
    },
    /** The start got no answer, or the shop failed after placing the order: the push may be on the phone, so nothing repeats it. */
    mpesaStartUnconfirmed(state) {
      state.startingMethod = null;
      state.mpesaPhone = closedPhone;
      state.lastMpesaPush = null;
      state.mpesaStartDoubt = 'start';
    },
    paypalPaymentRequested(_state, _action: PayloadAction<number>) {},
    /** Stays set when it succeeds: the browser is leaving for PayPal's page. */
    paypalOrderStarted(state) {
      state.startingMethod = 'paypal';
      state.mpesaStartDoubt = null;
      state.followed = null;
    },
    paymentStartFailed(state) {
      state.startingMethod = null;
    },

    paypalReturned(state, action: PayloadAction<PaypalReturn>) {
      state.paypalReturn = { stage: action.payload.cancelled ? 'cancelling' : 'capturing', message: null };
      state.followed = null;
    },
    /** PayPal's cancel return is done: the order closed (its items back in the shop, still in the cart), or there was none to close. */
    paypalOrderCancelled(state, action: PayloadAction<{ closed: boolean }>) {
      state.paypalReturn = { stage: 'cancelled', message: action.payload.closed ? MESSAGES.checkout.paypalOrderCancelled : null };
    },
    paypalReturnRefused(state, action: PayloadAction<string>) {
      state.paypalReturn = { stage: 'refused', message: action.payload };
    },

    paymentFollowed(state, action: PayloadAction<FollowedPayment>) {
      state.followed = action.payload;
      if (action.payload.method === 'paypal') state.paypalReturn = { stage: 'following', message: null };
    },
    paymentStandingChanged(state, action: PayloadAction<PaymentStanding>) {
      if (state.followed) state.followed = { ...state.followed, ...action.payload };
    },
    /** The checkout or the return page closed: whatever they started or followed stops. */
    paymentViewLeft() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const {
  mpesaPhoneRevealed,
  mpesaPhoneChanged,
  mpesaPhoneRefused,
  mpesaPaymentRequested,
  mpesaRetryRequested,
  mpesaPushStarted,
  mpesaPushAccepted,
  mpesaStartUnconfirmed,
  paypalPaymentRequested,
  paypalOrderStarted,
  paymentStartFailed,
  paypalReturned,
  paypalOrderCancelled,
  paypalReturnRefused,
  paymentFollowed,
  paymentStandingChanged,
  paymentViewLeft,
} = paymentsSlice.actions;
export const paymentsReducer = paymentsSlice.reducer;
