import type { SagaIterator, Task } from 'redux-saga';
import { all, call, cancel, cancelled, delay, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import {
  CATALOGUE_API,
  DEFAULT_SORT,
  LIMITS,
  LISTING_PAGE,
  listingSearchParams,
  MESSAGES,
  type ListingRequest,
  type ProductPage,
} from '@shop/contracts';
import type { RootState } from '../../app/store';
import { apiClient, messageOfError } from '../../lib/api-client';
import {
  FEATURED_PAGE_SIZE,
  featuredMoreRequested,
  featuredPageFailed,
  featuredPageLoaded,
  featuredPageStarted,
  featuredProductsRequested,
  featuredRetryRequested,
  listingFailed,
  listingLoaded,
  listingRequested,
  nextFeaturedPage,
  searchFailed,
  searchKeywordChanged,
  searchLoaded,
  searchPageChanged,
  searchStarted,
  type FeaturedState,
  type SearchState,
} from './catalogue.slice';
import { storeListingFilters } from './listing-filters';
import { isSearchableKeyword } from './search-keyword';

/**
 * A GET that is aborted when its saga is cancelled: a takeLatest that moves on to a newer request
 * must not leave the older one running, nor let it land after the newer one.
 */
function* getCancellable<T>(path: string): SagaIterator<T> {
  const controller = new AbortController();
  try {
    return (yield call(apiClient.get<T>, path, { signal: controller.signal })) as T;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

function productPagePath({ filters, sortBy, page, pageSize }: ListingRequest): string {
  return `${CATALOGUE_API.shopProducts}?${listingSearchParams({ filters, sortBy, page, pageSize })}`;
}

/** The home page's Feature Products: the whole catalogue, cheapest first, one page of it. */
function* loadFeaturedPage(page: number): SagaIterator {
  try {
    const answer: ProductPage = yield call(
      getCancellable<ProductPage>,
      productPagePath({ filters: {}, sortBy: DEFAULT_SORT, page, pageSize: FEATURED_PAGE_SIZE }),
    );
    yield put(featuredPageLoaded({ page, items: answer.data, total: answer.pagination.total }));
  } catch (error) {
    yield put(featuredPageFailed(messageOfError(error, MESSAGES.products.fetchFailed)));
  }
}

const selectFeatured = (state: RootState): FeaturedState => state.catalogue.featured;

/**
 * One page at a time. Opening the home page starts again from the first page (a page still on its
 * way is cancelled); the sentinel and 'Try again' read the next page only when none is on its way,
 * so a sentinel that fires twice asks once.
 */
function* featuredPages(): SagaIterator {
  let reading: Task | undefined;
  while (true) {
    const action = (yield take([featuredProductsRequested.type, featuredMoreRequested.type, featuredRetryRequested.type])) as {
      type: string;
    };
    if (featuredProductsRequested.match(action)) {
      if (reading) yield cancel(reading);
      reading = (yield fork(loadFeaturedPage, 1)) as Task;
      continue;
    }
    const page = nextFeaturedPage((yield select(selectFeatured)) as FeaturedState, { retrying: featuredRetryRequested.match(action) });
    if (page === null) continue;
    yield put(featuredPageStarted());
    reading = (yield fork(loadFeaturedPage, page)) as Task;
  }
}

function* loadListing(action: ReturnType<typeof listingRequested>): SagaIterator {
  const query = action.payload;
  yield call(storeListingFilters, query.filters);
  try {
    const answer: ProductPage = yield call(getCancellable<ProductPage>, productPagePath({ ...query, pageSize: LISTING_PAGE.defaultSize }));
    yield put(listingLoaded({ items: answer.data, total: answer.pagination.total }));
  } catch (error) {
    yield put(listingFailed(messageOfError(error, MESSAGES.products.fetchFailed)));
  }
}

const selectSearch = (state: RootState): SearchState => state.catalogue.search;

/** Typing restarts this saga (takeLatest), so the request leaves only once the keyword has rested (LIMITS.searchDebounceMs). */
function* searchProducts(action: ReturnType<typeof searchKeywordChanged> | ReturnType<typeof searchPageChanged>): SagaIterator {
  const { keyword, page }: SearchState = yield select(selectSearch);
  if (!isSearchableKeyword(keyword)) return;
  if (searchKeywordChanged.match(action)) yield delay(LIMITS.searchDebounceMs);
  const trimmed = keyword.trim();
  yield put(searchStarted());
  try {
    const path = `${CATALOGUE_API.search(trimmed)}?${new URLSearchParams({ page: String(page), pageSize: String(LISTING_PAGE.defaultSize) })}`;
    const answer: ProductPage = yield call(getCancellable<ProductPage>, path);
    yield put(searchLoaded({ keyword: trimmed, items: answer.data, total: answer.pagination.total }));
  } catch (error) {
    yield put(searchFailed(messageOfError(error, MESSAGES.products.fetchFailed)));
  }
}

export function* catalogueSaga(): SagaIterator {
  yield all([
    fork(featuredPages),
    takeLatest(listingRequested.type, loadListing),
    takeLatest([searchKeywordChanged.type, searchPageChanged.type], searchProducts),
  ]);
}
