import {
  DEFAULT_SORT,
  filtersOfSearchParams,
  listingSearchParams,
  PRODUCT_FILTER_GROUP_IDS,
  type ListingRequest,
  type ProductFilterGroupId,
  type ProductFilters,
} from '@shop/contracts';

/** What the listing shows: filters, sort and page (the page size is the listing's own). */
export type ListingQuery = Required<Omit<ListingRequest, 'pageSize'>>;

/** Selecting a filter value toggles it; a group left empty disappears. */
export function toggleFilterValue(filters: ProductFilters, group: ProductFilterGroupId, value: string): ProductFilters {
  const current = filters[group] ?? [];
  const next = current.includes(value) ? current.filter((candidate) => candidate !== value) : [...current, value];
  const { [group]: _replaced, ...others } = filters;
  return next.length > 0 ? { ...others, [group]: next } : others;
}

/**
 * The filters the listing starts with (read from session storage on entry), where every
 * group the address names wins: a header link's `?category=` and a shared link must show what they say.
 */
export function filtersOnEntry(search: URLSearchParams, stored: ProductFilters): ProductFilters {
  return { ...stored, ...filtersOfSearchParams(search) };
}

/**
 * What the listing shows on entry: the address's filters over the tab's stored ones, from the first
 * page in the default sort. A server render knows no stored filters, and neither does the first render
 * that takes it over: the session's are added after it.
 */
export function listingOnEntry(search: URLSearchParams, stored: ProductFilters = {}): ListingQuery {
  return { filters: filtersOnEntry(search, stored), sortBy: DEFAULT_SORT, page: 1 };
}

export function activeFilterCount(filters: ProductFilters): number {
  return PRODUCT_FILTER_GROUP_IDS.reduce((count, group) => count + (filters[group]?.length ?? 0), 0);
}

/** The listing's address bar: the filters and sort, and the page once past the first. */
export function listingAddress({ filters, sortBy, page }: ListingQuery): URLSearchParams {
  return listingSearchParams({ filters, sortBy, page: page > 1 ? page : undefined });
}
