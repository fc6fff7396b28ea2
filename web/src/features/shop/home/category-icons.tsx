import {
  AppstoreOutlined,
  BgColorsOutlined,
  BulbOutlined,
  CrownOutlined,
  EditOutlined,
  GiftOutlined,
  HomeOutlined,
  RocketOutlined,
  SkinOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import type { GlobalToken } from 'antd';
import type { ComponentType } from 'react';
import type { CategoryId } from '@shop/contracts';

type PaletteColor = 'orange' | 'gold' | 'blue' | 'magenta' | 'green' | 'purple' | 'volcano' | 'cyan' | 'geekblue' | 'lime';

interface CategoryLook {
  Icon: ComponentType;
  /** An antd palette, so that every tile has its own colour and the row looks like a toy box. */
  palette: PaletteColor;
}

const CATEGORY_LOOKS: Record<CategoryId, CategoryLook> = {
  home: { Icon: HomeOutlined, palette: 'orange' },
  'under-100': { Icon: TagsOutlined, palette: 'gold' },
  'educational-toys': { Icon: BulbOutlined, palette: 'blue' },
  'pretend-play': { Icon: CrownOutlined, palette: 'magenta' },
  'action-outdoor': { Icon: RocketOutlined, palette: 'green' },
  'card-board-games': { Icon: AppstoreOutlined, palette: 'purple' },
  'party-supplies': { Icon: GiftOutlined, palette: 'volcano' },
  'stationery-school': { Icon: EditOutlined, palette: 'cyan' },
  'fashion-accessories': { Icon: SkinOutlined, palette: 'geekblue' },
  'home-decor': { Icon: BgColorsOutlined, palette: 'lime' },
};

export function CategoryIcon({ category }: { category: CategoryId }) {
  const { Icon } = CATEGORY_LOOKS[category];
  return <Icon />;
}

/** The tile colours of a category: a pale background and a strong icon colour from the same palette. */
export function categoryColours(category: CategoryId, token: GlobalToken): { background: string; foreground: string } {
  const { palette } = CATEGORY_LOOKS[category];
  return { background: token[`${palette}1`], foreground: token[`${palette}7`] };
}
