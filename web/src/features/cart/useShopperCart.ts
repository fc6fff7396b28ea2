import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CartItem } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectShopperId } from '../auth/shopper-session';
import { toastRequested } from '../notifications/notifications.slice';
import { stockRefusal } from './cart-lines';
import { useAddToCartMutation, useDeleteCartLineMutation, useGetCartQuery, useUpdateCartLineMutation } from './cart.api';
import { shownList } from './shown-list';

/** The signed-in shopper's cart as the screens show it; nothing is asked for a guest or an admin, who keep none. */
export function useShopperCart(options?: { refetchOnMountOrArgChange: boolean }) {
  return shownList(useGetCartQuery(useAppSelector(selectShopperId) ?? skipToken, options));
}

/**
 * The writes of one product's lines, for its buttons: Add to Cart on a card or in the product view, a line's plus, minus
 * and remove. None is sent while another of the product's is on its way, and more pieces than the stock are refused
 * here, before any request (docs/product.md, Cart and wishlist).
 */
export function useProductInCart(productId: number) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectShopperId);
  const { items } = useShopperCart();
  const isBusy = useAppSelector((state) => state.cart.busyProductIds.includes(productId));
  const [addToCart] = useAddToCartMutation();
  const [updateCartLine] = useUpdateCartLineMutation();
  const [deleteCartLine] = useDeleteCartLineMutation();

  /** `added` pieces (fewer when negative) are held against the stock the button shows; removing a line never is. */
  function write(send: (userId: number) => unknown, added = 0, totalStock = Infinity) {
    if (userId === null || isBusy) return;
    const refusal = stockRefusal(items, productId, added, totalStock);
    if (refusal) dispatch(toastRequested('error', refusal));
    else void send(userId);
  }

  return {
    isBusy,
    add: (variationId: number | null, totalStock: number) =>
      write((userId) => addToCart({ userId, productId, variationId, quantity: 1 }), 1, totalStock),
    setQuantity: (line: CartItem, quantity: number) =>
      write(
        (userId) => updateCartLine({ userId, productId, variationId: line.variationId, quantity }),
        quantity - line.quantity,
        line.totalStock,
      ),
    remove: (variationId: number | null) => write((userId) => deleteCartLine({ userId, productId, variationId })),
  };
}
