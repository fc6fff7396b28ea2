import { MESSAGES, ORDER_API, type AdminOrderPage, type ApiSuccess, type OrderDetails, type OrderStatusInput } from '@shop/contracts';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { RootState } from '../../../app/store';
import { apiClient, messageOfError } from '../../../lib/api-client';
import { toastRequested } from '../../notifications/notifications.slice';
import { getCancellable } from '../../orders/order-requests';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderDetailsFailed,
  adminOrderDetailsLoaded,
  adminOrderDialogClosed,
  adminOrderDialogOpened,
  adminOrdersFailed,
  adminOrdersLoaded,
  adminOrdersRequested,
  orderStatusSaved,
  orderStatusSaveFailed,
  orderStatusSaveRequested,
  type AdminOrdersState,
} from './adminOrders.slice';

export function adminOrdersPath({ status, page }: AdminOrdersState['query']): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_ORDERS_PAGE_SIZE) });
  if (status) params.set('status', status);
  return `${ORDER_API.adminOrders}?${params}`;
}

function* loadOrders(action: ReturnType<typeof adminOrdersRequested>): SagaIterator {
  try {
    const answer: AdminOrderPage = yield call(getCancellable<AdminOrderPage>, adminOrdersPath(action.payload));
    yield put(adminOrdersLoaded({ items: answer.data, total: answer.pagination.total }));
  } catch (error) {
    yield put(adminOrdersFailed(messageOfError(error)));
  }
}

function* loadOrderDetails(action: ReturnType<typeof adminOrderDialogOpened> | ReturnType<typeof adminOrderDialogClosed>): SagaIterator {
  if (adminOrderDialogClosed.match(action)) return;
  const orderId = action.payload;
  try {
    const answer: ApiSuccess<OrderDetails> = yield call(getCancellable<ApiSuccess<OrderDetails>>, ORDER_API.adminOrder(orderId));
    yield put(adminOrderDetailsLoaded(answer.data));
  } catch (error) {
    yield put(adminOrderDetailsFailed({ orderId, message: messageOfError(error) }));
  }
}

const selectAdminOrders = (state: RootState): AdminOrdersState => state.adminOrders;

function* saveOrderStatus(): SagaIterator {
  const { dialog, chosenStatus }: AdminOrdersState = yield select(selectAdminOrders);
  if (dialog.orderId === null || chosenStatus === null) {
    yield put(orderStatusSaveFailed());
    return;
  }
  try {
    const body: OrderStatusInput = { orderStatus: chosenStatus };
    const answer: ApiSuccess<OrderDetails> = yield call(apiClient.put<ApiSuccess<OrderDetails>>, ORDER_API.adminUpdateOrder(dialog.orderId), body);
    yield put(orderStatusSaved(answer.data));
    yield put(toastRequested('success', MESSAGES.orders.statusUpdated));
  } catch (error) {
    yield put(orderStatusSaveFailed());
    yield put(toastRequested('error', messageOfError(error)));
  }
}

export function* adminOrdersSaga(): SagaIterator {
  yield takeLatest(adminOrdersRequested.type, loadOrders);
  yield takeLatest([adminOrderDialogOpened.type, adminOrderDialogClosed.type], loadOrderDetails);
  yield takeLeading(orderStatusSaveRequested.type, saveOrderStatus);
}
