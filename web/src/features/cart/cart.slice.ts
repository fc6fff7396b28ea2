import { cartApi } from './cart.api';
import { createShopperListSlice } from './shopper-list.slice';

const { addToCart, updateCartLine, deleteCartLine } = cartApi.endpoints;

/** The sheet 'Your Cart', and the products whose lines wait: all of a product's lines wait for any one's change, as they share its stock. */
const cartSlice = createShopperListSlice('cart', [addToCart, updateCartLine, deleteCartLine]);

export const { sheetOpened: cartSheetOpened, sheetClosed: cartSheetClosed } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
