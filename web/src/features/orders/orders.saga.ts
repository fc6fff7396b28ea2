import { ORDER_API, type ApiSuccess, type Order, type OrderDetails, type SessionUser } from '@shop/contracts';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { selectUser } from '../auth/auth.selectors';
import { messageOfError } from '../../lib/api-client';
import { getCancellable } from './order-requests';
import { orderDetailsFailed, orderDetailsLoaded, orderDialogClosed, orderDialogOpened, ordersFailed, ordersLoaded, ordersRequested } from './orders.slice';

function* loadOrders(): SagaIterator {
  const user: SessionUser | null = yield select(selectUser);
  if (!user) return;
  try {
    const answer: ApiSuccess<Order[]> = yield call(getCancellable<ApiSuccess<Order[]>>, ORDER_API.orders(user.id));
    yield put(ordersLoaded(answer.data));
  } catch (error) {
    yield put(ordersFailed(messageOfError(error)));
  }
}

/** Closing the dialog is one of the actions taken here, so that it cancels a load still running for it. */
function* loadOrderDetails(action: ReturnType<typeof orderDialogOpened> | ReturnType<typeof orderDialogClosed>): SagaIterator {
  if (orderDialogClosed.match(action)) return;
  const orderId = action.payload;
  try {
    const answer: ApiSuccess<OrderDetails> = yield call(getCancellable<ApiSuccess<OrderDetails>>, ORDER_API.order(orderId));
    yield put(orderDetailsLoaded(answer.data));
  } catch (error) {
    yield put(orderDetailsFailed({ orderId, message: messageOfError(error) }));
  }
}

export function* ordersSaga(): SagaIterator {
  yield takeLatest(ordersRequested.type, loadOrders);
  yield takeLatest([orderDialogOpened.type, orderDialogClosed.type], loadOrderDetails);
}
