import { combineSlices, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { MESSAGES, type Address, type CartItem } from '@shop/contracts';
import { shopApi } from '../../app/shop.api';
import { addressesLoaded, addressesReducer, addressSelected } from '../addresses/addresses.slice';
import { authReducer, signedInAs } from '../auth/auth.slice';
import { holdCart, shopper } from '../cart/cart-fixtures';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { mpesaPaymentRequested, paymentsReducer, paypalPaymentRequested } from '../payments/payments.slice';
import { paymentRequested } from './checkout.actions';
import { checkoutSaga } from './checkout.saga';

const line: CartItem = {
  productId: 3,
  title: 'Wooden train',
  image: null,
  price: 1500,
  salePrice: 0,
  quantity: 2,
  totalStock: 9,
  variationId: null,
  variationLabel: null,
};
const address: Address = {
  id: 11,
  county: 'Nairobi',
  subCounty: 'Westlands',
  location: 'Parklands',
  specificAddress: 'Apartment 4B',
  phone: '254712345678',
  notes: '',
  deliveryFee: 150,
  address: 'Apartment 4B, Parklands, Westlands, Nairobi',
};

/** The payments saga is not running here: what the checkout asks of it is read from the actions it puts. */
let dispatched: UnknownAction[] = [];
const recordAction: Middleware = () => (next) => (action) => {
  dispatched.push(action as UnknownAction);
  return next(action);
};

function startCheckout() {
  dispatched = [];
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(shopApi, {
      auth: authReducer,
      addresses: addressesReducer,
      payments: paymentsReducer,
      notifications: notificationsReducer,
    }),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(shopApi.middleware, sagaMiddleware, recordAction),
  });
  store.dispatch(signedInAs(shopper));
  const task = sagaMiddleware.run(checkoutSaga);
  const toasts = () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text }));
  return { store, toasts, stop: () => task.cancel() };
}

describe('pressing a pay button', () => {
  it('refuses an empty cart', () => {
    const { store, toasts, stop } = startCheckout();
    store.dispatch(addressesLoaded([address]));
    store.dispatch(addressSelected(address.id));
    store.dispatch(paymentRequested('mpesa'));
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.checkout.cartEmpty }]);
    stop();
  });

  it('refuses a cart without a chosen address', () => {
    const { store, toasts, stop } = startCheckout();
    holdCart(store, [line]);
    store.dispatch(addressesLoaded([address]));
    store.dispatch(paymentRequested('paypal'));
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.checkout.noAddressSelected }]);
    stop();
  });

  it('refuses an address that was chosen and then deleted elsewhere', () => {
    const { store, toasts, stop } = startCheckout();
    holdCart(store, [line]);
    store.dispatch(addressesLoaded([address]));
    store.dispatch(addressSelected(address.id));
    store.dispatch(addressesLoaded([]));
    store.dispatch(paymentRequested('mpesa'));
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.checkout.noAddressSelected }]);
    stop();
  });

  function startReady() {
    const started = startCheckout();
    holdCart(started.store, [line]);
    started.store.dispatch(addressesLoaded([address]));
    started.store.dispatch(addressSelected(address.id));
    return started;
  }

  it('opens the M-Pesa phone input first, with the address’s phone as Kenyans write it', () => {
    const { store, toasts, stop } = startReady();
    store.dispatch(paymentRequested('mpesa'));
    expect(store.getState().payments.mpesaPhone).toEqual({ isOpen: true, value: '0712 345 678', error: null });
    expect(toasts()).toEqual([]);
    stop();
  });

  it('asks for the STK push on the second M-Pesa click, for the chosen address', () => {
    const { store, stop } = startReady();
    store.dispatch(paymentRequested('mpesa'));
    store.dispatch(paymentRequested('mpesa'));
    expect(dispatched.filter(mpesaPaymentRequested.match)).toEqual([mpesaPaymentRequested(address.id)]);
    stop();
  });

  it('starts PayPal at once, for the chosen address', () => {
    const { store, stop } = startReady();
    store.dispatch(paymentRequested('paypal'));
    expect(dispatched.filter(paypalPaymentRequested.match)).toEqual([paypalPaymentRequested(address.id)]);
    expect(store.getState().payments.mpesaPhone.isOpen).toBe(false);
    stop();
  });

  it('starts nothing for an empty cart', () => {
    const { store, stop } = startCheckout();
    store.dispatch(addressesLoaded([address]));
    store.dispatch(addressSelected(address.id));
    store.dispatch(paymentRequested('paypal'));
    store.dispatch(paymentRequested('mpesa'));
    expect(dispatched.filter((action) => action.type.startsWith('payments/'))).toEqual([]);
    stop();
  });
});
