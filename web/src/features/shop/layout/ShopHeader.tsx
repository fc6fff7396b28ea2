import { HomeOutlined, MenuOutlined, SearchOutlined, ShoppingOutlined } from '@ant-design/icons';
import { ROUTES, SHOP_NAVIGATION } from '@shop/contracts';
import { Button, ConfigProvider, Drawer, Flex, Layout, Menu, Skeleton, theme, type MenuProps, type ThemeConfig } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_NAME } from '../../../app/brand';
import { useAppSelector } from '../../../app/hooks';
import { ShopLogo } from '../../../components/ShopLogo';
import { selectAuthChecked, selectUser } from '../../auth/auth.selectors';
import { SignInButtons } from '../../auth/SignInButtons';
import { CartButton } from '../../cart/CartButton';
import { WishlistButton } from '../../wishlist/WishlistButton';
import { CategoryIcon } from '../home/category-icons';
import { AccountMenu } from './AccountMenu';
import { SHOP_CONTENT_MAX_WIDTH } from './shop-frame';
import { useShopNavigation } from './useShopNavigation';

type MenuItems = NonNullable<MenuProps['items']>;

const PAGE_ICONS: Record<string, ReactNode> = { home: <HomeOutlined />, products: <ShoppingOutlined />, search: <SearchOutlined /> };
/** Home, Products and Search: the pages, beside the logo on large screens. */
const PAGE_ITEMS: MenuItems = SHOP_NAVIGATION.filter((entry) => entry.category === null).map((entry) => ({ key: entry.id, label: entry.label, icon: PAGE_ICONS[entry.id] }));
const CATEGORY_ENTRIES = SHOP_NAVIGATION.flatMap((entry) => (entry.category === null ? [] : [{ ...entry, category: entry.category }]));
/** The categories get a row of their own on large screens: together with the pages they are too wide for one. */
const CATEGORY_ITEMS: MenuItems = CATEGORY_ENTRIES.map((entry) => ({ key: entry.id, label: entry.label }));
/** Tighter items, so that all nine categories fit one row at 1280 px instead of folding into '…'. */
const COMPACT_MENU_THEME: ThemeConfig = { components: { Menu: { itemPaddingInline: 8, fontSize: 14 } } };
const MENU_SHEET_ITEMS: MenuItems = [
  { key: 'pages', type: 'group', label: 'Shop', children: PAGE_ITEMS },
  {
    key: 'categories',
    type: 'group',
    label: 'Categories',
    children: CATEGORY_ENTRIES.map((entry) => ({ key: entry.id, label: entry.label, icon: <CategoryIcon category={entry.category} /> })),
  },
];

/**
 * The account menu for a signed-in shopper, sign-in for a guest (issue 16). Until the session check
 * has answered, the shape of the avatar holds the place, so that a returning shopper's header does
 * not flash a sign-in button.
 */
function AccountArea({ isLarge }: { isLarge: boolean }) {
  const authChecked = useAppSelector(selectAuthChecked);
  const user = useAppSelector(selectUser);
  if (!authChecked) return <Skeleton.Avatar active size="large" />;
  return user ? <AccountMenu /> : <SignInButtons isCompact={!isLarge} />;
}

/** Logo, navigation (a menu sheet on phones), the wishlist and cart sheets and the account menu (spec §2 shop header). */
export function ShopHeader({ isLarge }: { isLarge: boolean }) {
  const { token } = theme.useToken();
  const [menuSheetOpen, setMenuSheetOpen] = useState(false);
  const { activeEntryId, openEntry } = useShopNavigation();
  const selectedKeys = activeEntryId ? [activeEntryId] : [];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    setMenuSheetOpen(false);
    openEntry(key);
  };

  return (
    <Layout.Header
      style={{ position: 'sticky', top: 0, zIndex: 10, height: 'auto', lineHeight: 'normal', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <nav aria-label="Shop" style={{ maxWidth: SHOP_CONTENT_MAX_WIDTH, marginInline: 'auto' }}>
        <Flex align="center" gap="small" style={{ height: 64 }}>
          {!isLarge && <Button type="text" size="large" icon={<MenuOutlined />} aria-label="Open shop menu" onClick={() => setMenuSheetOpen(true)} />}
          <Link to={ROUTES.shopHome} aria-label={`${SHOP_NAME} home`} style={{ marginInlineEnd: 16 }}>
            <ShopLogo />
          </Link>
          {isLarge ? (
            <Menu mode="horizontal" items={PAGE_ITEMS} selectedKeys={selectedKeys} onClick={onMenuClick} style={{ flex: 1, minWidth: 0, borderBottom: 'none' }} />
          ) : (
            <span style={{ flex: 1 }} />
          )}
          <Flex align="center" gap="small">
            <WishlistButton />
            <CartButton />
            <AccountArea isLarge={isLarge} />
          </Flex>
        </Flex>
        {isLarge && (
          <ConfigProvider theme={COMPACT_MENU_THEME}>
            <Menu mode="horizontal" items={CATEGORY_ITEMS} selectedKeys={selectedKeys} onClick={onMenuClick} style={{ borderBottom: 'none', lineHeight: '44px' }} />
          </ConfigProvider>
        )}
      </nav>
      {!isLarge && (
        <Drawer title={<ShopLogo />} placement="left" size={300} open={menuSheetOpen} onClose={() => setMenuSheetOpen(false)} styles={{ body: { padding: 8 } }}>
          <Menu mode="inline" items={MENU_SHEET_ITEMS} selectedKeys={selectedKeys} onClick={onMenuClick} style={{ borderInlineEnd: 'none' }} />
        </Drawer>
      )}
    </Layout.Header>
  );
}
