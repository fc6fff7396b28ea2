import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  MESSAGES,
  NOTIFICATION_API,
  ORDER_API,
  ORDER_MOVED_ON_CODES,
  type AdminOrderPage,
  type ApiSuccess,
  type NotificationRecord,
  type OrderDetails,
  type OrderStatusInput,
} from '@shop/contracts';
import type { RootState } from '../../../app/store';
import { apiClient, isRefusedWith, messageOfError } from '../../../lib/api-client';
import { toastRequested } from '../../notifications/notifications.slice';
import { getCancellable } from '../../orders/order-requests';
import { adminOrderPaid, adminPaymentAttention, orderUpdated, socketReconnected } from '../../realtime/realtime.slice';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderDetailsFailed,
  adminOrderDetailsLoaded,
  adminOrderDetailsRefreshRequested,
  adminOrderDialogClosed,
  adminOrderDialogOpened,
  adminOrderMessagesFailed,
  adminOrderMessagesLoaded,
  adminOrderMessagesRequested,
  adminOrdersFailed,
  adminOrdersLoaded,
  adminOrdersRefreshRequested,
  adminOrdersRequested,
  offlinePaymentRecordRequested,
  orderActionFailed,
  orderActionSucceeded,
  orderReviveRequested,
  orderStatusSaved,
  orderStatusSaveFailed,
  orderStatusSaveRequested,
  refundRequested,
  showsNewOrders,
  type AdminOrdersState,
} from './adminOrders.slice';

export function adminOrdersPath({ status, page }: AdminOrdersState['query']): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_ORDERS_PAGE_SIZE) });
  if (status) params.set('status', status);
  return `${ORDER_API.adminOrders}?${params}`;
}

const selectAdminOrders = (state: RootState): AdminOrdersState => state.adminOrders;

/**
 * Requests and refreshes share one latest-wins worker, so that a refresh never lands an older page
 * over the one the admin moved to. A refresh's failure keeps the rows shown, unless it replaced a
 * request still loading.
 */
function* loadOrders(action: ReturnType<typeof adminOrdersRequested> | ReturnType<typeof adminOrdersRefreshRequested>): SagaIterator {
  const { query }: AdminOrdersState = yield select(selectAdminOrders);
  try {
    const answer: AdminOrderPage = yield call(getCancellable<AdminOrderPage>, adminOrdersPath(query));
    yield put(adminOrdersLoaded({ items: answer.data, total: answer.pagination.total }));
  } catch (error) {
    const { isLoading }: AdminOrdersState = yield select(selectAdminOrders);
    if (adminOrdersRequested.match(action) || isLoading) yield put(adminOrdersFailed(messageOfError(error)));
  }
}

type DialogAction =
  | ReturnType<typeof adminOrderDialogOpened>
  | ReturnType<typeof adminOrderDialogClosed>
  | ReturnType<typeof adminOrderDetailsRefreshRequested>;

function* loadOrderDetails(action: DialogAction): SagaIterator {
  if (adminOrderDialogClosed.match(action)) return;
  const orderId = action.payload;
  try {
    const answer: ApiSuccess<OrderDetails> = yield call(getCancellable<ApiSuccess<OrderDetails>>, ORDER_API.adminOrder(orderId));
    yield put(adminOrderDetailsLoaded(answer.data));
  } catch (error) {
    // A refresh that fails leaves details already shown as they are; a dialog with none says why.
    const { dialog }: AdminOrdersState = yield select(selectAdminOrders);
    if (dialog.details === null) yield put(adminOrderDetailsFailed({ orderId, message: messageOfError(error) }));
  }
}

type MessagesAction =
  ReturnType<typeof adminOrderDialogOpened> | ReturnType<typeof adminOrderDialogClosed> | ReturnType<typeof adminOrderMessagesRequested>;

/** What was sent about the dialog's order; closing the dialog cancels a read still running for it. */
function* loadOrderMessages(action: MessagesAction): SagaIterator {
  if (adminOrderDialogClosed.match(action)) return;
  const { messages }: AdminOrdersState = yield select(selectAdminOrders);
  const { orderId } = messages;
  if (orderId === null) return;
  try {
    const answer: ApiSuccess<NotificationRecord[]> = yield call(
      getCancellable<ApiSuccess<NotificationRecord[]>>,
      NOTIFICATION_API.adminOrderMessages(orderId),
    );
    yield put(adminOrderMessagesLoaded({ orderId, items: answer.data }));
  } catch (error) {
    yield put(adminOrderMessagesFailed({ orderId, message: messageOfError(error) }));
  }
}

/** A newly paid order joins the page on show when it belongs there (the first page, no filter that leaves it out). */
function* showNewOrder(): SagaIterator {
  const { isOnScreen, query }: AdminOrdersState = yield select(selectAdminOrders);
  if (isOnScreen && showsNewOrders(query)) yield put(adminOrdersRefreshRequested());
}

/** The row and the dialog moved in the reducer; the open dialog's order is read again for its history. */
function* followOrderUpdate(action: ReturnType<typeof orderUpdated>): SagaIterator {
  const { dialog }: AdminOrdersState = yield select(selectAdminOrders);
  if (dialog.orderId === action.payload.orderId) yield put(adminOrderDetailsRefreshRequested(dialog.orderId));
}

