import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { SHOP_INFO_API, telLink, type ShopInfo } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { SHOP_INFO_TRIES, shopInfoSaga } from './shop-info.saga';
import { shopInfoReducer, shopInfoRequested } from './shop-info.slice';

const FAMILY_LINE: ShopInfo = { phone: '+254 20 765 4321', openingHours: 'Mon-Sat 6:30 AM - 6:00 PM', address: 'Biashara Street, Nairobi' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the shop's contact details", () => {
  const realGet = apiClient.get;
  let requested: string[];
  let answer: () => Promise<unknown>;

  beforeEach(() => {
    requested = [];
    answer = async () => ({ success: true, data: FAMILY_LINE });
    apiClient.get = (async (path: string) => {
      requested.push(path);
      return answer();
    }) as typeof apiClient.get;
  });

  afterEach(() => {
    apiClient.get = realGet;
  });

  function startShopInfo() {
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: { shopInfo: shopInfoReducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
    });
    const task = sagaMiddleware.run(shopInfoSaga);
    return { store, stop: () => task.cancel() };
  }

  it('are read once for the contact strip and the footer asking together, and not again once known', async () => {
    const { store, stop } = startShopInfo();
    store.dispatch(shopInfoRequested());
    store.dispatch(shopInfoRequested());
    expect(store.getState().shopInfo).toEqual({ info: null, isLoading: true, error: null });
    await pause(0);
    expect(store.getState().shopInfo).toEqual({ info: FAMILY_LINE, isLoading: false, error: null });
    store.dispatch(shopInfoRequested());
    await pause(0);
    expect(store.getState().shopInfo.isLoading).toBe(false);
    expect(requested).toEqual([SHOP_INFO_API.get]);
    stop();
  });

  it('are tried again on a poor connection, and given up on with the reason after the last try', async () => {
    const { store, stop } = startShopInfo();
    answer = async () => {
      throw new ApiError('Network error. Please check your connection and try again.', null);
    };
    store.dispatch(shopInfoRequested());
    // However slow the machine: the tries take their delays, then the failure is told once.
    const deadline = Date.now() + SHOP_INFO_TRIES.delayMs * SHOP_INFO_TRIES.attempts + 5000;
    while (store.getState().shopInfo.isLoading && Date.now() < deadline) await pause(50);
    expect(requested).toHaveLength(SHOP_INFO_TRIES.attempts);
    expect(store.getState().shopInfo).toEqual({
      info: null,
      isLoading: false,
      error: 'Network error. Please check your connection and try again.',
    });

    answer = async () => ({ success: true, data: FAMILY_LINE });
    store.dispatch(shopInfoRequested());
    await pause(0);
    expect(store.getState().shopInfo.info).toEqual(FAMILY_LINE);
    stop();
  }, 15_000);

  it('dial the digits of the number as the shop writes it', () => {
    expect(telLink('+254 20 765 4321')).toBe('tel:+254207654321');
    expect(telLink('+254-712-345-678')).toBe('tel:+254712345678');
  });
});
