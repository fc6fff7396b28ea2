import { formatKenyanMobile, MESSAGES, type Address, type CartItem } from '@shop/contracts';
import { put, select, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { RootState } from '../../app/store';
import { selectSelectedAddress } from '../addresses/addresses.selectors';
import { selectCartItems } from '../cart/cart.selectors';
import { toastRequested } from '../notifications/notifications.slice';
import { mpesaPaymentRequested, mpesaPhoneRevealed, paypalPaymentRequested } from '../payments/payments.slice';
import { paymentRequested } from './checkout.actions';
import { paymentRefusal } from './checkout-totals';

const selectMpesaPhoneIsOpen = (state: RootState): boolean => state.payments.mpesaPhone.isOpen;

/**
 * A pay button, checked against the cart and the address before the payments saga starts anything.
 * M-Pesa takes two clicks (spec §4): the first opens the phone input with the address's phone.
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

export function* checkoutSaga(): SagaIterator {
  yield takeLeading(paymentRequested.type, startPayment);
}
