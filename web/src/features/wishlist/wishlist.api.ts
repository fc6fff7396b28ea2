import { MESSAGES, SHOPPER_API, type Product, type WishlistAnswer, type WishlistInput } from '@shop/contracts';
import { shopApi, toastOutcome } from '../../app/shop.api';

/** A heart, or the sheet's remove button: the toy goes in when it is not kept yet, and out when it is. */
export interface WishlistToggle extends WishlistInput {
  isKept: boolean;
}

export const wishlistApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** A shopper's kept toys by their id, newest first; dropped as soon as nothing shows it, as the cart is (cart.api.ts). */
    getWishlist: build.query<Product[], number>({
      query: (userId) => SHOPPER_API.wishlist(userId),
      transformResponse: (answer: WishlistAnswer) => answer.wishlist.products,
      providesTags: ['Wishlist'],
      keepUnusedDataFor: 0,
    }),
    /** The api answers with the whole wishlist, which becomes the one shown with no second read; a failure keeps it as it was. */
    toggleWishlist: build.mutation<WishlistAnswer, WishlistToggle>({
      query: ({ isKept, ...body }) => ({ url: isKept ? SHOPPER_API.removeFromWishlist : SHOPPER_API.addToWishlist, method: 'POST', body }),
      // Whatever went wrong, the toast says only this (docs/product.md, Wishlist).
      transformErrorResponse: (failure) => ({ ...failure, message: MESSAGES.wishlist.toggleFailed }),
      onQueryStarted: ({ userId, isKept }, api) =>
        toastOutcome(api, {
          success: isKept ? MESSAGES.wishlist.removed : MESSAGES.wishlist.added,
          whenDone: (answer) => {
            void api.dispatch(wishlistApi.util.upsertQueryData('getWishlist', userId, answer.wishlist.products));
          },
        }),
    }),
  }),
});

export const { useGetWishlistQuery, useToggleWishlistMutation } = wishlistApi;
