import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import type { RootState } from '../../app/store';
import { orderUpdated, socketReconnected } from '../realtime/realtime.slice';
import { applyOrderUpdate } from './order-updates';
import { MY_ORDERS, ordersApi } from './orders.api';

/** A payment settling or the shop's change moves the shopper's row and open order at once; the open order is read again for what the event leaves out (the receipt, the history). */
function* moveOrderInPlace({ payload: event }: ReturnType<typeof orderUpdated>): SagaIterator {
  const state: RootState = yield select();
  for (const userId of ordersApi.util.selectCachedArgsForQuery(state, 'getMyOrders'))
    yield put(ordersApi.util.updateQueryData('getMyOrders', userId, (rows) => rows.forEach((row) => applyOrderUpdate(row, event))));
  yield put(ordersApi.util.updateQueryData('getOrder', event.orderId, (order) => applyOrderUpdate(order, event)));
  yield put(ordersApi.util.invalidateTags([{ type: 'Order', id: event.orderId }]));
}

/**
 * The shopper's orders follow the socket (realtime.saga.ts puts its events) through the cache: only
 * what is on screen is read again, and nothing is kept once it is not (orders.api.ts).
 */
export function* myOrdersSaga(): SagaIterator {
  yield takeEvery(orderUpdated.type, moveOrderInPlace);
  // Events sent while the socket was away are lost: what the screen shows is read again.
  yield takeEvery(socketReconnected.type, function* () {
    yield put(ordersApi.util.invalidateTags([MY_ORDERS, 'Order']));
  });
}
