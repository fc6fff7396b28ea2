import type { UnknownAction } from '@reduxjs/toolkit';
import { buffers, type Channel, type SagaIterator, type Task } from 'redux-saga';
import { actionChannel, call, cancel, delay, fork, put, race, select, take } from 'redux-saga/effects';
import {
  MESSAGES,
  ORDER_API,
  SHOP_FAULT_CODES,
  type ApiSuccess,
  type CapturePaypalInput,
  type MpesaPaymentAnswer,
  type MpesaPaymentInput,
  type Order,
  type OrderDetails,
  type PaymentMethod,
  type PaypalOrderAnswer,
  type PlaceOrderInput,
} from '@shop/contracts';
import { isRefusalOf, shopApi } from '../../app/shop.api';
import type { RootState } from '../../app/store';
import { apiClient, ApiError, messageOfError } from '../../lib/api-client';
import { loggedOut } from '../auth/auth.slice';
import { toastRequested } from '../notifications/notifications.slice';
import { ordersApi } from '../orders/orders.api';
import {
  orderUpdated,
  socketConnected,
  socketConnectFailed,
  socketDisconnected,
  socketReconnected,
  type SocketStatus,
} from '../realtime/realtime.slice';
import { payableMpesaNumber } from './mpesa-phone';
import { paymentStandingOf, WAITING, type PaymentStanding } from './payment-standing';
import {
  mpesaPaymentRequested,
  mpesaPhoneRefused,
  mpesaPushAccepted,
  mpesaPushStarted,
  mpesaRetryRequested,
  mpesaStartUnconfirmed,
  paymentFollowed,
  paymentStandingChanged,
  paymentStartFailed,
  paymentViewLeft,
  paypalOrderCancelled,
  paypalOrderStarted,
  paypalPaymentRequested,
  paypalReturned,
  paypalReturnRefused,
  type PaymentsState,
} from './payments.slice';
import { forgetPaypalOrder, rememberPaypalOrder, storedPaypalOrder, type PaypalOrderStorage } from './paypal-return';

/** What the payment flows need of the browser, handed in so that tests can run them without one. */
export interface PaymentsSagaSettings {
  /** How often a followed order is read again while the socket is not connected (see SAFETY_READ_MS). */
  safetyReadMs: number;
  storage: PaypalOrderStorage;
  /** Sends the browser to PayPal's approval page. */
  leaveFor: (url: string) => void;
}

/**
 * Settlements arrive as `order:updated`; this slow read is kept only while the socket is not
 * connected. A socket that is reconnecting refetches once it is back, but one the server refused
 * (or that never gets through, e.g. a proxy that drops websockets and long polling alike) stays
 * down until the next sign-in, and a shopper who has paid must not wait for ever. Fifteen seconds
 * costs the api little and is still well within the M-Pesa prompt's own minute.
 */
const SAFETY_READ_MS = 15_000;

export function browserPaymentsSettings(): PaymentsSagaSettings {
  return { safetyReadMs: SAFETY_READ_MS, storage: sessionStorage, leaveFor: (url) => window.location.assign(url) };
}

/**
 * The words for a payment that could not start: the server's own when it refused (the shop's rules,
 * or the provider's refusal), the flow's own when the shop failed or nothing answered.
 */
export function startFailureText(error: unknown, fallback: string): string {
  const refused = error instanceof ApiError && error.code !== null && !SHOP_FAULT_CODES.includes(error.code);
  return refused ? error.message : fallback;
}

/**
 * Whether an M-Pesa start that failed may still have pushed to the phone: nothing answered, or the
 * shop failed after it may have placed the order and asked Daraja. A refusal (PROVIDER_FAILED
 * among them: Daraja refused the push) says nothing was pushed.
 */
export function mpesaStartMayHavePushed(error: unknown): boolean {
  return error instanceof ApiError && (error.code === null || SHOP_FAULT_CODES.includes(error.code));
}

const selectPayments = (state: RootState): PaymentsState => state.payments;

