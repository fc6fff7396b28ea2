export const CATEGORIES = [
  { id: 'home', label: 'Home' },
  { id: 'under-100', label: 'Under 100/' },
  { id: 'educational-toys', label: 'Educational Toys' },
  { id: 'pretend-play', label: 'Pretend Play & Role Play' },
  { id: 'action-outdoor', label: 'Action & Outdoor' },
  { id: 'card-board-games', label: 'Card & Board Games' },
  { id: 'party-supplies', label: 'Party Supplies' },
  { id: 'stationery-school', label: 'Stationery & School' },
  { id: 'fashion-accessories', label: 'Fashion & Accessories' },
  { id: 'home-decor', label: 'Home & Decor' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];
export const CATEGORY_IDS: readonly CategoryId[] = CATEGORIES.map((category) => category.id);

export function categoryLabel(id: CategoryId): string {
  return CATEGORIES.find((category) => category.id === id)?.label ?? id;
}

export const SORT_OPTIONS = [
  { id: 'price-lowtohigh', label: 'Price: Low to High' },
  { id: 'price-hightolow', label: 'Price: High to Low' },
  { id: 'title-atoz', label: 'Title: A to Z' },
  { id: 'title-ztoa', label: 'Title: Z to A' },
] as const;

export type SortOption = (typeof SORT_OPTIONS)[number]['id'];
export const DEFAULT_SORT: SortOption = 'price-lowtohigh';

/**
 * Shop header entries in the spec's order. "home" here is the home page, not the Home category:
 * the spec clears the category filter for home, products and search.
 */
export const SHOP_NAVIGATION: readonly { id: string; label: string; path: string; category: CategoryId | null }[] = [
  { id: 'home', label: 'Home', path: '/shop/home', category: null },
  ...CATEGORIES.filter((category) => category.id !== 'home').map((category) => ({ id: category.id, label: category.label, path: '/shop/listing', category: category.id })),
  { id: 'products', label: 'Products', path: '/shop/listing', category: null },
  { id: 'search', label: 'Search', path: '/shop/search', category: null },
];
