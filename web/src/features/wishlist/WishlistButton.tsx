import { HeartOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSignInFirst } from '../auth/useSignInFirst';
import { selectWishlistCount, selectWishlistSheetIsOpen } from './wishlist.selectors';
import { wishlistSheetClosed, wishlistSheetOpened } from './wishlist.slice';
import { WishlistSheet } from './WishlistSheet';

/** The header's wishlist button, with the number of products kept, and the sheet it opens; a guest signs in first. */
export function WishlistButton() {
  const dispatch = useAppDispatch();
  const signInFirst = useSignInFirst();
  const isOpen = useAppSelector(selectWishlistSheetIsOpen);
  const count = useAppSelector(selectWishlistCount);
  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          size="large"
          icon={<HeartOutlined />}
          aria-label="Wishlist"
          onClick={() => signInFirst({ kind: 'open-wishlist' }, () => dispatch(wishlistSheetOpened()))}
        />
      </Badge>
      <WishlistSheet open={isOpen} onClose={() => dispatch(wishlistSheetClosed())} />
    </>
  );
}