const selectSocketStatus = (state: RootState): SocketStatus => state.realtime.status;

const { getOrder } = ordersApi.endpoints;
type GuardedBy<Guard> = Guard extends (action: unknown) => action is infer Action ? Action : never;
/** How a read of the order ended: its answer, or why there was none. */
type OrderReadEnd = GuardedBy<typeof getOrder.matchFulfilled> | GuardedBy<typeof getOrder.matchRejected>;

/** The end of a read of this order; a read that joined one already running ends with that one, not with the refusal to start another. */
function readEndOf(orderId: number) {
  return (action: unknown): action is OrderReadEnd =>
    (getOrder.matchFulfilled(action) || (getOrder.matchRejected(action) && !action.meta.condition)) &&
    action.meta.arg.originalArgs === orderId;
}

/** What may change a followed order's standing, or the way it is followed: its event, and the socket's comings and goings. */
const FOLLOW_WAKE_UPS = [
  orderUpdated.type,
  socketConnected.type,
  socketReconnected.type,
  socketDisconnected.type,
  socketConnectFailed.type,
];

/**
 * The order's standing as the server tells it now, read into the order's cache entry (orders.api.ts), which an open
 * details dialog shares; null when the server could not be reached (a blip is waited out). The answer is the read's
 * own end, not the entry, which an event's invalidation may already be reading again or dropping.
 */
function* readStanding(orderId: number): SagaIterator<PaymentStanding | null> {
  // Held while it reads: an entry nothing holds is dropped at once, and a read still running for it is aborted.
  const reading: { unsubscribe(): void } = yield put(getOrder.initiate(orderId, { forceRefetch: true }));
  try {
    const end: OrderReadEnd = yield take(readEndOf(orderId));
    if (getOrder.matchFulfilled(end)) return paymentStandingOf(end.payload);
    // The order is not the shopper's, or no longer there: reading it again will not change that.
    if (isRefusalOf(end.payload, ['FORBIDDEN', 'NOT_FOUND', 'ORDER_NOT_FOUND']))
      return { outcome: 'failed', reason: end.payload.message, approvalUrl: null };
    return null;
  } finally {
    reading.unsubscribe();
  }
}

/**
 * Waits until the order is worth reading again: its own event, a (re)connect (events sent while
 * the socket was away are lost), or, while the socket is not connected, the safety read's timer.
 */
function* untilWorthReading(settings: PaymentsSagaSettings, wakeUps: Channel<UnknownAction>, orderId: number): SagaIterator {
  for (;;) {
    const status: SocketStatus = yield select(selectSocketStatus);
    let wakeUp: UnknownAction | undefined;
    if (status === 'connected') wakeUp = yield take(wakeUps);
    else ({ wakeUp } = (yield race({ wakeUp: take(wakeUps), safetyRead: delay(settings.safetyReadMs) })) as { wakeUp?: UnknownAction });
    if (!wakeUp || socketConnected.match(wakeUp) || socketReconnected.match(wakeUp)) return;
    if (orderUpdated.match(wakeUp) && wakeUp.payload.orderId === orderId) return;
    // Another order's event, or the socket went away: nothing to read, but the timer may now apply.
  }
}

/**
 * Follows an order until its payment settles: read once at the start (its event may have come
 * before anyone listened), then again whenever its `order:updated` arrives or the socket comes
 * back. The wake-ups are buffered, so that an event arriving during a read is not missed.
 */
