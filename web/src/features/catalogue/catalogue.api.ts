import type { SerializedError } from '@reduxjs/toolkit';
import {
  CATALOGUE_API,
  DEFAULT_SORT,
  LISTING_PAGE,
  listingSearchParams,
  MESSAGES,
  type ApiSuccess,
  type ListingRequest,
  type Product,
  type ProductPage,
  type Review,
  type ReviewInput,
} from '@shop/contracts';
import { isApiFailure, messageOfFailure, shopApi, toastOutcome, type ApiFailure } from '../../app/shop.api';
import type { ListingQuery } from './listing-request';
import type { SearchQuery } from './search-keyword';

/** A page of toys as the screens show it. */
export interface ToyPage {
  items: Product[];
  total: number;
}

/** Feature Products pages through the whole catalogue, FEATURED_PAGE_SIZE toys at a time, as the shopper scrolls. */
export const FEATURED_PAGE_SIZE = 12;

function productPagePath(request: ListingRequest): string {
  return `${CATALOGUE_API.shopProducts}?${listingSearchParams(request)}`;
}

const toyPage = (answer: ProductPage): ToyPage => ({ items: answer.data, total: answer.pagination.total });

export const catalogueApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The listing: a page of the catalogue by filters and sort. */
    getListing: build.query<ToyPage, ListingQuery>({
      query: (query) => productPagePath({ ...query, pageSize: LISTING_PAGE.defaultSize }),
      transformResponse: toyPage,
      providesTags: ['ProductList'],
    }),
    /** Search results for a keyword long enough to search (search-keyword.ts). */
    searchProducts: build.query<ToyPage, SearchQuery>({
      query: ({ keyword, page }) =>
        `${CATALOGUE_API.search(keyword)}?${new URLSearchParams({ page: String(page), pageSize: String(LISTING_PAGE.defaultSize) })}`,
      transformResponse: toyPage,
      providesTags: ['ProductList'],
    }),
    /**
     * The home page's Feature Products: the whole catalogue, cheapest first, a page more each time the
     * shopper scrolls to its end. Kept only briefly once the home page is left, so that coming back
     * starts again from the first page with today's prices.
     */
    getFeaturedProducts: build.infiniteQuery<ToyPage, void, number>({
      query: ({ pageParam }) => productPagePath({ filters: {}, sortBy: DEFAULT_SORT, page: pageParam, pageSize: FEATURED_PAGE_SIZE }),
      transformResponse: toyPage,
      infiniteQueryOptions: {
        initialPageParam: 1,
        // A short page ends it even when the total said more (toys retired meanwhile).
        getNextPageParam: (lastPage, _pages, lastPageParam) =>
          lastPage.items.length < FEATURED_PAGE_SIZE || lastPageParam * FEATURED_PAGE_SIZE >= lastPage.total
            ? undefined
            : lastPageParam + 1,
      },
      keepUnusedDataFor: 10,
      providesTags: ['ProductList'],
    }),
    /** One toy with its variations, stock and average rating: the product dialog's and the product page's. */
    getProduct: build.query<Product, number>({
      query: (productId) => CATALOGUE_API.shopProduct(productId),
      transformResponse: (answer: ApiSuccess<Product>) => answer.data,
      providesTags: (_product, _failure, productId) => [{ type: 'Product', id: productId }],
    }),
    /** A toy's reviews, newest first. */
    getReviews: build.query<Review[], number>({
      query: (productId) => CATALOGUE_API.reviews(productId),
      transformResponse: (answer: ApiSuccess<Review[]>) => answer.data,
      providesTags: (_reviews, _failure, productId) => [{ type: 'Review', id: productId }],
    }),
    /** A new review moves the toy's average too: both are read again. */
    addReview: build.mutation<ApiSuccess<Review>, ReviewInput>({
      query: (review) => ({ url: CATALOGUE_API.addReview, method: 'POST', body: review }),
      invalidatesTags: (_answer, failure, { productId }) =>
        failure
          ? []
          : [
              { type: 'Review', id: productId },
              { type: 'Product', id: productId },
            ],
      onQueryStarted: (_review, api) => toastOutcome(api, { success: MESSAGES.review.added }),
    }),
  }),
});

export const {
  useGetListingQuery,
  useSearchProductsQuery,
  useGetFeaturedProductsInfiniteQuery,
  useGetProductQuery,
  useGetReviewsQuery,
  useAddReviewMutation,
} = catalogueApi;

/** Every toy of the pages read so far, in order; a toy added or repriced between two pages moves across their boundary and is shown once. */
export function toysOfPages(pages: readonly ToyPage[] | undefined): Product[] {
  const shown = new Set<number>();
  return (pages ?? []).flatMap((page) => page.items).filter((toy) => !shown.has(toy.id) && shown.add(toy.id) !== undefined);
}

/** What the product view says when its toy cannot be shown: gone, or the api's (or the network's) words. */
export function productFailureMessage(failure: ApiFailure | SerializedError | undefined): string | null {
  if (isApiFailure(failure) && (failure.code === 'PRODUCT_NOT_FOUND' || failure.code === 'NOT_FOUND')) return MESSAGES.products.notFound;
  return messageOfFailure(failure, MESSAGES.products.fetchFailed);
}
