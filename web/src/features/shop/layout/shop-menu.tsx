import { HomeOutlined, SearchOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { SHOP_NAVIGATION } from '@shop/contracts';
import { useShopNavigation } from './useShopNavigation';

export type MenuItems = NonNullable<MenuProps['items']>;

const PAGE_ICONS: Record<string, ReactNode> = { home: <HomeOutlined />, products: <ShoppingOutlined />, search: <SearchOutlined /> };
/** Home, Products and Search: the pages, beside the logo on large screens and first in the menu sheet on phones. */
export const PAGE_ITEMS: MenuItems = SHOP_NAVIGATION.filter((entry) => entry.category === null).map((entry) => ({
  key: entry.id,
  label: entry.label,
  icon: PAGE_ICONS[entry.id],
}));
export const CATEGORY_ENTRIES = SHOP_NAVIGATION.flatMap((entry) =>
  entry.category === null ? [] : [{ ...entry, category: entry.category }],
);

/**
 * What every shop menu does alike: it marks the current page's entry and follows the one clicked
 * (docs/product.md, Shop frame), after `beforeFollowing` (the sheet closes itself).
 */
export function useShopMenuSelection(beforeFollowing?: () => void): Pick<MenuProps, 'selectedKeys' | 'onClick'> {
  const { activeEntryId, openEntry } = useShopNavigation();
  return {
    selectedKeys: activeEntryId ? [activeEntryId] : [],
    onClick: ({ key }) => {
      beforeFollowing?.();
      openEntry(key);
    },
  };
}
