import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import type { Cart, CartItem, SessionUser } from '@shop/contracts';
import { shopApi } from '../../app/shop.api';
import { startApiStore } from '../../testing/api-store';
import { authReducer } from '../auth/auth.slice';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { wishlistReducer } from '../wishlist/wishlist.slice';
import { cartApi } from './cart.api';
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

/** The cart as the api answers it. */
export function cartOf(...items: CartItem[]): Cart {
  return { id: 7, items };
}

/** The store of the shop's first download (the api's cache, the session, the cart's and wishlist's sheets, toasts), running one saga. */
export function startShopperStore(saga: Saga) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(shopApi, {
      auth: authReducer,
      cart: cartReducer,
      wishlist: wishlistReducer,
      notifications: notificationsReducer,
    }),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(shopApi.middleware, sagaMiddleware),
  });
  const task = sagaMiddleware.run(saga);
  return {
    store,
    stop: () => task.cancel(),
    toasts: () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text })),
  };
}

/**
 * A shopper's cart in the cache, held as the header holds it (a cart nothing shows is dropped), with no request: the
 * hold finds it read already.
 */
export function holdCart(store: Pick<ReturnType<typeof startApiStore>, 'dispatch'>, items: CartItem[], userId = shopper.id) {
  store.dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: userId, value: items }]));
  return store.dispatch(cartApi.endpoints.getCart.initiate(userId));
}

/** Lets the sagas and the cache take the answers of the faked api calls. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
