import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '../../app/hooks';
import { selectShopperId } from '../auth/shopper-session';
import { shownList } from '../cart/shown-list';
import { useGetWishlistQuery, useToggleWishlistMutation } from './wishlist.api';

/** The signed-in shopper's kept toys as the screens show them; nothing is asked for a guest or an admin, who keep none. */
export function useShopperWishlist() {
  return shownList(useGetWishlistQuery(useAppSelector(selectShopperId) ?? skipToken));
}

/** A toy's heart (on a card, in the product view, the sheet's remove): every click goes through the server, one at a time. */
export function useWishlistHeart(productId: number) {
  const userId = useAppSelector(selectShopperId);
  const isKept = useShopperWishlist().items.some((toy) => toy.id === productId);
  const isBusy = useAppSelector((state) => state.wishlist.busyProductIds.includes(productId));
  const [toggleWishlist] = useToggleWishlistMutation();
  const toggle = () => {
    if (userId !== null && !isBusy) void toggleWishlist({ userId, productId, isKept });
  };
  return { isKept, isBusy, toggle };
}
