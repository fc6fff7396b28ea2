import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { MESSAGES, PAYPAL_QUOTE_API, type Address, type ApiSuccess, type CartItem, type PaypalQuote } from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import type { RootState } from '../../app/store';
import { apiClient, messageOfError } from '../../lib/api-client';
import { selectSelectedAddress } from '../addresses/addresses.selectors';
import { selectCartItems } from '../cart/cart.selectors';
import { toastRequested } from '../notifications/notifications.slice';
import { mpesaPaymentRequested, mpesaPhoneRevealed, paypalPaymentRequested } from '../payments/payments.slice';
import { paymentRefusal } from './checkout-totals';
import { paymentRequested } from './checkout.actions';
import { paypalQuoteFailed, paypalQuoteLoaded, paypalQuoteRequested } from './checkout.slice';

const selectMpesaPhoneIsOpen = (state: RootState): boolean => state.payments.mpesaPhone.isOpen;

/**
 * A pay button, checked against the cart and the address before the payments saga starts anything.
 * M-Pesa takes two clicks (docs/product.md, Payments): the first opens the phone input with the address's phone.
 */
function* startPayment(action: ReturnType<typeof paymentRequested>): SagaIterator {
  const items: CartItem[] = yield select(selectCartItems);
  const address: Address | null = yield select(selectSelectedAddress);
  const refusal = paymentRefusal(items.length, address);
  if (refusal !== null || address === null) {
    yield put(toastRequested('error', refusal ?? MESSAGES.checkout.noAddressSelected));
    return;
  }
  if (action.payload === 'paypal') {
    yield put(paypalPaymentRequested(address.id));
  } else if ((yield select(selectMpesaPhoneIsOpen)) as boolean) {
    yield put(mpesaPaymentRequested(address.id));
  } else {
    yield put(mpesaPhoneRevealed(formatKenyanMobile(address.phone)));
  }
}

/** The server prices the quote from the shopper's own cart and address; the client sends no amount. */
function* loadPaypalQuote(action: ReturnType<typeof paypalQuoteRequested>): SagaIterator {
  const { key, addressId } = action.payload;
  try {
    const answer: ApiSuccess<PaypalQuote> = yield call(apiClient.get<ApiSuccess<PaypalQuote>>, PAYPAL_QUOTE_API.quote(addressId));
    yield put(paypalQuoteLoaded({ key, quote: answer.data }));
  } catch (error) {
    yield put(paypalQuoteFailed({ key, message: messageOfError(error, MESSAGES.checkout.paypalQuoteFailed) }));
  }
}

export function* checkoutSaga(): SagaIterator {
  yield all([takeLeading(paymentRequested.type, startPayment), takeLatest(paypalQuoteRequested.type, loadPaypalQuote)]);
}