export function* followPayment(settings: PaymentsSagaSettings, orderId: number, method: PaymentMethod, known: Order | null): SagaIterator {
  const wakeUps: Channel<UnknownAction> = yield actionChannel(FOLLOW_WAKE_UPS, buffers.expanding<UnknownAction>(8));
  let standing: PaymentStanding = known ? paymentStandingOf(known) : WAITING;
  try {
    yield put(paymentFollowed({ orderId, method, ...standing }));
    while (standing.outcome === 'waiting') {
      const read: PaymentStanding | null = yield call(readStanding, orderId);
      if (read) {
        standing = read;
        yield put(paymentStandingChanged(standing));
      }
      if (standing.outcome === 'waiting') yield call(untilWorthReading, settings, wakeUps, orderId);
    }
  } finally {
    wakeUps.close();
  }
  // A declined PayPal payer comes back to the return page for the same order; any other end forgets it.
  if (method === 'paypal' && standing.outcome !== 'declined') yield call(forgetPaypalOrder, settings.storage);
  // The server took the paid lines out of the cart.
  if (standing.outcome === 'paid') yield put(shopApi.util.invalidateTags(['Cart']));
}

function* pushMpesa(settings: PaymentsSagaSettings, input: MpesaPaymentInput): SagaIterator {
  yield put(mpesaPushStarted(input));
  let answer: MpesaPaymentAnswer;
  try {
    answer = yield call(apiClient.post<MpesaPaymentAnswer>, ORDER_API.startMpesaPayment, input);
  } catch (error) {
    // A failed answer names no order to follow: the shopper is sent to My Orders to find it.
    if (mpesaStartMayHavePushed(error)) {
      yield put(mpesaStartUnconfirmed());
      yield put(toastRequested('warning', MESSAGES.checkout.mpesaStartUnconfirmed));
      return;
    }
    yield put(paymentStartFailed());
    yield put(toastRequested('error', startFailureText(error, MESSAGES.checkout.mpesaInitiateFailed)));
    return;
  }
  // No CheckoutRequestID: Daraja's answer was lost, but the prompt may still reach the phone, so the order is followed all the same.
  const confirmed = answer.data.checkoutRequestId !== null;
  yield put(mpesaPushAccepted({ confirmed }));
  yield put(
    confirmed
      ? toastRequested('success', MESSAGES.checkout.mpesaInitiated)
      : toastRequested('warning', MESSAGES.checkout.mpesaPushUnconfirmed),
  );
  yield call(followPayment, settings, answer.data.orderId, 'mpesa', null);
}

function* startMpesa(settings: PaymentsSagaSettings, addressId: number): SagaIterator {
  const { mpesaPhone }: PaymentsState = yield select(selectPayments);
  const phone = payableMpesaNumber(mpesaPhone.value);
  if (phone === null) {
    yield put(mpesaPhoneRefused(MESSAGES.checkout.invalidPhone));
    yield put(toastRequested('error', MESSAGES.checkout.invalidPhone));
    return;
  }
  yield call(pushMpesa, settings, { addressId, phone });
}

function* retryMpesa(settings: PaymentsSagaSettings): SagaIterator {
  const { lastMpesaPush }: PaymentsState = yield select(selectPayments);
  if (lastMpesaPush) yield call(pushMpesa, settings, lastMpesaPush);
}

function* startPaypal(settings: PaymentsSagaSettings, addressId: number): SagaIterator {
  yield put(paypalOrderStarted());
  let answer: PaypalOrderAnswer;
  try {
    const body: PlaceOrderInput = { addressId };
    answer = yield call(apiClient.post<PaypalOrderAnswer>, ORDER_API.createPaypalOrder, body);
  } catch (error) {
    yield put(paymentStartFailed());
    yield put(toastRequested('error', startFailureText(error, MESSAGES.checkout.paypalStartFailed)));
    return;
  }
  yield call(rememberPaypalOrder, settings.storage, answer.orderId);
  yield call(settings.leaveFor, answer.approvalURL);
}

/**
 * PayPal's cancel return (`?cancelled=1&token=…`): the stored order is closed at once, so that its
 * units are back in the shop rather than held until its reservation ends; the cart keeps its lines.
 * Money may have beaten the cancel (the payer approved in another tab): an order the server did not
 * close is followed like any return, to wherever its payment stands.
 */
