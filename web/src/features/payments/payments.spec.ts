import { all, fork, takeEvery } from 'redux-saga/effects';
import { MESSAGES, ORDER_API, type Order } from '@shop/contracts';
import { shopApi } from '../../app/shop.api';
import { apiClient, ApiError, errorOfAnswer } from '../../lib/api-client';
import { memoryStorage } from '../../testing/memory-storage';
import { myOrdersSaga } from '../orders/myOrders.saga';
import { detailsOf, orderOf, settle, startOrdersStore, updateOf } from '../orders/order-fixtures';
import { orderUpdated, socketConnected, socketConnectFailed, socketDisconnected, socketReconnected } from '../realtime/realtime.slice';
import { payableMpesaNumber } from './mpesa-phone';
import { paymentStandingOf } from './payment-standing';
import { mpesaStartMayHavePushed, paymentsSaga, startFailureText, type PaymentsSagaSettings } from './payments.saga';
import {
  mpesaPaymentRequested,
  mpesaPhoneChanged,
  mpesaPhoneRevealed,
  mpesaRetryRequested,
  paymentViewLeft,
  paypalPaymentRequested,
  paypalReturned,
  type PaymentsState,
} from './payments.slice';
import { forgetPaypalOrder, paypalReturnOf, rememberPaypalOrder, storedPaypalOrder } from './paypal-return';

/** Long enough never to fire in a test, except where the safety read itself is tested. */
const NO_SAFETY_READ_MS = 60_000;

describe('the M-Pesa phone number', () => {
  it.each(['0708 374 149', '254708374149', '+254 708 374 149', '0110 222 333'])('accepts %s', (typed) => {
    expect(payableMpesaNumber(typed)).toMatch(/^254[17]\d{8}$/);
  });

  it.each(['', '   ', '708374149', '0712 345', '0712 34a 678', '020 222 3333'])('refuses "%s"', (typed) => {
    expect(payableMpesaNumber(typed)).toBeNull();
  });
});

describe('where a payment stands', () => {
  it('is paid once the payment is, whatever the order became', () => {
    expect(paymentStandingOf(orderOf(1, { paymentStatus: 'paid', orderStatus: 'confirmed' })).outcome).toBe('paid');
  });

  it('failed, with the reason, when the payment failed or the order was cancelled', () => {
    expect(
      paymentStandingOf(
        orderOf(1, { paymentStatus: 'failed', orderStatus: 'cancelled', paymentFailureReason: MESSAGES.payment.mpesaCancelled }),
      ),
    ).toEqual({
      outcome: 'failed',
      reason: MESSAGES.payment.mpesaCancelled,
      approvalUrl: null,
    });
    expect(paymentStandingOf(orderOf(1, { orderStatus: 'rejected' })).outcome).toBe('failed');
    const refunded = orderOf(1, { paymentStatus: 'paid', orderStatus: 'cancelled', paymentFailureReason: MESSAGES.payment.refundDue });
    expect(paymentStandingOf(refunded)).toEqual({ outcome: 'failed', reason: MESSAGES.payment.refundDue, approvalUrl: null });
  });

  it('declined, with PayPal’s page to choose another way, when a PayPal capture failed', () => {
    const order = orderOf(1, {
      paymentMethod: 'paypal',
      paymentFailureReason: MESSAGES.payment.paypalDeclined,
      paypalApprovalUrl: 'http://pay.test/checkoutnow?token=A',
    });
    expect(paymentStandingOf(order)).toEqual({
      outcome: 'declined',
      reason: MESSAGES.payment.paypalDeclined,
      approvalUrl: 'http://pay.test/checkoutnow?token=A',
    });
  });

  it('waiting while nothing has settled', () => {
    expect(paymentStandingOf(orderOf(1)).outcome).toBe('waiting');
  });

  it('unknown, never failed, while M-Pesa could not tell whether the shopper paid', () => {
    expect(paymentStandingOf(orderOf(1, { paymentStatus: 'unknown' }))).toEqual({
      outcome: 'unknown',
      reason: MESSAGES.payment.outcomeUnknown,
      approvalUrl: null,
    });
  });

  it('failed once a person rejected an order whose outcome was unknown', () => {
    expect(paymentStandingOf(orderOf(1, { paymentStatus: 'unknown', orderStatus: 'rejected' })).outcome).toBe('failed');
  });
});

