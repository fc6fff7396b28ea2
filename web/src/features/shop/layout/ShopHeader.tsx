import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Skeleton, theme } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { SHOP_NAME } from '../../../app/brand';
import { useAppSelector } from '../../../app/hooks';
import { lazyNamed } from '../../../components/lazy-named';
import { LazyPart } from '../../../components/LazyPart';
import { MountedFromFirstOpen } from '../../../components/MountedFromFirstOpen';
import { ShopLogo } from '../../../components/ShopLogo';
import { selectAuthChecked, selectUser } from '../../auth/auth.selectors';
import { SignInButtons } from '../../auth/SignInButtons';
import { CartButton } from '../../cart/CartButton';
import { WishlistButton } from '../../wishlist/WishlistButton';
import { SHOP_CONTENT_MAX_WIDTH } from './shop-frame';

/*
 * antd's Menu (with its overflow and popup machinery), the menu sheet and the account dropdown are
 * chunks of their own (decision: The web on a phone): a shopper on a phone sees none of them until a tap, and a large
 * screen's menus come a moment after the first paint into room kept for them.
 */
const PageMenuBar = lazyNamed(() => import('./ShopMenuBars'), 'PageMenuBar');
const CategoryMenuBar = lazyNamed(() => import('./ShopMenuBars'), 'CategoryMenuBar');
const ShopMenuSheet = lazyNamed(() => import('./ShopMenuSheet'), 'ShopMenuSheet');
const AccountMenu = lazyNamed(() => import('./AccountMenu'), 'AccountMenu');

const CATEGORY_ITEM_HEIGHT = 44;
/** antd sets each horizontal item a pixel down, onto the header's bottom border: the row is a pixel shorter than its items. */
const CATEGORY_ROW_HEIGHT = CATEGORY_ITEM_HEIGHT - 1;

/** Takes the room between the logo and the buttons where there is no page menu, or not yet. */
const SPACER = <span style={{ flex: 1 }} />;
const AVATAR_PLACEHOLDER = <Skeleton.Avatar active size="large" />;

/**
 * The account menu for a signed-in shopper, sign-in for a guest (decision: Guests may browse). Until the session check
 * has answered, and while the account menu's code loads, the shape of the avatar holds the place, so
 * that a returning shopper's header does not flash a sign-in button.
 */
function AccountArea({ isLarge }: { isLarge: boolean }) {
  const authChecked = useAppSelector(selectAuthChecked);
  const user = useAppSelector(selectUser);
  if (!authChecked) return AVATAR_PLACEHOLDER;
  if (!user) return <SignInButtons isCompact={!isLarge} />;
  return (
    <LazyPart fallback={AVATAR_PLACEHOLDER}>
      <AccountMenu />
    </LazyPart>
  );
}

/** Logo, navigation (a menu sheet on phones), the wishlist and cart sheets and the account menu (docs/product.md, Shop frame). */
export function ShopHeader({ isLarge }: { isLarge: boolean }) {
  const { token } = theme.useToken();
  const [menuSheetOpen, setMenuSheetOpen] = useState(false);

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        height: 'auto',
        lineHeight: 'normal',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <nav aria-label="Shop" style={{ maxWidth: SHOP_CONTENT_MAX_WIDTH, marginInline: 'auto' }}>
        <Flex align="center" gap="small" style={{ height: 64 }}>
          {!isLarge && (
            <Button type="text" size="large" icon={<MenuOutlined />} aria-label="Open shop menu" onClick={() => setMenuSheetOpen(true)} />
          )}
          <Link to={ROUTES.shopHome} aria-label={`${SHOP_NAME} home`} style={{ marginInlineEnd: 16 }}>
            <ShopLogo />
          </Link>
          {isLarge ? (
            <LazyPart fallback={SPACER}>
              <PageMenuBar />
            </LazyPart>
          ) : (
            SPACER
          )}
          <Flex align="center" gap="small">
            <WishlistButton />
            <CartButton />
            <AccountArea isLarge={isLarge} />
          </Flex>
        </Flex>
        {isLarge && (
          <div style={{ height: CATEGORY_ROW_HEIGHT }}>
            <LazyPart fallback={null}>
              <CategoryMenuBar itemHeight={CATEGORY_ITEM_HEIGHT} />
            </LazyPart>
          </div>
        )}
      </nav>
      {!isLarge && (
        <MountedFromFirstOpen open={menuSheetOpen}>
          <ShopMenuSheet open={menuSheetOpen} onClose={() => setMenuSheetOpen(false)} />
        </MountedFromFirstOpen>
      )}
    </Layout.Header>
  );
}
