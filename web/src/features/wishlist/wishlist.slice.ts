import { createShopperListSlice } from '../cart/shopper-list.slice';
import { wishlistApi } from './wishlist.api';

/** The sheet 'My Wishlist', and the products whose hearts wait for their toggle. */
const wishlistSlice = createShopperListSlice('wishlist', [wishlistApi.endpoints.toggleWishlist]);

export const { sheetOpened: wishlistSheetOpened, sheetClosed: wishlistSheetClosed } = wishlistSlice.actions;
export const wishlistReducer = wishlistSlice.reducer;
