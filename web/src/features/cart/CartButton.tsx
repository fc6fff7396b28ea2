import { ShoppingCartOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HeaderSheetButton } from '../../components/HeaderSheetButton';
import { lazyNamed } from '../../components/lazy-named';
import { useSignInFirst } from '../auth/useSignInFirst';
import { cartCount } from './cart-lines';
import { cartSheetClosed, cartSheetOpened } from './cart.slice';
import { useShopperCart } from './useShopperCart';

/** The sheet (a drawer and its lines) comes with the first tap on the button: the first page shows only the button. */
const CartSheet = lazyNamed(() => import('./CartSheet'), 'CartSheet');

/** The header's cart button, with the number of pieces in the cart, and the sheet it opens; a guest signs in first. */
export function CartButton() {
  const dispatch = useAppDispatch();
  const signInFirst = useSignInFirst();
  const isOpen = useAppSelector((state) => state.cart.isSheetOpen);
  const count = cartCount(useShopperCart().items);
  return (
    <HeaderSheetButton
      icon={<ShoppingCartOutlined />}
      label="Cart"
      count={count}
      open={isOpen}
      onOpen={() => signInFirst({ kind: 'open-cart' }, () => dispatch(cartSheetOpened()))}
      sheet={<CartSheet open={isOpen} onClose={() => dispatch(cartSheetClosed())} />}
    />
  );
}
