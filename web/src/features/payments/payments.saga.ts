import {
  MESSAGES,
  ORDER_API,
  type ApiSuccess,
  type CapturePaypalInput,
  type MpesaPaymentAnswer,
  type MpesaPaymentInput,
  type Order,
  type PaymentMethod,
  type PaypalOrderAnswer,
  type PlaceOrderInput,
} from '@shop/contracts';
import { call, cancel, delay, fork, put, select, take } from 'redux-saga/effects';
import type { SagaIterator, Task } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { apiClient, ApiError, messageOfError } from '../../lib/api-client';
import { loggedOut } from '../auth/auth.slice';
import { cartRequested } from '../cart/cart.slice';
import { toastRequested } from '../notifications/notifications.slice';
import { payableMpesaNumber } from './mpesa-phone';
import { paymentStandingOf, WAITING, type PaymentStanding } from './payment-standing';
import { forgetPaypalOrder, rememberPaypalOrder, storedPaypalOrder, type PaypalOrderStorage } from './paypal-return';
import {
  mpesaPaymentRequested,
  mpesaPhoneRefused,
  mpesaPushAccepted,
  mpesaPushStarted,
  mpesaRetryRequested,
  paymentFollowed,
  paymentStandingChanged,
  paymentStartFailed,
  paymentViewLeft,
  paypalOrderStarted,
  paypalPaymentRequested,
  paypalReturned,
  paypalReturnRefused,
  type PaymentsState,
} from './payments.slice';

/** What the payment flows need of the browser, handed in so that tests can run them without one. */
export interface PaymentsSagaSettings {
  /** How often a followed order is read again until its payment settles. */
  followIntervalMs: number;
  storage: PaypalOrderStorage;
  /** Sends the browser to PayPal's approval page. */
  leaveFor: (url: string) => void;
}

/** M-Pesa answers within seconds once the PIN is entered; three seconds keeps the wait short without hammering the api. */
const FOLLOW_INTERVAL_MS = 3000;

export function browserPaymentsSettings(): PaymentsSagaSettings {
  return { followIntervalMs: FOLLOW_INTERVAL_MS, storage: sessionStorage, leaveFor: (url) => window.location.assign(url) };
}

/**
 * The words for a payment that could not start: the server's own when it refused (a 4xx, or the
 * 502 it answers when the provider refused), the flow's own for anything else.
 */
export function startFailureText(error: unknown, fallback: string, unreachable: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === null) return unreachable;
  return error.status < 500 || error.status === 502 ? error.message : fallback;
}

/** The order is not the shopper's, or no longer there: reading it again will not change that. */
function isFinalRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

const selectPayments = (state: RootState): PaymentsState => state.payments;

/**
 * Follows an order until its payment settles, reading it again every few seconds. This is the one
 * place that learns of settlements, so that live socket updates can replace the polling here alone.
 */
export function* followPayment(settings: PaymentsSagaSettings, orderId: number, method: PaymentMethod, known: Order | null): SagaIterator {
  let standing: PaymentStanding = known ? paymentStandingOf(known) : WAITING;
  yield put(paymentFollowed({ orderId, method, ...standing }));
  while (standing.outcome === 'waiting') {
    yield delay(settings.followIntervalMs);
    try {
      const answer: ApiSuccess<Order> = yield call(apiClient.get<ApiSuccess<Order>>, ORDER_API.order(orderId));
      standing = paymentStandingOf(answer.data);
    } catch (error) {
      // A blip (offline, a restart) is waited out; only a definite refusal ends the wait.
      if (!isFinalRefusal(error)) continue;
      standing = { outcome: 'failed', reason: error.message, approvalUrl: null };
    }
    yield put(paymentStandingChanged(standing));
  }
  // A declined PayPal payer comes back to the return page for the same order; any other end forgets it.
  if (method === 'paypal' && standing.outcome !== 'declined') yield call(forgetPaypalOrder, settings.storage);
  // The server took the paid lines out of the cart.
  if (standing.outcome === 'paid') yield put(cartRequested());
}

function* pushMpesa(settings: PaymentsSagaSettings, input: MpesaPaymentInput): SagaIterator {
  yield put(mpesaPushStarted(input));
  let answer: MpesaPaymentAnswer;
  try {
    answer = yield call(apiClient.post<MpesaPaymentAnswer>, ORDER_API.startMpesaPayment, input);
  } catch (error) {
    yield put(paymentStartFailed());
    yield put(toastRequested('error', startFailureText(error, MESSAGES.checkout.mpesaInitiateFailed, MESSAGES.checkout.mpesaFailed)));
    return;
  }
  yield put(mpesaPushAccepted());
  yield put(toastRequested('success', MESSAGES.checkout.mpesaInitiated));
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
    yield put(toastRequested('error', startFailureText(error, MESSAGES.checkout.paypalStartFailed, MESSAGES.checkout.paypalStartFailed)));
    return;
  }
  yield call(rememberPaypalOrder, settings.storage, answer.orderId);
  yield call(settings.leaveFor, answer.approvalURL);
}

/** Spec §4: back from PayPal, the capture is asked for with the stored order id, and the order followed until paid. */
function* returnFromPaypal(settings: PaymentsSagaSettings, action: ReturnType<typeof paypalReturned>): SagaIterator {
  const { reference, payerId, cancelled } = action.payload;
  if (cancelled) {
    yield call(forgetPaypalOrder, settings.storage);
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
