import type { ShopInfoState } from './shop-info.slice';

/** Typed on the slice's own key so that the saga and its tests need no more of the store than this. */
export const selectShopInfo = (state: { shopInfo: ShopInfoState }): ShopInfoState => state.shopInfo;
