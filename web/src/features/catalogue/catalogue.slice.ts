import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_SORT, type Product } from '@shop/contracts';
import type { ListingQuery } from './listing-request';
import { isSearchableKeyword } from './search-keyword';

export interface ProductList {
  items: Product[];
  isLoading: boolean;
  error: string | null;
}

export interface ProductPageList extends ProductList {
  total: number;
}

/** Feature Products pages through the whole catalogue, FEATURED_PAGE_SIZE toys at a time, as the shopper scrolls. */
export const FEATURED_PAGE_SIZE = 12;

export interface FeaturedState extends ProductList {
  /** Pages read so far; the next one read is this plus one. */
  pagesLoaded: number;
  /** The catalogue's size as the last page said; null until the first page answers. */
  total: number | null;
  /** Every toy is shown: the sentinel asks for nothing more. */
  isComplete: boolean;
}

export interface ListingState extends ProductPageList {
  query: ListingQuery;
}

export interface SearchState extends ProductPageList {
  /** What the search box holds, as typed. */
  keyword: string;
  page: number;
  /** The trimmed keyword of the results shown; null while nothing was searched for. */
  searchedKeyword: string | null;
}

export interface CatalogueState {
  featured: FeaturedState;
  listing: ListingState;
  search: SearchState;
}

const noFeaturedPages: FeaturedState = { items: [], pagesLoaded: 0, total: null, isComplete: false, isLoading: false, error: null };

const initialState: CatalogueState = {
  featured: noFeaturedPages,
  listing: { query: { filters: {}, sortBy: DEFAULT_SORT, page: 1 }, items: [], total: 0, isLoading: false, error: null },
  search: { keyword: '', page: 1, searchedKeyword: null, items: [], total: 0, isLoading: false, error: null },
};

interface LoadedPage {
  items: Product[];
  total: number;
}

/**
 * The page to read now: none while one is on its way or at the end, and after a failure only when
 * the shopper asks to try again (a sentinel still in view must not hammer a failing server).
 */
export function nextFeaturedPage(featured: FeaturedState, { retrying = false } = {}): number | null {
  if (featured.isLoading || featured.isComplete || (featured.error !== null && !retrying)) return null;
  return featured.pagesLoaded + 1;
}

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {
    /** The home page opened: Feature Products starts again from the first page, with today's prices. */
    featuredProductsRequested(state) {
      state.featured = { ...noFeaturedPages, isLoading: true };
    },
    /** The sentinel under the grid came into view; the saga reads the next page if there is one to read now. */
    featuredMoreRequested() {},
    /** 'Try again' after a page failed: that page is asked for again. */
    featuredRetryRequested() {},
    featuredPageStarted(state) {
      state.featured.isLoading = true;
      state.featured.error = null;
    },
    featuredPageLoaded(state, action: PayloadAction<LoadedPage & { page: number }>) {
      const { page, items, total } = action.payload;
      // A toy added or repriced between two pages can move across the boundary: it is shown once.
      const shown = new Set(state.featured.items.map((product) => product.id));
      state.featured = {
        items: [...state.featured.items, ...items.filter((product) => !shown.has(product.id))],
        pagesLoaded: page,
        total,
        isComplete: items.length < FEATURED_PAGE_SIZE || page * FEATURED_PAGE_SIZE >= total,
        isLoading: false,
        error: null,
      };
    },
    featuredPageFailed(state, action: PayloadAction<string>) {
      state.featured.isLoading = false;
      state.featured.error = action.payload;
    },

    /** Any change of filters, sort or page, and the page's entry: the saga fetches that query. */
    listingRequested(state, action: PayloadAction<ListingQuery>) {
      state.listing.query = action.payload;
      state.listing.isLoading = true;
      state.listing.error = null;
    },
    listingLoaded(state, action: PayloadAction<LoadedPage>) {
      state.listing = { ...state.listing, ...action.payload, isLoading: false, error: null };
    },
    listingFailed(state, action: PayloadAction<string>) {
      state.listing = { ...state.listing, items: [], total: 0, isLoading: false, error: action.payload };
    },

    searchKeywordChanged(state, action: PayloadAction<string>) {
      const keyword = action.payload;
      state.search.keyword = keyword;
      state.search.page = 1;
      if (!isSearchableKeyword(keyword)) {
        state.search = { ...state.search, searchedKeyword: null, items: [], total: 0, isLoading: false, error: null };
      }
    },
    searchPageChanged(state, action: PayloadAction<number>) {
      state.search.page = action.payload;
    },
    /** The debounce is over: the request leaves now. */
    searchStarted(state) {
      state.search.isLoading = true;
      state.search.error = null;
    },
    searchLoaded(state, action: PayloadAction<LoadedPage & { keyword: string }>) {
      const { keyword, ...page } = action.payload;
      state.search = { ...state.search, ...page, searchedKeyword: keyword, isLoading: false, error: null };
    },
    searchFailed(state, action: PayloadAction<string>) {
      state.search = { ...state.search, items: [], total: 0, searchedKeyword: null, isLoading: false, error: action.payload };
    },
  },
});

export const {
  featuredProductsRequested,
  featuredMoreRequested,
  featuredRetryRequested,
  featuredPageStarted,
  featuredPageLoaded,
  featuredPageFailed,
  listingRequested,
  listingLoaded,
  listingFailed,
  searchKeywordChanged,
  searchPageChanged,
  searchStarted,
  searchLoaded,
  searchFailed,
} = catalogueSlice.actions;
export const catalogueReducer = catalogueSlice.reducer;
