import { combineSlices, configureStore, createAction, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import type { addressesReducer } from '../features/addresses/addresses.slice';
import type { adminOrdersReducer } from '../features/admin/orders/adminOrders.slice';
import { authReducer } from '../features/auth/auth.slice';
import { cartReducer } from '../features/cart/cart.slice';
import { productViewReducer } from '../features/catalogue/productView.slice';
import type { checkoutReducer } from '../features/checkout/checkout.slice';
import { notificationsReducer } from '../features/notifications/notifications.slice';
import type { paymentsReducer } from '../features/payments/payments.slice';
import { realtimeReducer } from '../features/realtime/realtime.slice';
import { wishlistReducer } from '../features/wishlist/wishlist.slice';
import { rootSaga } from './root.saga';
import { shopApi, type ApiExtra } from './shop.api';

/** What every screen may need: the first download carries these. */
const firstLoadReducers = {
  auth: authReducer,
  notifications: notificationsReducer,
  productView: productViewReducer,
  realtime: realtimeReducer,
  cart: cartReducer,
  wishlist: wishlistReducer,
};

/** The state of the features that arrive with their screens (see LazyFeature). */
interface LazyLoadedState {
  addresses: ReturnType<typeof addressesReducer>;
  checkout: ReturnType<typeof checkoutReducer>;
  payments: ReturnType<typeof paymentsReducer>;
  adminOrders: ReturnType<typeof adminOrdersReducer>;
}

/**
 * A feature whose state and sagas come with the chunk of the screens that use it, so that a shopper's
 * first download holds neither the admin's code nor checkout's (with its phone-number rules).
 * The route that shows its screens loads it before rendering them.
 */
export interface LazyFeature {
  name: string;
  reducers: { [Key in keyof LazyLoadedState]?: Reducer<LazyLoadedState[Key]> };
  saga: Saga;
}

/** Dispatched once a feature is in, so that its reducers fill their initial state before its first screen reads it. */
const featureLoaded = createAction<string>('app/featureLoaded');

/** How a store is made: in the browser, or for one server render (entry-server.tsx). */
interface StoreSetting {
  /** The first download's sagas; a test runs its own. */
  firstLoadSaga?: Saga;
  /**
   * A server render's: its reads go to the api in its own process, and nothing runs beside the render
   * (no saga, so no socket, no storage and no timer outlives the page).
   */
  serverRead?: ApiExtra['serverRead'];
}

export function makeStore({ firstLoadSaga = rootSaga, serverRead }: StoreSetting = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const rootReducer = combineSlices(shopApi, firstLoadReducers).withLazyLoadedSlices<LazyLoadedState>();
  const extra: ApiExtra = { serverRead };
  const store = configureStore({
    reducer: rootReducer,
    // Thunks only for RTK Query's own requests: reads and writes are its endpoints, and workflows with
    // time in them are sagas; no screen writes a thunk of its own (ADR 0039).
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(shopApi.middleware, sagaMiddleware),
  });
  const runSaga = (saga: Saga) => {
    if (!serverRead) sagaMiddleware.run(saga);
  };
  runSaga(firstLoadSaga);

  const loaded = new Set<string>();
  function loadFeature(feature: LazyFeature): void {
    if (loaded.has(feature.name)) return;
    loaded.add(feature.name);
    for (const [reducerPath, reducer] of Object.entries(feature.reducers))
      rootReducer.inject({ reducerPath: reducerPath as keyof LazyLoadedState, reducer: reducer as Reducer });
    store.dispatch(featureLoaded(feature.name));
    runSaga(feature.saga);
  }

  return Object.assign(store, { loadFeature });
}

export type AppStore = ReturnType<typeof makeStore>;
/** Every slice as present: a lazily loaded one is only read by screens that its route loaded first. */
export type RootState = { [Key in keyof typeof firstLoadReducers]: ReturnType<(typeof firstLoadReducers)[Key]> } & {
  [shopApi.reducerPath]: ReturnType<typeof shopApi.reducer>;
} & LazyLoadedState;
export type AppDispatch = AppStore['dispatch'];
