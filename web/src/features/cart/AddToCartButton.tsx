import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import type { Product } from '@shop/contracts';
import { useSignInFirst } from '../auth/useSignInFirst';
import type { AddToCartRequest } from './cart-lines';
import { useProductInCart } from './useShopperCart';

/** The product dialog's button labels ('Add to Cart' or 'Out of Stock'). */
export const ADD_TO_CART_LABEL = 'Add to Cart';
export const OUT_OF_STOCK_LABEL = 'Out of Stock';

interface AddToCartButtonProps {
  product: Pick<Product, 'id' | 'totalStock'>;
  /** The variation the shopper chose in the product view; a card adds the product without one. */
  variationId?: number | null;
  size?: ButtonProps['size'];
  block?: boolean;
  /** The id of the element naming the product, for screen readers among many such buttons. */
  describedBy?: string;
}

/** Adds one piece to the cart, the stock checked first (docs/product.md, Cart and wishlist). Disabled at zero stock. A guest signs in first, then it is added. */
export function AddToCartButton({ product, variationId = null, size, block, describedBy }: AddToCartButtonProps) {
  const signInFirst = useSignInFirst();
  const { isBusy, add: addToCart } = useProductInCart(product.id);
  const isOutOfStock = product.totalStock <= 0;
  const add = (event: MouseEvent) => {
    // Inside a card, the click must not also open the product dialog.
    event.stopPropagation();
    const request: AddToCartRequest = { productId: product.id, variationId, totalStock: product.totalStock };
    signInFirst({ kind: 'add-to-cart', request }, () => addToCart(variationId, product.totalStock));
  };
  return (
    <Button
      type="primary"
      size={size}
      block={block}
      icon={<ShoppingCartOutlined aria-hidden />}
      disabled={isOutOfStock}
      loading={isBusy}
      onClick={add}
      aria-describedby={describedBy}
    >
      {isOutOfStock ? OUT_OF_STOCK_LABEL : ADD_TO_CART_LABEL}
    </Button>
  );
}
