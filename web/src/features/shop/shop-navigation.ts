import { ROUTES, SHOP_NAVIGATION, type CategoryId, type ProductFilters } from '@shop/contracts';

export type ShopNavigationEntry = (typeof SHOP_NAVIGATION)[number];

interface ListingStep {
  /** What the listing's stored filters become: the category alone, or none at all. */
  filters: ProductFilters;
  to: string;
}

export interface NavigationStep extends ListingStep {
  /** True when the listing stays open and only its query string changes. */
  replace: boolean;
}

function stepTo(path: string, category: CategoryId | null): ListingStep {
  if (!category) return { filters: {}, to: path };
  return { filters: { category: [category] }, to: `${path}?${new URLSearchParams({ category })}` };
}

/** Opening the listing on one category, or on every toy (the home page's tiles and links). */
export function listingStep(category: CategoryId | null): ListingStep {
  return stepTo(ROUTES.shopListing, category);
}

/** What a header entry does when clicked (docs/product.md, Shop frame). */
export function navigationStep(entry: ShopNavigationEntry, currentPathname: string): NavigationStep {
  // Replacing keeps Back from walking through every category the shopper tried on the listing.
  const replace = currentPathname === ROUTES.shopListing && entry.path === ROUTES.shopListing;
  return { ...stepTo(entry.path, entry.category), replace };
}

/** The header entry that matches the current page, for highlighting. */
export function activeNavigationId(pathname: string, search: string): string | null {
  if (pathname === ROUTES.shopHome) return 'home';
  if (pathname === ROUTES.shopSearch) return 'search';
  if (pathname !== ROUTES.shopListing) return null;
  const category = new URLSearchParams(search).get('category');
  return SHOP_NAVIGATION.find((entry) => entry.path === pathname && (entry.category ?? null) === category)?.id ?? null;
}
