import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { MESSAGES, PAYPAL_QUOTE_API, type CartItem, type PaypalQuote } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { loggedOut } from '../auth/auth.slice';
import { paypalQuoteKey } from './checkout-totals';
import { checkoutSaga } from './checkout.saga';
import { checkoutReducer, paypalQuoteLoaded, paypalQuoteRequested } from './checkout.slice';
import { formatPaypalAmount, formatPaypalRate, paypalChargeText } from './paypal-charge';

const line: CartItem = {
  productId: 3,
  title: 'Wooden train',
  image: null,
  price: 1500,
  salePrice: 925,
  quantity: 1,
  totalStock: 9,
  variationId: null,
  variationLabel: null,
};
const quote: PaypalQuote = { totalAmount: 1075, providerAmount: { currency: 'USD', value: '8.34', kesPerUnit: 129 } };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('what PayPal will charge, as the checkout shows it', () => {
  it('writes the amount in its own currency with the code, and the rate to the decimals it was set with', () => {
    // Intl keeps the code and the figure together with a no-break space.
    const spaced = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(spaced(formatPaypalAmount(quote.providerAmount))).toBe('USD 8.34');
    expect(spaced(formatPaypalAmount({ currency: 'EUR', value: '1234.50' }))).toBe('EUR 1,234.50');
    expect(spaced(formatPaypalRate(quote.providerAmount))).toBe('1 USD = KES 129');
    expect(spaced(formatPaypalRate({ currency: 'GBP', kesPerUnit: 163.25 }))).toBe('1 GBP = KES 163.25');
  });

  it('reads in the order details as the amount and the rate recorded with the order', () => {
    expect(paypalChargeText({ currency: 'USD', value: '24.42', kesPerUnit: 129 }).replace(/\u00a0/g, ' ')).toBe(
      'USD 24.42 (1 USD = KES 129)',
    );
    expect(paypalChargeText({ currency: 'EUR', value: '1000.00', kesPerUnit: 150.5 }).replace(/\u00a0/g, ' ')).toBe(
      'EUR 1,000.00 (1 EUR = KES 150.5)',
    );
  });

  it('is priced for one address and one cart: another address, quantity or price is another quote', () => {
    const key = paypalQuoteKey(11, [line]);
    expect(paypalQuoteKey(11, [{ ...line }])).toBe(key);
    expect(paypalQuoteKey(12, [line])).not.toBe(key);
    expect(paypalQuoteKey(11, [{ ...line, quantity: 2 }])).not.toBe(key);
    expect(paypalQuoteKey(11, [{ ...line, salePrice: 0 }])).not.toBe(key);
    expect(paypalQuoteKey(11, [{ ...line, variationId: 4 }])).not.toBe(key);
  });

  describe('loading', () => {
    const realGet = apiClient.get;
    let requested: string[];
    let answer: (path: string) => Promise<unknown>;

    beforeEach(() => {
      requested = [];
      answer = async () => ({ success: true, data: quote });
      apiClient.get = (async (path: string, ...rest: unknown[]) => {
        expect(rest.filter((option) => option !== undefined)).toEqual([]);
        requested.push(path);
        return answer(path);
      }) as typeof apiClient.get;
    });

    afterEach(() => {
      apiClient.get = realGet;
    });

    function startCheckout() {
      const sagaMiddleware = createSagaMiddleware();
      const store = configureStore({
        reducer: { checkout: checkoutReducer },
        middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
      });
      const task = sagaMiddleware.run(checkoutSaga);
      return { store, paypalQuote: () => store.getState().checkout.paypalQuote, stop: () => task.cancel() };
    }

    it("asks the server for the address's quote, sending no amount, and shows what it answers", async () => {
      const { store, paypalQuote, stop } = startCheckout();
      const key = paypalQuoteKey(11, [line]);
      store.dispatch(paypalQuoteRequested({ key, addressId: 11 }));
      expect(paypalQuote()).toMatchObject({ key, quote: null, isLoading: true });
      await pause(0);
      expect(requested).toEqual([PAYPAL_QUOTE_API.quote(11)]);
      expect(paypalQuote()).toEqual({ key, addressId: 11, quote, isLoading: false, error: null });
      stop();
    });

    it('drops an answer for a cart or an address since changed', async () => {
      const { store, paypalQuote, stop } = startCheckout();
      store.dispatch(paypalQuoteRequested({ key: 'before', addressId: 11 }));
      store.dispatch(paypalQuoteRequested({ key: 'after', addressId: 12 }));
      store.dispatch(paypalQuoteLoaded({ key: 'before', quote }));
      expect(paypalQuote()).toMatchObject({ key: 'after', quote: null, isLoading: true });
      stop();
    });

    it("says why when the server refuses, in the catalogue's words, and forgets the quote at sign-out", async () => {
      const { store, paypalQuote, stop } = startCheckout();
      answer = async () => {
        throw new ApiError(MESSAGES.checkout.cartEmpty, 'CART_EMPTY');
      };
      store.dispatch(paypalQuoteRequested({ key: 'empty', addressId: 11 }));
      await pause(0);
      expect(paypalQuote()).toMatchObject({ isLoading: false, quote: null, error: MESSAGES.checkout.cartEmpty });
      answer = async () => {
        throw new Error('socket hang up');
      };
      store.dispatch(paypalQuoteRequested({ key: 'again', addressId: 11 }));
      await pause(0);
      expect(paypalQuote().error).toBe(MESSAGES.checkout.paypalQuoteFailed);
      store.dispatch(loggedOut());
      expect(paypalQuote()).toEqual({ key: null, addressId: null, quote: null, isLoading: false, error: null });
      stop();
    });
  });
});
