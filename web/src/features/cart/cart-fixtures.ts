import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import type { Cart, CartItem, SessionUser } from '@shop/contracts';
import { authReducer } from '../auth/auth.slice';
import { notificationsReducer } from '../notifications/notifications.slice';
import { wishlistReducer } from '../wishlist/wishlist.slice';
import { cartReducer } from './cart.slice';

export const shopper: SessionUser = { id: 41, userName: 'Wanjiru', email: 'wanjiru@example.test', role: 'user' };
export const admin: SessionUser = { id: 1, userName: 'Admin', email: 'admin@example.test', role: 'admin' };

export function cartItem(productId: number, fields: Partial<CartItem> = {}): CartItem {
  return {
    productId,
    title: `Toy ${productId}`,
    image: null,
    price: 1000,
    salePrice: 0,
    quantity: 1,
    totalStock: 5,
    variationId: null,
    variationLabel: null,
    ...fields,
  };
}

export function cartOf(...items: CartItem[]): Cart {
  return { id: 7, items };
}

/** A store with the slices the cart and wishlist sagas read, running one saga. */
export function startShopperStore(saga: Saga) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: { auth: authReducer, cart: cartReducer, wishlist: wishlistReducer, notifications: notificationsReducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(saga);
  return {
    store,
    stop: () => task.cancel(),
    toasts: () => store.getState().notifications.pending.map(({ kind, text }) => ({ kind, text })),
  };
}

/** Lets the sagas take the answers of the faked api calls. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
