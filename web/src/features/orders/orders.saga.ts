import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  MESSAGES,
  ORDER_API,
  ORDER_MOVED_ON_CODES,
  type ApiSuccess,
  type Order,
  type OrderDetails,
  type SessionUser,
} from '@shop/contracts';
import type { RootState } from '../../app/store';
import { apiClient, isRefusedWith, messageOfError } from '../../lib/api-client';
import { selectUser } from '../auth/auth.selectors';
import { toastRequested } from '../notifications/notifications.slice';
import { orderUpdated, socketReconnected } from '../realtime/realtime.slice';
import { refundFollowsCancel } from './order-moves';
import { getCancellable } from './order-requests';
import {
  orderCancelFailed,
  orderCancelled,
  orderCancelRequested,
  orderDetailsFailed,
  orderDetailsLoaded,
  orderDetailsRefreshRequested,
  orderDialogClosed,
  orderDialogOpened,
  ordersFailed,
  ordersLoaded,
  ordersRequested,
  type OrdersState,
} from './orders.slice';

const selectOrders = (state: RootState): OrdersState => state.orders;

/** The shopper's orders; a quiet read (after a reconnect) keeps what is shown when it fails, rather than emptying the list under the shopper. */
function* loadOrders(quiet: boolean): SagaIterator {
  const user: SessionUser | null = yield select(selectUser);
  if (!user) return;
  try {
    const answer: ApiSuccess<Order[]> = yield call(getCancellable<ApiSuccess<Order[]>>, ORDER_API.orders(user.id));
    yield put(ordersLoaded(answer.data));
  } catch (error) {
    if (!quiet) yield put(ordersFailed(messageOfError(error)));
  }
}

type DialogAction =
  ReturnType<typeof orderDialogOpened> | ReturnType<typeof orderDialogClosed> | ReturnType<typeof orderDetailsRefreshRequested>;

/** Closing the dialog is one of the actions taken here, so that it cancels a load still running for it. */
function* loadOrderDetails(action: DialogAction): SagaIterator {
  if (orderDialogClosed.match(action)) return;
  const orderId = action.payload;
  try {
    const answer: ApiSuccess<OrderDetails> = yield call(getCancellable<ApiSuccess<OrderDetails>>, ORDER_API.order(orderId));
    yield put(orderDetailsLoaded(answer.data));
  } catch (error) {
    // A refresh that fails leaves details already shown as they are (the event moved them); a dialog with none says why.
    const { dialog }: OrdersState = yield select(selectOrders);
    if (dialog.details === null) yield put(orderDetailsFailed({ orderId, message: messageOfError(error) }));
  }
}

/** The row and the dialog moved in the reducer; the open dialog's order is read again for what the event leaves out (the receipt). */
function* followOrderUpdate(action: ReturnType<typeof orderUpdated>): SagaIterator {
  const { dialog }: OrdersState = yield select(selectOrders);
  if (dialog.orderId === action.payload.orderId) yield put(orderDetailsRefreshRequested(dialog.orderId));
}

/** Events sent while the socket was away are lost: what the screen shows is read again. */
function* refetchShown(): SagaIterator {
  const { isOnScreen, dialog }: OrdersState = yield select(selectOrders);
  if (dialog.orderId !== null) yield put(orderDetailsRefreshRequested(dialog.orderId));
  if (isOnScreen) yield call(loadOrders, true);
}

/** The shopper's confirmed Cancel: the answer is the order as it now stands, and says whether a refund follows. */
function* cancelOrder(action: ReturnType<typeof orderCancelRequested>): SagaIterator {
  const orderId = action.payload;
  try {
    const answer: ApiSuccess<OrderDetails> = yield call(apiClient.post<ApiSuccess<OrderDetails>>, ORDER_API.cancelOrder(orderId));
    yield put(orderCancelled(answer.data));
    yield put(toastRequested('success', refundFollowsCancel(answer.data) ? MESSAGES.orders.cancelledRefundDue : MESSAGES.orders.cancelled));
  } catch (error) {
    yield put(orderCancelFailed({ orderId, message: messageOfError(error) }));
    // A refusal means the order moved on meanwhile (shipped, or closed by its payment): show where it stands now.
    if (isRefusedWith(error, ORDER_MOVED_ON_CODES)) yield put(orderDetailsRefreshRequested(orderId));
  }
}

export function* ordersSaga(): SagaIterator {
  yield takeLatest(ordersRequested.type, loadOrders, false);
  yield takeLatest([orderDialogOpened.type, orderDialogClosed.type, orderDetailsRefreshRequested.type], loadOrderDetails);
  yield takeEvery(orderUpdated.type, followOrderUpdate);
  yield takeLatest(socketReconnected.type, refetchShown);
  yield takeLeading(orderCancelRequested.type, cancelOrder);
}
