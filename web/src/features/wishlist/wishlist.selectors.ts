import type { Product } from '@shop/contracts';
import type { RootState } from '../../app/store';

export const selectWishlistProducts = (state: RootState): Product[] => state.wishlist.products;
export const selectWishlistCount = (state: RootState): number => state.wishlist.products.length;
export const selectWishlistIsLoading = (state: RootState): boolean => state.wishlist.isLoading;
export const selectWishlistError = (state: RootState): string | null => state.wishlist.error;
export const selectIsInWishlist = (state: RootState, productId: number): boolean =>
  state.wishlist.products.some((product) => product.id === productId);
export const selectWishlistIsBusy = (state: RootState, productId: number): boolean => state.wishlist.busyProductIds.includes(productId);
export const selectWishlistSheetIsOpen = (state: RootState): boolean => state.wishlist.isSheetOpen;
