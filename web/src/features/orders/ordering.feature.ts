import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import type { LazyFeature } from '../../app/store';
import { addressesSaga } from '../addresses/addresses.saga';
import { addressesReducer } from '../addresses/addresses.slice';
import { checkoutReducer } from '../checkout/checkout.slice';
import { paymentsSaga } from '../payments/payments.saga';
import { paymentsReducer } from '../payments/payments.slice';
import { myOrdersSaga } from './myOrders.saga';

function* orderingSaga(): SagaIterator {
  yield all([fork(addressesSaga), fork(myOrdersSaga), fork(paymentsSaga)]);
}

/** Addresses, checkout, payment and the shopper's orders: what checkout and the account screens share. */
export const orderingFeature: LazyFeature = {
  name: 'ordering',
  reducers: { addresses: addressesReducer, checkout: checkoutReducer, payments: paymentsReducer },
  saga: orderingSaga,
};
