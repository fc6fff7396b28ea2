import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button, theme, type ButtonProps } from 'antd';
import type { CSSProperties, MouseEvent } from 'react';
import { useSignInFirst } from '../auth/useSignInFirst';
import { useWishlistHeart } from './useShopperWishlist';

interface WishlistHeartProps {
  productId: number;
  size?: ButtonProps['size'];
  describedBy?: string;
  style?: CSSProperties;
}

/**
 * Filled while the product is in the wishlist; every click goes through the server (decision: Cart, wishlist and addresses; the old
 * dialog's local toggle was a defect). A guest signs in first, then the toy is kept.
 */
export function WishlistHeart({ productId, size, describedBy, style }: WishlistHeartProps) {
  const signInFirst = useSignInFirst();
  const { token } = theme.useToken();
  const { isKept, isBusy, toggle } = useWishlistHeart(productId);
  const click = (event: MouseEvent) => {
    event.stopPropagation();
    signInFirst({ kind: 'add-to-wishlist', productId }, toggle);
  };
  return (
    <Button
      shape="circle"
      size={size}
      icon={isKept ? <HeartFilled style={{ color: token.colorError }} /> : <HeartOutlined />}
      loading={isBusy}
      onClick={click}
      aria-label={isKept ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={isKept}
      aria-describedby={describedBy}
      style={style}
    />
  );
}
