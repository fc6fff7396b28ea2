import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button, theme, type ButtonProps } from 'antd';
import type { CSSProperties, MouseEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSignInFirst } from '../auth/useSignInFirst';
import { selectIsInWishlist, selectWishlistIsBusy } from './wishlist.selectors';
import { wishlistToggleRequested } from './wishlist.slice';

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
  const dispatch = useAppDispatch();
  const signInFirst = useSignInFirst();
  const { token } = theme.useToken();
  const isIn = useAppSelector((state) => selectIsInWishlist(state, productId));
  const isBusy = useAppSelector((state) => selectWishlistIsBusy(state, productId));
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    signInFirst({ kind: 'add-to-wishlist', productId }, () => dispatch(wishlistToggleRequested(productId)));
  };
  return (
    <Button
      shape="circle"
      size={size}
      icon={isIn ? <HeartFilled style={{ color: token.colorError }} /> : <HeartOutlined />}
      loading={isBusy}
      onClick={toggle}
      aria-label={isIn ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={isIn}
      aria-describedby={describedBy}
      style={style}
    />
  );
}
