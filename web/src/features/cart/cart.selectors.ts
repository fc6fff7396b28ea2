import type { CartItem } from '@shop/contracts';
import type { RootState } from '../../app/store';
import { cartCount, cartSubtotal } from './cart-lines';

export const selectCartItems = (state: RootState): CartItem[] => state.cart.items;
export const selectCartIsLoading = (state: RootState): boolean => state.cart.isLoading;
export const selectCartError = (state: RootState): string | null => state.cart.error;

export const selectCartSubtotal = (state: RootState): number => cartSubtotal(state.cart.items);
export const selectCartCount = (state: RootState): number => cartCount(state.cart.items);

export const selectCartLine = (state: RootState, productId: number, variationId: number | null): CartItem | undefined =>
  state.cart.items.find((item) => item.productId === productId && item.variationId === variationId);

export const selectCartLineIsBusy = (state: RootState, productId: number): boolean => state.cart.busyProductIds.includes(productId);
export const selectCartSheetIsOpen = (state: RootState): boolean => state.cart.isSheetOpen;
