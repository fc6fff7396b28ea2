import type { Saga } from 'redux-saga';
import type { AdminPaymentAttentionEvent, MpesaAttemptView, Order, OrderDetails, OrderUpdatedEvent, SessionUser } from '@shop/contracts';
import { startApiStore } from '../../testing/api-store';
import { authReducer, signedInAs } from '../auth/auth.slice';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { paymentsReducer } from '../payments/payments.slice';
import { realtimeReducer } from '../realtime/realtime.slice';

export const shopper: SessionUser = { id: 42, userName: 'Wanjiru', email: 'wanjiru@example.test', role: 'user' };

/** An M-Pesa order of two wooden trains to Parklands, waiting for its payment, unless told otherwise. */
export function orderOf(id: number, fields: Partial<Order> = {}): Order {
  return {
    id,
    userId: shopper.id,
    userName: shopper.userName,
    cartItems: [{ productId: 3, title: 'Wooden train', image: null, price: 1500, quantity: 2, variationId: null, variationLabel: null }],
    addressInfo: {
      addressId: 11,
      address: 'Apartment 4B, Parklands, Westlands, Nairobi',
      county: 'Nairobi',
      subCounty: 'Westlands',
      location: 'Parklands',
      specificAddress: 'Apartment 4B',
      phone: '254712345678',
      notes: '',
      deliveryFee: 150,
    },
    orderStatus: 'pending',
    paymentMethod: 'mpesa',
    paymentStatus: 'pending',
    paymentFailureReason: null,
    subtotalAmount: 3000,
    deliveryFee: 150,
    totalAmount: 3150,
    providerAmount: null,
    orderDate: '2025-06-02T07:30:00.000Z',
    orderUpdateDate: '2025-06-02T07:30:00.000Z',
    reservationExpiresAt: '2025-06-02T07:45:00.000Z',
    paymentId: 'ws_CO_1',
    payerId: null,
    paymentReceipt: null,
    amountReceived: null,
    refundDue: null,
    paypalApprovalUrl: null,
    offlinePayment: null,
    refund: null,
    ...fields,
  };
}

/** The order's details: placed by its shopper, with the STK pushes given (none unless told). */
export function detailsOf(order: Order, mpesaAttempts: MpesaAttemptView[] = []): OrderDetails {
  return {
    ...order,
    history: [{ fromStatus: null, toStatus: 'pending', actor: 'shopper', changedBy: 'Wanjiru', reason: '', createdAt: order.orderDate }],
    mpesaAttempts,
  };
}

/** An STK push of the order's total to the shopper's phone, which Daraja took and has not settled, unless told otherwise. */
export function attemptOf(order: Order, fields: Partial<MpesaAttemptView> = {}): MpesaAttemptView {
  return {
    state: 'pushed',
    phone: order.addressInfo.phone,
    amount: order.totalAmount,
    checkoutRequestId: order.paymentId,
    resultCode: null,
    resultDesc: null,
    receipt: null,
    createdAt: order.orderDate,
    ...fields,
  };
}

/** What the workers tell the admins when an order's M-Pesa outcome could not be told in time. */
export function attentionOf(orderId: number, fields: Partial<AdminPaymentAttentionEvent> = {}): AdminPaymentAttentionEvent {
  return {
    orderId,
    kind: 'outcomeUnknown',
    message: `Order #${orderId}: M-Pesa could not tell whether it was paid`,
    createdAt: '2025-06-02T07:46:00.000Z',
    ...fields,
  };
}

/** The shopper's store (the api's cache, the session, payments, toasts, the socket's state), signed in, running one saga. */
export function startOrdersStore(saga: Saga) {
  const store = startApiStore(
    { auth: authReducer, payments: paymentsReducer, notifications: notificationsReducer, realtime: realtimeReducer },
    saga,
  );
  store.dispatch(signedInAs(shopper));
  return {
    store,
    stop: store.stopSaga,
    toasts: () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text })),
  };
}

export const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the socket says when the order moved on: the order's new state, as the workers emit it. */
export function updateOf(order: Order, fields: Partial<OrderUpdatedEvent> = {}): OrderUpdatedEvent {
  return {
    orderId: order.id,
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    ...(order.paymentFailureReason ? { reason: order.paymentFailureReason } : {}),
    updatedAt: order.orderUpdateDate,
    ...fields,
  };
}
