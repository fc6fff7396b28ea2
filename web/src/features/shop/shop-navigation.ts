import { ROUTES, SHOP_NAVIGATION } from '@shop/contracts';

export type ShopNavigationEntry = (typeof SHOP_NAVIGATION)[number];

/** The address a header entry opens: its page, with the category in the query string when it names one. */
export function navigationTarget(entry: ShopNavigationEntry): string {
  return entry.category ? `${entry.path}?${new URLSearchParams({ category: entry.category })}` : entry.path;
}

/** The header entry that matches the current page, for highlighting. */
export function activeNavigationId(pathname: string, search: string): string | null {
  if (pathname === ROUTES.shopHome) return 'home';
  if (pathname === ROUTES.shopSearch) return 'search';
  if (pathname !== ROUTES.shopListing) return null;
  const category = new URLSearchParams(search).get('category');
  return SHOP_NAVIGATION.find((entry) => entry.path === pathname && (entry.category ?? null) === category)?.id ?? null;
}
