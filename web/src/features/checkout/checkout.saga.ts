import type { Address, CartItem } from '@shop/contracts';
import { put, select, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { selectSelectedAddress } from '../addresses/addresses.selectors';
import { selectCartItems } from '../cart/cart.selectors';
import { toastRequested } from '../notifications/notifications.slice';
import { paymentRequested } from './checkout.actions';
import { paymentRefusal } from './checkout-totals';

/** The words shown until the payments release gives the pay buttons their M-Pesa and PayPal flows. */
export const PAYMENTS_NOT_OPEN = 'Payments open in the next release.';

function* startPayment(): SagaIterator {
  const items: CartItem[] = yield select(selectCartItems);
  const address: Address | null = yield select(selectSelectedAddress);
  const refusal = paymentRefusal(items.length, address);
  if (refusal !== null) {
    yield put(toastRequested('error', refusal));
    return;
  }
  yield put(toastRequested('info', PAYMENTS_NOT_OPEN));
}

export function* checkoutSaga(): SagaIterator {
  yield takeLeading(paymentRequested.type, startPayment);
}
