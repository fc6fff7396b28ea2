import { configureStore } from '@reduxjs/toolkit';
import { MESSAGES, type Address, type CartItem } from '@shop/contracts';
import createSagaMiddleware from 'redux-saga';
import { addressesLoaded, addressesReducer, addressSelected } from '../addresses/addresses.slice';
import { cartLoaded, cartReducer } from '../cart/cart.slice';
import { notificationsReducer } from '../notifications/notifications.slice';
import { paymentRequested } from './checkout.actions';
import { checkoutSaga, PAYMENTS_NOT_OPEN } from './checkout.saga';

const line: CartItem = { productId: 3, title: 'Wooden train', image: null, price: 1500, salePrice: 0, quantity: 2, totalStock: 9 };
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

function startCheckout() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: { cart: cartReducer, addresses: addressesReducer, notifications: notificationsReducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(checkoutSaga);
  const toasts = () => store.getState().notifications.pending.map(({ kind, text }) => ({ kind, text }));
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
    store.dispatch(cartLoaded({ id: 1, items: [line] }));
    store.dispatch(addressesLoaded([address]));
    store.dispatch(paymentRequested('paypal'));
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.checkout.noAddressSelected }]);
    stop();
  });

  it('refuses an address that was chosen and then deleted elsewhere', () => {
    const { store, toasts, stop } = startCheckout();
    store.dispatch(cartLoaded({ id: 1, items: [line] }));
    store.dispatch(addressesLoaded([address]));
    store.dispatch(addressSelected(address.id));
    store.dispatch(addressesLoaded([]));
    store.dispatch(paymentRequested('mpesa'));
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.checkout.noAddressSelected }]);
    stop();
  });

  it('goes on with a cart and a chosen address', () => {
    const { store, toasts, stop } = startCheckout();
    store.dispatch(cartLoaded({ id: 1, items: [line] }));
    store.dispatch(addressesLoaded([address]));
    store.dispatch(addressSelected(address.id));
    store.dispatch(paymentRequested('mpesa'));
    expect(toasts()).toEqual([{ kind: 'info', text: PAYMENTS_NOT_OPEN }]);
    stop();
  });
});