describe('the PayPal return', () => {
  it('reads token and PayerID, the old paymentId, and a cancel', () => {
    expect(paypalReturnOf(new URLSearchParams('token=5O190&PayerID=SANDBOXBUYER1'))).toEqual({
      reference: '5O190',
      payerId: 'SANDBOXBUYER1',
      cancelled: false,
    });
    expect(paypalReturnOf(new URLSearchParams('paymentId=PAY-1'))).toEqual({ reference: 'PAY-1', payerId: null, cancelled: false });
    expect(paypalReturnOf(new URLSearchParams('cancelled=1&token=5O190'))).toMatchObject({ cancelled: true });
  });

  it('keeps the order id in session storage until it is forgotten, and ignores anything that is not an id', () => {
    const storage = memoryStorage();
    expect(storedPaypalOrder(storage)).toBeNull();
    rememberPaypalOrder(storage, 31);
    expect(storedPaypalOrder(storage)).toBe(31);
    forgetPaypalOrder(storage);
    expect(storedPaypalOrder(storage)).toBeNull();
    storage.setItem('toyduka.paypal.orderId', '31abc');
    expect(storedPaypalOrder(storage)).toBeNull();
  });
});

describe('the words for a payment that could not start', () => {
  const fallback = MESSAGES.checkout.paypalStartFailed;

  it('are the server’s for a refusal and for the provider’s 502', () => {
    expect(startFailureText(new ApiError(MESSAGES.checkout.cartEmpty, 'CART_EMPTY'), fallback)).toBe(MESSAGES.checkout.cartEmpty);
    expect(startFailureText(new ApiError(MESSAGES.checkout.mpesaInitiateFailed, 'PROVIDER_FAILED'), fallback)).toBe(
      MESSAGES.checkout.mpesaInitiateFailed,
    );
  });

  it('are the flow’s own for a server fault, and when nothing answered', () => {
    expect(startFailureText(new ApiError(MESSAGES.server.internalError, 'INTERNAL_ERROR'), fallback)).toBe(fallback);
    expect(startFailureText(new ApiError(MESSAGES.server.networkError, null), fallback)).toBe(fallback);
    expect(startFailureText(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('an M-Pesa start that failed', () => {
  it.each([
    ['nothing answered', null],
    ['the shop failed', errorOfAnswer(500, undefined)?.code ?? 'no error'],
    ['a proxy gave up waiting', errorOfAnswer(504, undefined)?.code ?? 'no error'],
  ] as const)('may have pushed to the phone when %s', (_case, code) => {
    expect(code).not.toBe('no error');
    expect(mpesaStartMayHavePushed(new ApiError(MESSAGES.server.networkError, code === 'no error' ? null : code))).toBe(true);
  });

  it.each([
    ['the provider refused the push', 'PROVIDER_FAILED'],
    ['the shop refused the order', 'STOCK_SHORT'],
  ] as const)('pushed nothing when %s', (_case, code) => {
    expect(mpesaStartMayHavePushed(new ApiError(MESSAGES.checkout.mpesaInitiateFailed, code))).toBe(false);
  });
});

describe('paying', () => {
  const real = { get: apiClient.get, post: apiClient.post };
  let calls: string[];
  let sent: unknown[];
  /** What the order reads as on each follow-up GET, in turn; the last one repeats. */
  let readings: (Order | ApiError)[];
  let storage: ReturnType<typeof memoryStorage>;
  let leftFor: string[];

  beforeEach(() => {
    calls = [];
    sent = [];
    readings = [];
    storage = memoryStorage();
    leftFor = [];
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      const reading = readings.length > 1 ? readings.shift()! : readings[0]!;
      if (reading instanceof ApiError) throw reading;
      return { success: true, data: reading };
    }) as typeof apiClient.get;
  });

  /** Stopped after each test, also one that failed before its own stop(): a follow left running would read into the next test's fakes. */
  let running: (() => void)[] = [];

  afterEach(() => {
    running.forEach((stop) => stop());
    running = [];
    Object.assign(apiClient, real);
  });

  function answerPosts(answer: (path: string, body: unknown) => unknown) {
    apiClient.post = (async (path: string, body: unknown) => {
      calls.push(`POST ${path}`);
      sent.push(body);
      return answer(path, body);
    }) as typeof apiClient.post;
  }

  /**
   * The shop with its socket connected, unless told otherwise, and the shopper's orders following the socket beside the
   * payment, as the ordering feature runs them; the tags it marks stale in the api cache are recorded.
   */
  function start({ safetyReadMs = NO_SAFETY_READ_MS, connected = true } = {}) {
    const settings: PaymentsSagaSettings = { safetyReadMs, storage, leaveFor: (url) => void leftFor.push(url) };
    const staleTags: unknown[] = [];
    const started = startOrdersStore(function* () {
      yield all([
        fork(paymentsSaga, settings),
        fork(myOrdersSaga),
        takeEvery(shopApi.util.invalidateTags.match, (action) => void staleTags.push(...action.payload)),
      ]);
    });
    running.push(started.stop);
    if (connected) started.store.dispatch(socketConnected());
    const payments = () => started.store.getState().payments;
    const reads = () => calls.filter((call) => call.startsWith('GET')).length;
    const cartReadAgain = () => staleTags.includes('Cart');
    return { ...started, payments, reads, cartReadAgain };
  }

  /** Waits until the followed payment is no longer waiting, however slowly a busy machine runs the follow, for two seconds at most. */
  async function untilSettled(payments: () => PaymentsState) {
    for (const deadline = Date.now() + 2_000; payments().followed?.outcome === 'waiting' && Date.now() < deadline;) await settle(10);
  }

  const paidOrder = (id: number) => orderOf(id, { paymentStatus: 'paid', orderStatus: 'confirmed' });

  const accepted = (orderId: number) => ({
    success: true,
    message: MESSAGES.checkout.mpesaInitiated,
    data: { orderId, checkoutRequestId: `ws_CO_${orderId}` },
  });

  describe('by M-Pesa', () => {
    it('sends nothing for a phone number that is not one, and says so at the input', async () => {
      answerPosts(() => accepted(1));
      const { store, payments, toasts, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0712 345'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(calls).toEqual([]);
      expect(payments().mpesaPhone).toEqual({ isOpen: true, value: '0712 345', error: MESSAGES.checkout.invalidPhone });
      expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.checkout.invalidPhone }]);
      stop();
    });

    it('pushes to the number as Daraja writes it, hides the input, reads the order once and again when its event says it moved', async () => {
      answerPosts(() => accepted(7));
      readings = [orderOf(7), paidOrder(7)];
      const { store, payments, toasts, reads, cartReadAgain, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(sent).toEqual([{ addressId: 11, phone: '254708374149' }]);
      expect(payments().mpesaPhone).toEqual({ isOpen: false, value: '', error: null });
      expect(payments().followed).toMatchObject({ orderId: 7, method: 'mpesa', outcome: 'waiting' });
      expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.checkout.mpesaInitiated }]);
      expect(calls).toEqual([`POST ${ORDER_API.startMpesaPayment}`, `GET ${ORDER_API.order(7)}`]);

      // Nothing is polled while the socket is up; another order's event is not this one's.
      await settle(50);
      store.dispatch(orderUpdated(updateOf(paidOrder(6))));
      await settle();
      expect(reads()).toBe(1);

      store.dispatch(orderUpdated(updateOf(paidOrder(7))));
      await settle();
      expect(calls.at(-1)).toBe(`GET ${ORDER_API.order(7)}`);
      expect(reads()).toBe(2);
      expect(payments().followed).toMatchObject({ outcome: 'paid' });
      // The paid lines left the cart on the server: it is read again.
      expect(cartReadAgain()).toBe(true);
      stop();
    });

    it('settles even when the order settled before anyone listened: the first read finds it paid', async () => {
      answerPosts(() => accepted(7));
      readings = [paidOrder(7)];
      const { store, payments, reads, stop } = start();
      store.dispatch(mpesaPhoneChanged('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(reads()).toBe(1);
      expect(payments().followed).toMatchObject({ outcome: 'paid' });
      stop();
    });

    /** The first read is held until `answerFirstRead()`; every later one finds the order paid, a few milliseconds later, as over a network. */
    function holdFirstRead() {
      let answerFirstRead!: () => void;
      apiClient.get = (async (path: string) => {
        calls.push(`GET ${path}`);
        if (calls.filter((call) => call.startsWith('GET')).length > 1) {
          await settle(5);
          return { success: true, data: paidOrder(7) };
        }
        await new Promise<void>((resolve) => (answerFirstRead = resolve));
        return { success: true, data: orderOf(7) };
      }) as typeof apiClient.get;
      return () => answerFirstRead();
    }

    it.each([
      ['its event arrives', true, orderUpdated(updateOf(paidOrder(7)))],
      ['the socket first connects (a page just arrived at)', false, socketConnected()],
    ])('misses nothing when %s while the order is being read, and reads again at once', async (_case, connected, wakeUp) => {
      answerPosts(() => accepted(7));
      const answerFirstRead = holdFirstRead();
      const { store, payments, reads, stop } = start({ connected });
      store.dispatch(mpesaPhoneChanged('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      store.dispatch(wakeUp);
      answerFirstRead();
      await untilSettled(payments);
      expect(reads()).toBe(2);
      expect(payments().followed).toMatchObject({ outcome: 'paid' });
      stop();
    });

    it('reads the order again when the socket comes back, since events sent meanwhile are lost', async () => {
      answerPosts(() => accepted(7));
      readings = [orderOf(7), paidOrder(7)];
      const { store, payments, reads, stop } = start();
      store.dispatch(mpesaPhoneChanged('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      store.dispatch(socketDisconnected({ reason: 'transport close', willReconnect: true }));
      await settle();
      expect(reads()).toBe(1);
      store.dispatch(socketReconnected());
      await settle();
      expect(reads()).toBe(2);
      expect(payments().followed).toMatchObject({ outcome: 'paid' });
      stop();
    });

    it('reads slowly on its own only while the socket is down', async () => {
      answerPosts(() => accepted(7));
      readings = [orderOf(7), orderOf(7), paidOrder(7)];
      const { store, payments, reads, stop } = start({ safetyReadMs: 20 });
      store.dispatch(mpesaPhoneChanged('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle(100);
      expect(reads()).toBe(1);

      store.dispatch(socketConnectFailed({ message: 'Not authenticated', willRetry: false }));
      // Two safety reads, however slowly a busy machine runs them: the second finds the order paid, and none follows.
      await untilSettled(payments);
      await settle(100);
      expect(reads()).toBe(3);
      expect(payments().followed).toMatchObject({ outcome: 'paid' });
      stop();
    });

    it('waits out a read that could not reach the server, and shows why a failed payment failed', async () => {
      answerPosts(() => accepted(7));
      const cancelled = orderOf(7, {
        paymentStatus: 'failed',
        orderStatus: 'cancelled',
        paymentFailureReason: MESSAGES.payment.mpesaCancelled,
      });
      readings = [new ApiError(MESSAGES.server.networkError, null), cancelled];
      const { store, payments, reads, cartReadAgain, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0700 001 032'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(payments().followed).toMatchObject({ orderId: 7, outcome: 'waiting' });
      store.dispatch(orderUpdated(updateOf(cancelled)));
      await settle();
      expect(reads()).toBe(2);
      expect(payments().followed).toMatchObject({ orderId: 7, outcome: 'failed', reason: MESSAGES.payment.mpesaCancelled });
      expect(cartReadAgain()).toBe(false);
      stop();
    });

    it('ends the wait when the order is not the shopper’s to read', async () => {
      answerPosts(() => accepted(7));
      readings = [new ApiError(MESSAGES.orders.notFound, 'ORDER_NOT_FOUND')];
      const { store, payments, stop } = start();
      store.dispatch(mpesaPhoneChanged('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(payments().followed).toMatchObject({ outcome: 'failed', reason: MESSAGES.orders.notFound });
      stop();
    });

    it('tries again with the same address and number, as a new order', async () => {
      let nextOrder = 7;
      answerPosts(() => accepted(nextOrder++));
      readings = [orderOf(7, { paymentStatus: 'failed', orderStatus: 'cancelled', paymentFailureReason: MESSAGES.payment.mpesaWrongPin })];
      const { store, payments, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0700 002 001'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(payments().followed).toMatchObject({ outcome: 'failed' });
      readings = [orderOf(8)];
      store.dispatch(mpesaRetryRequested());
      await settle();
      expect(sent).toEqual([
        { addressId: 11, phone: '254700002001' },
        { addressId: 11, phone: '254700002001' },
      ]);
      expect(payments().followed).toMatchObject({ orderId: 8, outcome: 'waiting' });
      stop();
    });

    it('places one order however often the button is pressed while the push is on its way', async () => {
      let answer!: (value: unknown) => void;
      apiClient.post = ((path: string) => {
        calls.push(`POST ${path}`);
        return new Promise<unknown>((resolve) => (answer = resolve));
      }) as typeof apiClient.post;
      readings = [orderOf(7)];
      const { store, payments, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      store.dispatch(mpesaPaymentRequested(11));
      store.dispatch(paypalPaymentRequested(11));
      expect(payments().startingMethod).toBe('mpesa');
      answer(accepted(7));
      await settle();
      expect(calls.filter((call) => call.startsWith('POST'))).toEqual([`POST ${ORDER_API.startMpesaPayment}`]);
      expect(payments().startingMethod).toBeNull();
      stop();
    });

    it.each([
      [
        'a refusal: the server’s words',
        new ApiError(MESSAGES.checkout.outOfStock('Wooden train', 1), 'STOCK_SHORT'),
        MESSAGES.checkout.outOfStock('Wooden train', 1),
      ],
      [
        'Daraja’s refusal: the server’s words',
        new ApiError(MESSAGES.checkout.mpesaInitiateFailed, 'PROVIDER_FAILED'),
        MESSAGES.checkout.mpesaInitiateFailed,
      ],
    ])('shows %s, and lets the shopper pay again', async (_case, error, text) => {
      answerPosts(() => {
        throw error;
      });
      const { store, payments, toasts, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(toasts()).toEqual([{ kind: 'error', text }]);
      expect(payments()).toMatchObject({
        startingMethod: null,
        followed: null,
        mpesaStartDoubt: null,
        mpesaPhone: { isOpen: true, value: '0708 374 149' },
      });
      stop();
    });

    it.each([
      ['no answer at all', new ApiError(MESSAGES.server.networkError, null)],
      ['a server fault', new ApiError(MESSAGES.server.internalError, 'INTERNAL_ERROR')],
      ['a gateway that gave up', new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE')],
    ])('after %s, says the push may have gone out, points to My Orders and never pushes again', async (_case, error) => {
      answerPosts(() => {
        throw error;
      });
      const { store, payments, toasts, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(toasts()).toEqual([{ kind: 'warning', text: MESSAGES.checkout.mpesaStartUnconfirmed }]);
      expect(payments()).toMatchObject({
        startingMethod: null,
        followed: null,
        mpesaStartDoubt: 'start',
        lastMpesaPush: null,
        mpesaPhone: { isOpen: false },
      });
      store.dispatch(mpesaRetryRequested());
      await settle();
      expect(calls).toEqual([`POST ${ORDER_API.startMpesaPayment}`]);
      stop();
    });

    it('follows the order all the same when Daraja did not confirm the push, and warns against paying again', async () => {
      answerPosts(() => ({
        success: true,
        message: MESSAGES.checkout.mpesaPushUnconfirmed,
        data: { orderId: 7, checkoutRequestId: null },
      }));
      readings = [orderOf(7, { paymentId: null }), paidOrder(7)];
      const { store, payments, toasts, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      expect(toasts()).toEqual([{ kind: 'warning', text: MESSAGES.checkout.mpesaPushUnconfirmed }]);
      expect(payments()).toMatchObject({
        mpesaStartDoubt: 'push',
        mpesaPhone: { isOpen: false },
        followed: { orderId: 7, method: 'mpesa', outcome: 'waiting' },
      });
      expect(calls).toEqual([`POST ${ORDER_API.startMpesaPayment}`, `GET ${ORDER_API.order(7)}`]);

      store.dispatch(orderUpdated(updateOf(paidOrder(7))));
      await settle();
      expect(payments().followed).toMatchObject({ outcome: 'paid' });
      stop();
    });

    it('shows an outcome M-Pesa could not tell as unknown, not failed, and stops following it there', async () => {
      answerPosts(() => accepted(7));
      const unknown = orderOf(7, { paymentStatus: 'unknown', orderUpdateDate: '2025-06-02T07:46:00.000Z' });
      readings = [orderOf(7), unknown];
      const { store, payments, reads, cartReadAgain, stop } = start();
      store.dispatch(mpesaPhoneRevealed('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      store.dispatch(orderUpdated(updateOf(unknown)));
      await settle();
      expect(payments().followed).toEqual({
        orderId: 7,
        method: 'mpesa',
        outcome: 'unknown',
        reason: MESSAGES.payment.outcomeUnknown,
        approvalUrl: null,
      });
      expect(cartReadAgain()).toBe(false);

      // A person settles it later, perhaps hours later: the checkout no longer reads it.
      store.dispatch(orderUpdated(updateOf(paidOrder(7))));
      await settle();
      expect(reads()).toBe(2);
      stop();
    });

    it('stops following once the shopper leaves the checkout', async () => {
      answerPosts(() => accepted(7));
      readings = [orderOf(7)];
      const { store, payments, stop } = start();
      store.dispatch(mpesaPhoneChanged('0708 374 149'));
      store.dispatch(mpesaPaymentRequested(11));
      await settle();
      store.dispatch(paymentViewLeft());
      const readsWhenLeft = calls.length;
      store.dispatch(orderUpdated(updateOf(paidOrder(7))));
      store.dispatch(socketReconnected());
      await settle();
      expect(calls.length).toBe(readsWhenLeft);
      expect(payments().followed).toBeNull();
      stop();
    });
  });

  describe('by PayPal', () => {
    const approvalURL = 'http://localhost:3002/paypal/checkoutnow?token=5O190';

    it('keeps the order id for the return and sends the browser to PayPal', async () => {
      answerPosts(() => ({ success: true, approvalURL, orderId: 31 }));
      const { store, payments, stop } = start();
      store.dispatch(paypalPaymentRequested(11));
      await settle();
      expect(sent).toEqual([{ addressId: 11 }]);
      expect(storedPaypalOrder(storage)).toBe(31);
      expect(leftFor).toEqual([approvalURL]);
      expect(payments().startingMethod).toBe('paypal');
      stop();
    });

    it('says it could not start PayPal, and keeps nothing', async () => {
      answerPosts(() => {
        throw new ApiError(MESSAGES.server.networkError, null);
      });
      const { store, payments, toasts, stop } = start();
      store.dispatch(paypalPaymentRequested(11));
      await settle();
      expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.checkout.paypalStartFailed }]);
      expect(storage.items.size).toBe(0);
      expect(leftFor).toEqual([]);
      expect(payments().startingMethod).toBeNull();
      stop();
    });

    it('captures with the stored order, follows it until its event says paid, then forgets it', async () => {
      rememberPaypalOrder(storage, 31);
      const pending = orderOf(31, { paymentMethod: 'paypal', paymentId: '5O190' });
      const paid: Order = { ...pending, paymentStatus: 'paid', orderStatus: 'confirmed' };
      answerPosts(() => ({ success: true, data: pending }));
      readings = [pending, paid];
      const { store, payments, stop } = start();
      store.dispatch(paypalReturned({ reference: '5O190', payerId: 'SANDBOXBUYER1', cancelled: false }));
      await settle();
      expect(sent).toEqual([{ orderId: 31, token: '5O190', payerId: 'SANDBOXBUYER1' }]);
      expect(payments().paypalReturn.stage).toBe('following');
      expect(payments().followed).toMatchObject({ orderId: 31, outcome: 'waiting' });
      store.dispatch(orderUpdated(updateOf(paid)));
      await settle();
      expect(calls).toEqual([`POST ${ORDER_API.capturePaypalOrder}`, `GET ${ORDER_API.order(31)}`, `GET ${ORDER_API.order(31)}`]);
      expect(payments().followed).toMatchObject({ orderId: 31, outcome: 'paid' });
      expect(storedPaypalOrder(storage)).toBeNull();
      stop();
    });

    it('is done at once when the capture answers an order already paid', async () => {
      rememberPaypalOrder(storage, 31);
      answerPosts(() => ({
        success: true,
        data: orderOf(31, { paymentMethod: 'paypal', paymentStatus: 'paid', orderStatus: 'confirmed' }),
      }));
      const { store, payments, stop } = start();
      store.dispatch(paypalReturned({ reference: '5O190', payerId: 'SANDBOXBUYER1', cancelled: false }));
      await settle();
      expect(calls).toEqual([`POST ${ORDER_API.capturePaypalOrder}`]);
      expect(payments().followed).toMatchObject({ outcome: 'paid' });
      stop();
    });

    it('offers PayPal’s page again after a declined card, keeping the order for the next return', async () => {
      rememberPaypalOrder(storage, 31);
      const pending = orderOf(31, { paymentMethod: 'paypal', paypalApprovalUrl: approvalURL });
      answerPosts(() => ({ success: true, data: pending }));
      readings = [{ ...pending, paymentFailureReason: MESSAGES.payment.paypalDeclined }];
      const { store, payments, stop } = start();
      store.dispatch(paypalReturned({ reference: '5O190', payerId: 'SANDBOXBUYER1', cancelled: false }));
      await settle();
      expect(payments().followed).toMatchObject({ outcome: 'declined', reason: MESSAGES.payment.paypalDeclined, approvalUrl: approvalURL });
      expect(storedPaypalOrder(storage)).toBe(31);
      stop();
    });

    it('refuses a return with no stored order without asking the server', async () => {
      answerPosts(() => ({ success: true }));
      const { store, payments, stop } = start();
      store.dispatch(paypalReturned({ reference: '5O190', payerId: 'SANDBOXBUYER1', cancelled: false }));
      await settle();
      expect(calls).toEqual([]);
      expect(payments().paypalReturn).toEqual({ stage: 'refused', message: MESSAGES.checkout.paypalReturnInvalid });
      stop();
    });

    it('shows the server’s refusal of a return that is not for the stored order', async () => {
      rememberPaypalOrder(storage, 31);
      answerPosts(() => {
        throw new ApiError(MESSAGES.checkout.paypalReturnInvalid, 'PAYPAL_RETURN_INVALID');
      });
      const { store, payments, stop } = start();
      store.dispatch(paypalReturned({ reference: 'SOMEONE-ELSES', payerId: null, cancelled: false }));
      await settle();
      expect(sent).toEqual([{ orderId: 31, token: 'SOMEONE-ELSES' }]);
      expect(payments().paypalReturn).toEqual({ stage: 'refused', message: MESSAGES.checkout.paypalReturnInvalid });
      stop();
    });

    describe('cancelled on PayPal', () => {
      const pending = orderOf(31, { paymentMethod: 'paypal', paymentId: '5O190' });

      it('closes the kept order instead of capturing, says its items are back, and reads the cart again', async () => {
        rememberPaypalOrder(storage, 31);
        answerPosts(() => ({
          success: true,
          data: detailsOf({ ...pending, orderStatus: 'cancelled', paymentFailureReason: MESSAGES.payment.paypalCancelled }),
        }));
        const { store, payments, cartReadAgain, stop } = start();
        store.dispatch(paypalReturned(paypalReturnOf(new URLSearchParams('cancelled=1&token=5O190'))));
        expect(payments().paypalReturn.stage).toBe('cancelling');
        await settle();
        expect(calls).toEqual([`POST ${ORDER_API.paypalCancelled}`]);
        expect(sent).toEqual([{ orderId: 31, token: '5O190' }]);
        expect(payments().paypalReturn).toEqual({ stage: 'cancelled', message: MESSAGES.checkout.paypalOrderCancelled });
        expect(payments().followed).toBeNull();
        expect(storedPaypalOrder(storage)).toBeNull();
        // The cart keeps its lines: only their stock is read again.
        expect(cartReadAgain()).toBe(true);
        stop();
      });

      it('follows the order to its payment when the money beat the cancel', async () => {
        rememberPaypalOrder(storage, 31);
        answerPosts(() => ({ success: true, data: detailsOf({ ...pending, paymentStatus: 'paid', orderStatus: 'confirmed' }) }));
        const { store, payments, stop } = start();
        store.dispatch(paypalReturned({ reference: '5O190', payerId: null, cancelled: true }));
        await settle();
        expect(calls).toEqual([`POST ${ORDER_API.paypalCancelled}`]);
        expect(payments().followed).toMatchObject({ orderId: 31, outcome: 'paid' });
        expect(payments().paypalReturn.stage).toBe('following');
        stop();
      });

      it('asks the server nothing when no order was kept, and only says the payment was cancelled', async () => {
        answerPosts(() => ({ success: true }));
        const { store, payments, stop } = start();
        store.dispatch(paypalReturned({ reference: '5O190', payerId: null, cancelled: true }));
        await settle();
        expect(calls).toEqual([]);
        expect(payments().paypalReturn).toEqual({ stage: 'cancelled', message: null });
        stop();
      });

      it('shows why the server refused, keeping the order for another try', async () => {
        rememberPaypalOrder(storage, 31);
        answerPosts(() => {
          throw new ApiError(MESSAGES.server.networkError, null);
        });
        const { store, payments, stop } = start();
        store.dispatch(paypalReturned({ reference: '5O190', payerId: null, cancelled: true }));
        await settle();
        expect(payments().paypalReturn).toEqual({ stage: 'refused', message: MESSAGES.server.networkError });
        expect(storedPaypalOrder(storage)).toBe(31);
        stop();
      });
    });
  });
});
