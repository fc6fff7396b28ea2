import { categoryLabel, filtersOfSearchParams, type CategoryId } from '@shop/contracts';
import { catalogueApi } from '../features/catalogue/catalogue.api';
import { SHOP_NAME } from './brand';
import type { RootState } from './store';

/** What a route calls its page: fixed words, or words read from the state (a product's own title) or the address's query. */
export type RouteTitle = string | ((state: RootState, search: URLSearchParams) => string | undefined);

/** The `handle` of the router's routes. */
export interface RouteHandle {
  title?: RouteTitle;
}

/**
 * The tab's title: the page's name before the shop's, so that a row of tabs still tells them apart.
 * Written as the api writes the title of the index.html it sends for a product or a category, so
 * that the tab does not change when the app takes over.
 */
export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} – ${SHOP_NAME}` : SHOP_NAME;
}

/** The page's name from the deepest matched route that names one; a layout's name stands for screens without their own. */
export function pageTitleOf(
  matches: readonly { handle: unknown }[],
  state: RootState,
  search: URLSearchParams = new URLSearchParams(),
): string | undefined {
  for (const match of [...matches].reverse()) {
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (title === undefined) continue;
    return typeof title === 'string' ? title : title(state, search);
  }
  return undefined;
}

/** The listing named by the categories its address shows, as the api names a category link it previews. */
export function listingTitle(_state: RootState, search: URLSearchParams): string {
  const categories = (filtersOfSearchParams(search).category ?? []) as CategoryId[];
  return categories.length > 0 ? categories.map(categoryLabel).join(', ') : 'All Products';
}

/** A product's page by the product's title once it has loaded. */
export function productTitle(state: RootState): string {
  const { productId } = state.productView;
  return (productId !== null ? catalogueApi.endpoints.getProduct.select(productId)(state).data?.title : undefined) ?? 'Toy';
}
