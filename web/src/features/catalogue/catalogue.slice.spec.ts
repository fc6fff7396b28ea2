import type { Product, Review } from '@shop/contracts';
import {
  catalogueReducer,
  productDialogOpened,
  productLoaded,
  productViewClosed,
  reviewAdded,
  reviewDraftChanged,
  reviewsLoaded,
  searchKeywordChanged,
  searchLoaded,
} from './catalogue.slice';

const product = (id: number): Product => ({
  id,
  title: `Toy ${id}`,
  description: '',
  category: 'pretend-play',
  price: 1000,
  salePrice: 0,
  totalStock: 5,
  averageReview: 0,
  image: null,
  variations: [],
});

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

  it('drops answers for a product the view no longer shows', () => {
    let state = catalogueReducer(initial, productDialogOpened(2));
    state = catalogueReducer(state, productLoaded(product(1)));
    state = catalogueReducer(state, reviewsLoaded({ productId: 1, reviews: [{ id: 9 } as Review] }));
    expect(state.productView).toMatchObject({ productId: 2, product: null, isLoading: true, reviews: [] });
  });

  it('clears the details and the review form when the dialog closes', () => {
    let state = catalogueReducer(initial, productDialogOpened(1));
    state = catalogueReducer(state, productLoaded(product(1)));
    state = catalogueReducer(state, reviewDraftChanged({ rating: 4, message: 'Lovely' }));
    state = catalogueReducer(state, productViewClosed());
    expect(state.productView).toEqual(initial.productView);
  });

  it('resets the review form once the review is added', () => {
    let state = catalogueReducer(initial, productDialogOpened(1));
    state = catalogueReducer(state, reviewDraftChanged({ rating: 4, message: 'Lovely' }));
    state = catalogueReducer(state, reviewAdded());
    expect(state.productView.reviewDraft).toEqual({ rating: 0, message: '' });
  });
});
