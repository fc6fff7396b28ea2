import { product } from '../../testing/products';
import {
  catalogueReducer,
  FEATURED_PAGE_SIZE,
  featuredPageFailed,
  featuredPageLoaded,
  featuredPageStarted,
  featuredProductsRequested,
  nextFeaturedPage,
  searchKeywordChanged,
  searchLoaded,
} from './catalogue.slice';

const initial = catalogueReducer(undefined, { type: 'init' });

describe('catalogue state', () => {
  it('clears the results when the keyword becomes too short', () => {
    let state = catalogueReducer(initial, searchKeywordChanged('train'));
    state = catalogueReducer(state, searchLoaded({ keyword: 'train', items: [product(1)], total: 1 }));
    state = catalogueReducer(state, searchKeywordChanged('tra'));
    expect(state.search).toMatchObject({ keyword: 'tra', items: [], total: 0, searchedKeyword: null });
  });

  it('keeps the results shown while a longer keyword waits for its search', () => {
    let state = catalogueReducer(initial, searchLoaded({ keyword: 'train', items: [product(1)], total: 1 }));
    state = catalogueReducer(state, searchKeywordChanged('trains'));
    expect(state.search.items).toHaveLength(1);
  });

  describe('Feature Products', () => {
    const page = (first: number, count: number) => Array.from({ length: count }, (_, index) => product(first + index));

    it('adds each page under the last, and knows the end when the pages have covered the total', () => {
      let state = catalogueReducer(initial, featuredProductsRequested());
      expect(nextFeaturedPage(state.featured)).toBeNull();
      state = catalogueReducer(state, featuredPageLoaded({ page: 1, items: page(1, FEATURED_PAGE_SIZE), total: FEATURED_PAGE_SIZE + 3 }));
      expect(state.featured).toMatchObject({ pagesLoaded: 1, total: FEATURED_PAGE_SIZE + 3, isComplete: false, isLoading: false });
      expect(nextFeaturedPage(state.featured)).toBe(2);
      state = catalogueReducer(state, featuredPageStarted());
      state = catalogueReducer(
        state,
        featuredPageLoaded({ page: 2, items: page(FEATURED_PAGE_SIZE + 1, 3), total: FEATURED_PAGE_SIZE + 3 }),
      );
      expect(state.featured.items.map((toy) => toy.id)).toEqual(page(1, FEATURED_PAGE_SIZE + 3).map((toy) => toy.id));
      expect(state.featured.isComplete).toBe(true);
      expect(nextFeaturedPage(state.featured)).toBeNull();
    });

    it('shows a toy once when it moved across the boundary between two pages', () => {
      let state = catalogueReducer(initial, featuredPageLoaded({ page: 1, items: page(1, FEATURED_PAGE_SIZE), total: 40 }));
      state = catalogueReducer(state, featuredPageLoaded({ page: 2, items: page(FEATURED_PAGE_SIZE, FEATURED_PAGE_SIZE), total: 40 }));
      expect(state.featured.items).toHaveLength(2 * FEATURED_PAGE_SIZE - 1);
    });

    it('ends on a short page even when the total said more (toys retired meanwhile)', () => {
      const state = catalogueReducer(initial, featuredPageLoaded({ page: 1, items: page(1, 5), total: 40 }));
      expect(state.featured.isComplete).toBe(true);
    });

    it('asks for nothing more after a failure until the shopper tries again, and keeps the toys shown', () => {
      let state = catalogueReducer(initial, featuredPageLoaded({ page: 1, items: page(1, FEATURED_PAGE_SIZE), total: 40 }));
      state = catalogueReducer(state, featuredPageStarted());
      state = catalogueReducer(state, featuredPageFailed('Network error'));
      expect(state.featured).toMatchObject({ error: 'Network error', isLoading: false, pagesLoaded: 1 });
      expect(state.featured.items).toHaveLength(FEATURED_PAGE_SIZE);
      expect(nextFeaturedPage(state.featured)).toBeNull();
      expect(nextFeaturedPage(state.featured, { retrying: true })).toBe(2);
    });

    it('starts again from the first page when the home page opens again', () => {
      let state = catalogueReducer(initial, featuredPageLoaded({ page: 1, items: page(1, FEATURED_PAGE_SIZE), total: 40 }));
      state = catalogueReducer(state, featuredProductsRequested());
      expect(state.featured).toEqual({ items: [], pagesLoaded: 0, total: null, isComplete: false, isLoading: true, error: null });
    });
  });
});