function* cancelPaypalOrder(settings: PaymentsSagaSettings, reference: string | null): SagaIterator {
  const orderId: number | null = yield call(storedPaypalOrder, settings.storage);
  if (orderId === null || reference === null) {
    // Nothing names the order: it closes by itself when its reservation ends.
    yield call(forgetPaypalOrder, settings.storage);
    yield put(paypalOrderCancelled({ closed: false }));
    return;
  }
  let order: OrderDetails;
  try {
    // The api's body for PayPal's cancel return: the kept order and PayPal's order id, which must match it.
    const body: Required<Pick<CapturePaypalInput, 'orderId' | 'token'>> = { orderId, token: reference };
    const answer: ApiSuccess<OrderDetails> = yield call(apiClient.post<ApiSuccess<OrderDetails>>, ORDER_API.paypalCancelled, body);
    order = answer.data;
  } catch (error) {
    yield put(paypalReturnRefused(messageOfError(error)));
    return;
  }
  if (order.orderStatus !== 'cancelled') {
    yield call(followPayment, settings, orderId, 'paypal', order);
    return;
  }
  yield call(forgetPaypalOrder, settings.storage);
  yield put(paypalOrderCancelled({ closed: true }));
  // The cart's lines stay; their stock figures are read again now that the order's units are back.
  yield put(shopApi.util.invalidateTags(['Cart']));
}

/** Back from PayPal (docs/product.md, Payments), the capture is asked for with the stored order id, and the order followed until paid. */
function* returnFromPaypal(settings: PaymentsSagaSettings, action: ReturnType<typeof paypalReturned>): SagaIterator {
  const { reference, payerId, cancelled } = action.payload;
  if (cancelled) {
    yield call(cancelPaypalOrder, settings, reference);
    return;
  }
  const orderId: number | null = yield call(storedPaypalOrder, settings.storage);
  if (orderId === null || reference === null) {
    yield put(paypalReturnRefused(MESSAGES.checkout.paypalReturnInvalid));
    return;
  }
  let order: Order;
  try {
    const body: CapturePaypalInput = { orderId, token: reference, ...(payerId ? { payerId } : {}) };
    const answer: ApiSuccess<Order> = yield call(apiClient.post<ApiSuccess<Order>>, ORDER_API.capturePaypalOrder, body);
    order = answer.data;
  } catch (error) {
    yield put(paypalReturnRefused(messageOfError(error)));
    return;
  }
  yield call(followPayment, settings, orderId, 'paypal', order);
}

function* runPaymentFlow(settings: PaymentsSagaSettings, action: UnknownAction): SagaIterator {
  if (mpesaPaymentRequested.match(action)) yield call(startMpesa, settings, action.payload);
  else if (mpesaRetryRequested.match(action)) yield call(retryMpesa, settings);
  else if (paypalPaymentRequested.match(action)) yield call(startPaypal, settings, action.payload);
  else if (paypalReturned.match(action)) yield call(returnFromPaypal, settings, action);
}

const FLOW_STARTS = [mpesaPaymentRequested.type, mpesaRetryRequested.type, paypalPaymentRequested.type, paypalReturned.type];
const FLOW_STOPS: string[] = [paymentViewLeft.type, loggedOut.type];

/**
 * One payment flow at a time: a new one replaces the one being followed, leaving the screen or
 * signing out stops it. While a payment is starting, further starts are ignored: a second click
 * would place a second order.
 */
export function* paymentsSaga(settings: PaymentsSagaSettings = browserPaymentsSettings()): SagaIterator {
  let flow: Task | null = null;
  for (;;) {
    const action: UnknownAction = yield take([...FLOW_STARTS, ...FLOW_STOPS]);
    const isStop = FLOW_STOPS.includes(action.type);
    if (!isStop && flow?.isRunning() && ((yield select(selectPayments)) as PaymentsState).startingMethod !== null) continue;
    if (flow?.isRunning()) yield cancel(flow);
    flow = isStop ? null : ((yield fork(runPaymentFlow, settings, action)) as Task);
  }
}
