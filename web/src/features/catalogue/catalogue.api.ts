import type { SerializedError } from '@reduxjs/toolkit';
import { CATALOGUE_API, MESSAGES, type ApiSuccess, type Product, type Review, type ReviewInput } from '@shop/contracts';
import { isApiFailure, messageOfFailure, shopApi, toastOutcome, type ApiFailure } from '../../app/shop.api';

export const catalogueApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetProductQuery, useGetReviewsQuery, useAddReviewMutation } = catalogueApi;

/** What the product view says when its toy cannot be shown: gone, or the api's (or the network's) words. */
export function productFailureMessage(failure: ApiFailure | SerializedError | undefined): string | null {
  if (isApiFailure(failure) && (failure.code === 'PRODUCT_NOT_FOUND' || failure.code === 'NOT_FOUND')) return MESSAGES.products.notFound;
  return messageOfFailure(failure, MESSAGES.products.fetchFailed);
}
