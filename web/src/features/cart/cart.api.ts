import { MESSAGES, SHOPPER_API, type ApiSuccess, type Cart, type CartItem, type CartLineInput } from '@shop/contracts';
import { shopApi, toastOutcome, type ApiCall } from '../../app/shop.api';

type CartAnswer = ApiSuccess<Cart>;

/** A line of a shopper's cart: whose, which product, and which of its variations (or none). */
type CartLineOf = Pick<CartItem, 'productId' | 'variationId'> & { userId: number };

export const cartApi = shopApi.injectEndpoints({
  endpoints: (build) => {
    /**
     * A change of the cart. The api answers it with the whole cart, priced as the catalogue is now, which becomes the
     * cart shown with no second read; a refusal leaves the cart as it was, and the api's reason is the toast (ADR 0016).
     */
    const change = <Change extends { userId: number }>(query: (change: Change) => ApiCall, success: string) =>
      build.mutation<CartAnswer, Change>({
        query,
        onQueryStarted: ({ userId }, api) =>
          toastOutcome(api, {
            success,
            whenDone: (answer) => {
              void api.dispatch(cartApi.util.upsertQueryData('getCart', userId, answer.data.items));
            },
          }),
      });
    return {
      /**
       * A shopper's lines by their id. Dropped as soon as nothing shows it: signing out leaves nothing to show (a guest's
       * screens ask for no cart), so the next sign-in in this tab, theirs or another person's, reads it afresh.
       */
      getCart: build.query<CartItem[], number>({
        query: (userId) => SHOPPER_API.cart(userId),
        transformResponse: (answer: CartAnswer) => answer.data.items,
        providesTags: ['Cart'],
        keepUnusedDataFor: 0,
      }),
      addToCart: change((line: CartLineInput) => ({ url: SHOPPER_API.addToCart, method: 'POST', body: line }), MESSAGES.cart.productAdded),
      updateCartLine: change(
        (line: CartLineInput) => ({ url: SHOPPER_API.updateCart, method: 'PUT', body: line }),
        MESSAGES.cart.itemUpdated,
      ),
      deleteCartLine: change(
        ({ userId, productId, variationId }: CartLineOf) => ({
          url: SHOPPER_API.deleteCartLine(userId, productId, variationId),
          method: 'DELETE',
        }),
        MESSAGES.cart.itemDeleted,
      ),
    };
  },
});

export const { useGetCartQuery, useAddToCartMutation, useUpdateCartLineMutation, useDeleteCartLineMutation } = cartApi;
