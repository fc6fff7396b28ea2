import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { dashboardReducer } from '../features/admin/dashboard/dashboard.slice';
import { adminOrdersReducer } from '../features/admin/orders/adminOrders.slice';
import { adminProductsReducer } from '../features/admin/products/adminProducts.slice';
import { queueConsoleReducer } from '../features/admin/queues/queueConsole.slice';
import { addressesReducer } from '../features/addresses/addresses.slice';
import { authReducer } from '../features/auth/auth.slice';
import { cartReducer } from '../features/cart/cart.slice';
import { catalogueReducer } from '../features/catalogue/catalogue.slice';
import { checkoutReducer } from '../features/checkout/checkout.slice';
import { featureImagesReducer } from '../features/feature-images/featureImages.slice';
import { notificationsReducer } from '../features/notifications/notifications.slice';
import { ordersReducer } from '../features/orders/orders.slice';
import { paymentsReducer } from '../features/payments/payments.slice';
import { realtimeReducer } from '../features/realtime/realtime.slice';
import { shopInfoReducer } from '../features/shop-info/shop-info.slice';
import { wishlistReducer } from '../features/wishlist/wishlist.slice';
import { rootSaga } from './root.saga';

export function makeStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: {
      auth: authReducer,
      notifications: notificationsReducer,
      dashboard: dashboardReducer,
      adminProducts: adminProductsReducer,
      featureImages: featureImagesReducer,
      catalogue: catalogueReducer,
      realtime: realtimeReducer,
      cart: cartReducer,
      wishlist: wishlistReducer,
      addresses: addressesReducer,
      checkout: checkoutReducer,
      orders: ordersReducer,
      payments: paymentsReducer,
      adminOrders: adminOrdersReducer,
      queueConsole: queueConsoleReducer,
      shopInfo: shopInfoReducer,
    },
    // Sagas own every side effect, so thunks are switched off rather than left as a second way.
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
