import { CATALOGUE_API, MESSAGES, type AdminProduct, type ApiSuccess, type ProductInput } from '@shop/contracts';
import { isApiFailure, shopApi, toastOutcome } from '../../../app/shop.api';

export interface ProductSave {
  /** null to add a product, its id to edit it. */
  productId: number | null;
  input: ProductInput;
}

export const adminProductsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, as the api sends them, with the units held and the stock version the sheet saves against. */
    getAdminProducts: build.query<AdminProduct[], void>({
      query: () => ({ url: CATALOGUE_API.adminProducts, noCache: true }),
      transformResponse: (answer: ApiSuccess<AdminProduct[]>) => answer.data,
      providesTags: ['AdminProduct'],
    }),
    /**
     * After a save the list is read again rather than patched, so it shows what the server stored;
     * so it is after a refusal for a stale stock count, so that the open sheet takes the new count and version.
     */
    saveProduct: build.mutation<ApiSuccess<AdminProduct>, ProductSave>({
      query: ({ productId, input }) =>
        productId === null
          ? { url: CATALOGUE_API.addProduct, method: 'POST', body: input }
          : { url: CATALOGUE_API.editProduct(productId), method: 'PUT', body: input },
      // The shop's own reads of the toy (a listing, its page) in this tab follow a saved change too.
      invalidatesTags: (_answer, failure, { productId }) => {
        if (!failure) return ['AdminProduct', 'ProductList', ...(productId === null ? [] : [{ type: 'Product' as const, id: productId }])];
        return isApiFailure(failure) && failure.code === 'STOCK_FORM_STALE' ? ['AdminProduct'] : [];
      },
      onQueryStarted: ({ productId }, api) =>
        toastOutcome(
          api,
          productId === null
            ? { success: MESSAGES.products.added, failure: MESSAGES.products.addFailed }
            : { success: MESSAGES.products.updated, failure: MESSAGES.products.updateFailed },
        ),
    }),
    deleteProduct: build.mutation<ApiSuccess<{ id: number }>, number>({
      query: (productId) => ({ url: CATALOGUE_API.deleteProduct(productId), method: 'DELETE' }),
      invalidatesTags: (_answer, failure, productId) => (failure ? [] : ['ProductList', { type: 'Product', id: productId }]),
      onQueryStarted: (productId, api) =>
        toastOutcome(api, {
          success: MESSAGES.products.deleted,
          failure: MESSAGES.products.deleteFailed,
          whenDone: () => {
            api.dispatch(
              adminProductsApi.util.updateQueryData('getAdminProducts', undefined, (products) =>
                products.filter((product) => product.id !== productId),
              ),
            );
          },
        }),
    }),
  }),
});

export const { useGetAdminProductsQuery, useSaveProductMutation, useDeleteProductMutation } = adminProductsApi;
