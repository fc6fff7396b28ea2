import { configureStore } from '@reduxjs/toolkit';
import { CATALOGUE_API, LIMITS, type ProductPage } from '@shop/contracts';
import createSagaMiddleware from 'redux-saga';
import { apiClient } from '../../lib/api-client';
import { notificationsReducer } from '../notifications/notifications.slice';
import { catalogueSaga } from './catalogue.saga';
import { catalogueReducer, searchKeywordChanged } from './catalogue.slice';

const emptyPage: ProductPage = { success: true, data: [], pagination: { total: 0, page: 1, pageSize: 24 } };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('search while typing', () => {
  const realGet = apiClient.get;
  let requestedPaths: string[];

  beforeEach(() => {
    requestedPaths = [];
    apiClient.get = (async (path: string) => {
      requestedPaths.push(path);
      return emptyPage;
    }) as typeof apiClient.get;
  });

  afterEach(() => {
    apiClient.get = realGet;
  });

  function startCatalogue() {
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: { catalogue: catalogueReducer, notifications: notificationsReducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
    });
    const task = sagaMiddleware.run(catalogueSaga);
    return { store, stop: () => task.cancel() };
  }

  it('searches once, a second after the typing stops', async () => {
    const { store, stop } = startCatalogue();
    for (const keyword of ['t', 'tr', 'tra', 'trai', 'train']) {
      store.dispatch(searchKeywordChanged(keyword));
      await pause(100);
    }
    expect(requestedPaths).toEqual([]);
    await pause(LIMITS.searchDebounceMs);
    expect(requestedPaths).toEqual([`${CATALOGUE_API.search('train')}?page=1&pageSize=24`]);
    expect(store.getState().catalogue.search.searchedKeyword).toBe('train');
    stop();
  });

  it('never searches for 3 characters, and forgets a search they cut short', async () => {
    const { store, stop } = startCatalogue();
    store.dispatch(searchKeywordChanged('train'));
    await pause(LIMITS.searchDebounceMs / 2);
    store.dispatch(searchKeywordChanged('  tra '));
    await pause(LIMITS.searchDebounceMs * 1.2);
    expect(requestedPaths).toEqual([]);
    stop();
  });
});
