import { SHOP_INFO_API, type ApiSuccess, type ShopInfo } from '@shop/contracts';
import { shopApi } from '../../app/shop.api';

/** A phone on a poor connection gets a few tries before the strip gives up on the details. */
export const SHOP_INFO_TRIES = { attempts: 3, delayMs: 1500 } as const;

const shopInfoApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The shop's phone, hours and address: they change only with a deploy, so they are read once per visit. */
    getShopInfo: build.query<ShopInfo, void>({
      query: () => SHOP_INFO_API.get,
      transformResponse: (answer: ApiSuccess<ShopInfo>) => answer.data,
      providesTags: ['ShopInfo'],
      keepUnusedDataFor: 24 * 3600,
      extraOptions: {
        maxRetries: SHOP_INFO_TRIES.attempts - 1,
        backoff: () => new Promise<void>((resolve) => setTimeout(resolve, SHOP_INFO_TRIES.delayMs)),
      },
    }),
  }),
});

export const { useGetShopInfoQuery } = shopInfoApi;
export const { getShopInfo } = shopInfoApi.endpoints;
