import { HeartOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { MountedFromFirstOpen } from '../../components/MountedFromFirstOpen';
import { lazyNamed } from '../../components/lazy-named';
import { useSignInFirst } from '../auth/useSignInFirst';
import { selectWishlistCount, selectWishlistSheetIsOpen } from './wishlist.selectors';
import { wishlistSheetClosed, wishlistSheetOpened } from './wishlist.slice';

/** The sheet (a drawer and its lines) comes with the first tap on the button: the first page shows only the button. */
const WishlistSheet = lazyNamed(() => import('./WishlistSheet'), 'WishlistSheet');

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
      <MountedFromFirstOpen open={isOpen}>
        <WishlistSheet open={isOpen} onClose={() => dispatch(wishlistSheetClosed())} />
      </MountedFromFirstOpen>
    </>
  );
}
