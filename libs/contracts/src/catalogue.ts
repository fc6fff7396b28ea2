import { LIMITS } from './limits.js';

export const CATEGORIES = [
  { id: 'home', label: 'Home' },
  { id: 'under-100', label: 'Under 100/-' },
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
 * Shop header entries in the old app's order. "home" here is the home page, not the Home category:
 * a click clears the category filter for home, products and search.
 */
export const SHOP_NAVIGATION: readonly { id: string; label: string; path: string; category: CategoryId | null }[] = [
  { id: 'home', label: 'Home', path: '/shop/home', category: null },
  ...CATEGORIES.filter((category) => category.id !== 'home').map((category) => ({
    id: category.id,
    label: category.label,
    path: '/shop/listing',
    category: category.id,
  })),
  { id: 'products', label: 'Products', path: '/shop/listing', category: null },
  { id: 'search', label: 'Search', path: '/shop/search', category: null },
];

/** Price bands of the listing's Price filter, on the effective price (the sale price when there is one). Whole KES, bounds included. */
export const PRICE_BANDS = [
  { id: 'under-500', label: 'Under KES 500', min: 0, max: 499 },
  { id: '500-1499', label: 'KES 500 – 1,499', min: 500, max: 1499 },
  { id: '1500-2999', label: 'KES 1,500 – 2,999', min: 1500, max: 2999 },
  { id: '3000-plus', label: 'KES 3,000 and above', min: 3000, max: null },
] as const;
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];

export const AVAILABILITY_OPTIONS = [
  { id: 'in-stock', label: 'In stock' },
  { id: 'on-sale', label: 'On sale' },
] as const;
export type AvailabilityId = (typeof AVAILABILITY_OPTIONS)[number]['id'];

/**
 * The listing's filter groups, in the order the filter panel shows them. Each travels in the query
 * string as a comma-joined list (`?category=pretend-play,stationery-school&priceBand=under-500`):
 * options of one group widen the result (OR), groups narrow it (AND).
 */
export const PRODUCT_FILTER_GROUPS = [
  { id: 'category', label: 'Category', options: CATEGORIES },
  { id: 'priceBand', label: 'Price', options: PRICE_BANDS },
  { id: 'availability', label: 'Availability', options: AVAILABILITY_OPTIONS },
] as const;
export type ProductFilterGroupId = (typeof PRODUCT_FILTER_GROUPS)[number]['id'];
export type ProductFilters = Partial<Record<ProductFilterGroupId, string[]>>;
export const PRODUCT_FILTER_GROUP_IDS: readonly ProductFilterGroupId[] = PRODUCT_FILTER_GROUPS.map((group) => group.id);

export const SORT_OPTION_IDS: readonly SortOption[] = SORT_OPTIONS.map((option) => option.id);

/** maxPage keeps the offset (page - 1) × size a plain integer a query can carry; no listing is that long. */
export const LISTING_PAGE = { defaultSize: 24, maxSize: 100, maxPage: 10_000 } as const;

export interface ListingRequest {
  filters: ProductFilters;
  sortBy: SortOption;
  page?: number;
  pageSize?: number;
}

/** The query string of a listing request, as the api reads it and the web writes it into its address bar. */
export function listingSearchParams({ filters, sortBy, page, pageSize }: ListingRequest): URLSearchParams {
  const params = new URLSearchParams();
  for (const group of PRODUCT_FILTER_GROUP_IDS) {
    const values = filters[group];
    if (values && values.length > 0) params.set(group, values.join(','));
  }
  params.set('sortBy', sortBy);
  if (page !== undefined) params.set('page', String(page));
  if (pageSize !== undefined) params.set('pageSize', String(pageSize));
  return params;
}

/** The filters a query string names; values no group knows are dropped (an old bookmark must still open). */
export function filtersOfSearchParams(params: URLSearchParams): ProductFilters {
  const filters: ProductFilters = {};
  for (const group of PRODUCT_FILTER_GROUPS) {
    const known = new Set<string>(group.options.map((option) => option.id));
    const values = (params.get(group.id) ?? '').split(',').filter((value) => known.has(value));
    if (values.length > 0) filters[group.id] = values;
  }
  return filters;
}

/**
 * What a shopper is told of a product's stock: 0 when sold out, the units left when few are, and
 * null while plenty is left. A sale that leaves plenty changes no page.
 */
export function shownUnitsLeft(totalStock: number): number | null {
  if (totalStock <= 0) return 0;
  return totalStock < LIMITS.lowStockThreshold ? totalStock : null;
}

/** A product may have only variation images (docs/product.md, Catalogue): the first one stands in for the main image. */
export function coverImage<Image>(product: { image: Image | null; variations: readonly { image: Image }[] }): Image | null {
  return product.image ?? product.variations[0]?.image ?? null;
}
