import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import type { RootState } from '../../../app/store';
import { applyOrderUpdate } from '../../orders/order-updates';
import { adminOrderPaid, adminPaymentAttention, orderUpdated, socketReconnected } from '../../realtime/realtime.slice';
import { adminOrdersApi, adminOrdersPageTag, pagesShowing } from './admin-orders.api';

/**
 * The pages a newly paid order belongs on: the newest come first, and the admins hear of an order
 * once its money arrived, which confirms it (docs/orders.md, The admins' alert).
 */
const NEW_ORDER_PAGES = [adminOrdersPageTag({ status: null, page: 1 }), adminOrdersPageTag({ status: 'confirmed', page: 1 })];

/** Another admin's change, or a payment settling, moves the rows and the dialog at once; the dialog's order is read again for its history. */
function* moveOrderInPlace({ payload: event }: ReturnType<typeof orderUpdated>): SagaIterator {
  const state: RootState = yield select();
  for (const query of pagesShowing(state, event.orderId))
    yield put(
      adminOrdersApi.util.updateQueryData('getAdminOrders', query, (page) => page.items.forEach((row) => applyOrderUpdate(row, event))),
    );
  yield put(adminOrdersApi.util.updateQueryData('getAdminOrder', event.orderId, (order) => applyOrderUpdate(order, event)));
  yield put(adminOrdersApi.util.invalidateTags([{ type: 'Order', id: event.orderId }]));
}

/**
 * The admin's orders follow the socket (realtime.saga.ts puts its events) through the cache's tags:
 * only an entry on screen is read again, one off screen is dropped and read afresh when next shown.
 */
export function* adminOrdersSaga(): SagaIterator {
  yield takeEvery(adminOrderPaid.type, function* () {
    yield put(adminOrdersApi.util.invalidateTags(NEW_ORDER_PAGES));
  });
  // A payment that needs a person changed its order (amounts, status, attempts): the page holding its row and its dialog are read again.
  yield takeEvery(adminPaymentAttention.type, function* ({ payload: { orderId } }: ReturnType<typeof adminPaymentAttention>) {
    yield put(
      adminOrdersApi.util.invalidateTags([
        { type: 'OrderRow', id: orderId },
        { type: 'Order', id: orderId },
      ]),
    );
  });
  yield takeEvery(orderUpdated.type, moveOrderInPlace);
  // Events sent while the socket was away are lost: what the screen shows is read again.
  yield takeEvery(socketReconnected.type, function* () {
    yield put(adminOrdersApi.util.invalidateTags(['AdminOrderPage', 'Order']));
  });
}
