import { effectivePrice, type CartItem } from '@shop/contracts';
import type { RootState } from '../../app/store';

export const selectCartItems = (state: RootState): CartItem[] => state.cart.items;
export const selectCartIsLoading = (state: RootState): boolean => state.cart.isLoading;
export const selectCartError = (state: RootState): string | null => state.cart.error;

/** What the lines cost at today's prices: the sale price where there is one (effectivePrice). */
export function selectCartSubtotal(state: RootState): number {
  return state.cart.items.reduce((sum, item) => sum + effectivePrice(item) * item.quantity, 0);
}

/** The header badge counts pieces, not lines. */
export function selectCartCount(state: RootState): number {
  return state.cart.items.reduce((sum, item) => sum + item.quantity, 0);
}

export const selectCartLine = (state: RootState, productId: number, variationId: number | null): CartItem | undefined =>
  state.cart.items.find((item) => item.productId === productId && item.variationId === variationId);

/** The pieces of a product in the cart, every variation together: they share the product's stock. */
export const selectProductUnitsInCart = (state: RootState, productId: number): number =>
  state.cart.items.reduce((units, item) => (item.productId === productId ? units + item.quantity : units), 0);

export const selectCartLineIsBusy = (state: RootState, productId: number): boolean => state.cart.busyProductIds.includes(productId);
export const selectCartSheetIsOpen = (state: RootState): boolean => state.cart.isSheetOpen;