/** A payment that needs a person changed its order (amounts, status, attempts): the row and the open dialog showing it are read again. */
function* showPaymentAttention(action: ReturnType<typeof adminPaymentAttention>): SagaIterator {
  const { isOnScreen, items, dialog }: AdminOrdersState = yield select(selectAdminOrders);
  const { orderId } = action.payload;
  if (isOnScreen && items.some((order) => order.id === orderId)) yield put(adminOrdersRefreshRequested());
  if (dialog.orderId === orderId) yield put(adminOrderDetailsRefreshRequested(orderId));
}

/** Events sent while the socket was away are lost: what the screen shows is read again. */
function* refetchShown(): SagaIterator {
  const { isOnScreen, dialog }: AdminOrdersState = yield select(selectAdminOrders);
  if (isOnScreen) yield put(adminOrdersRefreshRequested());
  if (dialog.orderId !== null) yield put(adminOrderDetailsRefreshRequested(dialog.orderId));
}

function* saveOrderStatus(): SagaIterator {
  const { dialog, chosenStatus }: AdminOrdersState = yield select(selectAdminOrders);
  if (dialog.orderId === null || chosenStatus === null) {
    yield put(orderStatusSaveFailed());
    return;
  }
  try {
    const body: OrderStatusInput = { orderStatus: chosenStatus };
    const answer: ApiSuccess<OrderDetails> = yield call(
      apiClient.put<ApiSuccess<OrderDetails>>,
      ORDER_API.adminUpdateOrder(dialog.orderId),
      body,
    );
    yield put(orderStatusSaved(answer.data));
    yield put(toastRequested('success', MESSAGES.orders.statusUpdated));
  } catch (error) {
    yield put(orderStatusSaveFailed());
    yield put(toastRequested('error', messageOfError(error)));
    yield call(rereadRefused, dialog.orderId, error);
  }
}

/** A refusal that the order moved on meanwhile (paid, shipped, another admin's change): the dialog shows where it stands now, and so the choices it has. */
function* rereadRefused(orderId: number, error: unknown): SagaIterator {
  if (isRefusedWith(error, ORDER_MOVED_ON_CODES)) yield put(adminOrderDetailsRefreshRequested(orderId));
}

type OrderActionRequest =
  ReturnType<typeof offlinePaymentRecordRequested> | ReturnType<typeof refundRequested> | ReturnType<typeof orderReviveRequested>;

/** The api call behind each action; every one answers the order's details as they now stand. */
function sendOrderAction(action: OrderActionRequest): Promise<ApiSuccess<OrderDetails>> {
  const { orderId } = action.payload;
  if (offlinePaymentRecordRequested.match(action))
    return apiClient.post<ApiSuccess<OrderDetails>>(ORDER_API.adminRecordPayment(orderId), action.payload.payment);
  if (refundRequested.match(action)) return apiClient.post<ApiSuccess<OrderDetails>>(ORDER_API.adminRefund(orderId), action.payload.refund);
  const body: OrderStatusInput = { orderStatus: action.payload.orderStatus };
  return apiClient.put<ApiSuccess<OrderDetails>>(ORDER_API.adminUpdateOrder(orderId), body);
}

function doneMessage(action: OrderActionRequest): string {
  if (offlinePaymentRecordRequested.match(action)) return MESSAGES.orders.paymentRecorded;
  if (refundRequested.match(action)) return MESSAGES.orders.refundRecorded;
  return MESSAGES.orders.statusUpdated;
}

/** Record payment, Refund, Revive: the answer replaces the row and the dialog's order; a refusal stays in the action's dialog. */
function* runOrderAction(action: OrderActionRequest): SagaIterator {
  try {
    const answer: ApiSuccess<OrderDetails> = yield call(sendOrderAction, action);
    yield put(orderActionSucceeded(answer.data));
    yield put(toastRequested('success', doneMessage(action)));
  } catch (error) {
    yield put(orderActionFailed(messageOfError(error)));
    yield call(rereadRefused, action.payload.orderId, error);
  }
}

export function* adminOrdersSaga(): SagaIterator {
  yield takeLatest([adminOrdersRequested.type, adminOrdersRefreshRequested.type], loadOrders);
  yield takeLatest([adminOrderDialogOpened.type, adminOrderDialogClosed.type, adminOrderDetailsRefreshRequested.type], loadOrderDetails);
  yield takeLatest([adminOrderDialogOpened.type, adminOrderDialogClosed.type, adminOrderMessagesRequested.type], loadOrderMessages);
  yield takeLeading(orderStatusSaveRequested.type, saveOrderStatus);
  yield takeLeading([offlinePaymentRecordRequested.type, refundRequested.type, orderReviveRequested.type], runOrderAction);
  yield takeEvery(adminOrderPaid.type, showNewOrder);
  yield takeEvery(orderUpdated.type, followOrderUpdate);
  yield takeEvery(adminPaymentAttention.type, showPaymentAttention);
  yield takeEvery(socketReconnected.type, refetchShown);
}
