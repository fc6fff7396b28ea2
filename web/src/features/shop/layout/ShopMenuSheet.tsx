import { Drawer, Menu } from 'antd';
import { ShopLogo } from '../../../components/ShopLogo';
import { CategoryIcon } from '../home/category-icons';
import { CATEGORY_ENTRIES, PAGE_ITEMS, useShopMenuSelection, type MenuItems } from './shop-menu';

const MENU_SHEET_ITEMS: MenuItems = [
  { key: 'pages', type: 'group', label: 'Shop', children: PAGE_ITEMS },
  {
    key: 'categories',
    type: 'group',
    label: 'Categories',
    children: CATEGORY_ENTRIES.map((entry) => ({ key: entry.id, label: entry.label, icon: <CategoryIcon category={entry.category} /> })),
  },
];

/** The pages and categories in a side sheet, the header's navigation on phones; following an entry closes it. */
export function ShopMenuSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const selection = useShopMenuSelection(onClose);
  return (
    <Drawer title={<ShopLogo />} placement="left" size={300} open={open} onClose={onClose} styles={{ body: { padding: 8 } }}>
      <Menu mode="inline" items={MENU_SHEET_ITEMS} {...selection} style={{ borderInlineEnd: 'none' }} />
    </Drawer>
  );
}
