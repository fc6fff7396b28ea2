import { all, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { dashboardSaga } from '../features/admin/dashboard/dashboard.saga';
import { adminOrdersSaga } from '../features/admin/orders/adminOrders.saga';
import { adminProductsSaga } from '../features/admin/products/adminProducts.saga';
import { queueConsoleSaga } from '../features/admin/queues/queueConsole.saga';
import { addressesSaga } from '../features/addresses/addresses.saga';
import { authSaga } from '../features/auth/auth.saga';
import { guestIntentSaga } from '../features/auth/guestIntent.saga';
import { cartSaga } from '../features/cart/cart.saga';
import { catalogueSaga } from '../features/catalogue/catalogue.saga';
import { featureImagesSaga } from '../features/feature-images/featureImages.saga';
import { ordersSaga } from '../features/orders/orders.saga';
import { paymentsSaga } from '../features/payments/payments.saga';
import { realtimeSaga } from '../features/realtime/realtime.saga';
import { shopInfoSaga } from '../features/shop-info/shop-info.saga';
import { wishlistSaga } from '../features/wishlist/wishlist.saga';

export function* rootSaga(): SagaIterator {
  yield all([fork(authSaga), fork(guestIntentSaga), fork(dashboardSaga), fork(adminProductsSaga), fork(featureImagesSaga), fork(catalogueSaga), fork(realtimeSaga), fork(cartSaga), fork(wishlistSaga), fork(addressesSaga), fork(ordersSaga), fork(paymentsSaga), fork(adminOrdersSaga), fork(queueConsoleSaga), fork(shopInfoSaga)]);
}
