import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { CATALOGUE_API, LIMITS, type Product, type ProductPage } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { notificationsReducer } from '../notifications/notifications.slice';
import { catalogueSaga } from './catalogue.saga';
import {
  catalogueReducer,
  FEATURED_PAGE_SIZE,
  featuredMoreRequested,
  featuredProductsRequested,
  featuredRetryRequested,
  searchKeywordChanged,
} from './catalogue.slice';

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

describe('Feature Products as the shopper scrolls', () => {
  const realGet = apiClient.get;
  const CATALOGUE_SIZE = 2 * FEATURED_PAGE_SIZE + 5;
  let requestedPages: number[];
  let aborted: number[];
  /** Each request waits for the test to answer it: `answerNext` settles the oldest one still waiting. */
  let waiting: { page: number; settle: (failure?: Error) => void }[];

  const toy = (id: number) =>
    ({
      id,
      title: `Toy ${id}`,
      description: '',
      category: 'pretend-play',
      price: 100 * id,
      salePrice: 0,
      totalStock: 5,
      averageReview: 0,
      image: null,
      variations: [],
    }) as Product;
  const pageOf = (page: number): ProductPage => {
    const first = (page - 1) * FEATURED_PAGE_SIZE + 1;
    const ids = Array.from({ length: Math.max(0, Math.min(FEATURED_PAGE_SIZE, CATALOGUE_SIZE - first + 1)) }, (_, index) => first + index);
    return { success: true, data: ids.map(toy), pagination: { total: CATALOGUE_SIZE, page, pageSize: FEATURED_PAGE_SIZE } };
  };

  beforeEach(() => {
    requestedPages = [];
    aborted = [];
    waiting = [];
    apiClient.get = ((path: string, options?: { signal?: AbortSignal }) => {
      const params = new URL(path, 'http://shop').searchParams;
      const page = Number(params.get('page'));
      expect(params.get('pageSize')).toBe(String(FEATURED_PAGE_SIZE));
      expect(params.get('sortBy')).toBe('price-lowtohigh');
      requestedPages.push(page);
      options?.signal?.addEventListener('abort', () => aborted.push(page));
      return new Promise<ProductPage>((resolve, reject) => {
        waiting.push({ page, settle: (failure) => (failure ? reject(failure) : resolve(pageOf(page))) });
      });
    }) as typeof apiClient.get;
  });

  afterEach(() => {
    apiClient.get = realGet;
  });

  async function answerNext(failure?: Error) {
    waiting.shift()!.settle(failure);
    await pause(0);
  }

  function startCatalogue() {
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: { catalogue: catalogueReducer, notifications: notificationsReducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
    });
    const task = sagaMiddleware.run(catalogueSaga);
    return { store, featured: () => store.getState().catalogue.featured, stop: () => task.cancel() };
  }

  it('reads the whole catalogue a page at a time, then asks for nothing more', async () => {
    const { store, featured, stop } = startCatalogue();
    store.dispatch(featuredProductsRequested());
    await answerNext();
    for (let page = 2; page <= 3; page += 1) {
      store.dispatch(featuredMoreRequested());
      expect(featured().isLoading).toBe(true);
      await answerNext();
    }
    expect(featured()).toMatchObject({ pagesLoaded: 3, total: CATALOGUE_SIZE, isComplete: true, isLoading: false, error: null });
    expect(featured().items.map((product) => product.id)).toEqual(Array.from({ length: CATALOGUE_SIZE }, (_, index) => index + 1));
    store.dispatch(featuredMoreRequested());
    store.dispatch(featuredRetryRequested());
    await pause(0);
    expect(requestedPages).toEqual([1, 2, 3]);
    stop();
  });

  it('asks once when the sentinel fires again while a page is on its way, and not before the first page is in', async () => {
    const { store, stop } = startCatalogue();
    store.dispatch(featuredProductsRequested());
    store.dispatch(featuredMoreRequested());
    await answerNext();
    store.dispatch(featuredMoreRequested());
    store.dispatch(featuredMoreRequested());
    store.dispatch(featuredMoreRequested());
    await answerNext();
    expect(requestedPages).toEqual([1, 2]);
    stop();
  });

  it('after a failure keeps the toys shown, waits for Try again, and reads that page again', async () => {
    const { store, featured, stop } = startCatalogue();
    store.dispatch(featuredProductsRequested());
    await answerNext();
    store.dispatch(featuredMoreRequested());
    await answerNext(new ApiError('Network error. Please check your connection and try again.', null));
    expect(featured()).toMatchObject({
      error: 'Network error. Please check your connection and try again.',
      pagesLoaded: 1,
      isLoading: false,
    });
    expect(featured().items).toHaveLength(FEATURED_PAGE_SIZE);

    store.dispatch(featuredMoreRequested());
    await pause(0);
    expect(requestedPages).toEqual([1, 2]);
    store.dispatch(featuredRetryRequested());
    expect(featured()).toMatchObject({ error: null, isLoading: true });
    await answerNext();
    expect(requestedPages).toEqual([1, 2, 2]);
    expect(featured()).toMatchObject({ pagesLoaded: 2, error: null });
    stop();
  });

  it('starts again from the first page when the home page opens again, dropping a page still on its way', async () => {
    const { store, featured, stop } = startCatalogue();
    store.dispatch(featuredProductsRequested());
    await answerNext();
    store.dispatch(featuredMoreRequested());
    store.dispatch(featuredProductsRequested());
    expect(aborted).toEqual([2]);
    waiting.shift();
    await answerNext();
    expect(requestedPages).toEqual([1, 2, 1]);
    expect(featured()).toMatchObject({ pagesLoaded: 1, isComplete: false });
    expect(featured().items).toHaveLength(FEATURED_PAGE_SIZE);
    stop();
  });
});
