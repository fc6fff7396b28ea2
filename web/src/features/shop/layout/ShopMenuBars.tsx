import { ConfigProvider, Menu } from 'antd';
import { compactMenuTheme } from '../../../app/theme';
import { CATEGORY_ENTRIES, PAGE_ITEMS, useShopMenuSelection, type MenuItems } from './shop-menu';

/** The categories get a row of their own on large screens: together with the pages they are too wide for one. */
const CATEGORY_ITEMS: MenuItems = CATEGORY_ENTRIES.map((entry) => ({ key: entry.id, label: entry.label }));

/** Home, Products and Search beside the logo, on large screens. */
export function PageMenuBar() {
  const selection = useShopMenuSelection();
  return <Menu mode="horizontal" items={PAGE_ITEMS} {...selection} style={{ flex: 1, minWidth: 0, borderBottom: 'none' }} />;
}

/** The row of categories under the logo, on large screens; ShopHeader reserves its height while this chunk loads. */
export function CategoryMenuBar({ itemHeight }: { itemHeight: number }) {
  const selection = useShopMenuSelection();
  return (
    <ConfigProvider theme={compactMenuTheme}>
      <Menu mode="horizontal" items={CATEGORY_ITEMS} {...selection} style={{ borderBottom: 'none', lineHeight: `${itemHeight}px` }} />
    </ConfigProvider>
  );
}
