import { HeartOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HeaderSheetButton } from '../../components/HeaderSheetButton';
import { lazyNamed } from '../../components/lazy-named';
import { useSignInFirst } from '../auth/useSignInFirst';
import { useShopperWishlist } from './useShopperWishlist';
import { wishlistSheetClosed, wishlistSheetOpened } from './wishlist.slice';

/** The sheet (a drawer and its products) comes with the first tap on the button: the first page shows only the button. */
const WishlistSheet = lazyNamed(() => import('./WishlistSheet'), 'WishlistSheet');

/** The header's wishlist button, with the number of products kept, and the sheet it opens; a guest signs in first. */
export function WishlistButton() {
  const dispatch = useAppDispatch();
  const signInFirst = useSignInFirst();
  const isOpen = useAppSelector((state) => state.wishlist.isSheetOpen);
  const count = useShopperWishlist().items.length;
  return (
    <HeaderSheetButton
      icon={<HeartOutlined />}
      label="Wishlist"
      count={count}
      open={isOpen}
      onOpen={() => signInFirst({ kind: 'open-wishlist' }, () => dispatch(wishlistSheetOpened()))}
      sheet={<WishlistSheet open={isOpen} onClose={() => dispatch(wishlistSheetClosed())} />}
    />
  );
}
