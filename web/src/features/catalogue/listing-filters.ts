import { filtersOfSearchParams, type ProductFilters } from '@shop/contracts';

/** Where the listing keeps its filters between visits in one tab (read again on entry). */
const STORAGE_KEY = 'toyduka.listing.filters';

function asSearchParams(filters: ProductFilters): URLSearchParams {
  return new URLSearchParams(Object.entries(filters).map(([group, values]) => [group, values.join(',')]));
}

/** The filters stored for this tab; anything unreadable or unknown counts as no filter. */
export function storedListingFilters(storage: Pick<Storage, 'getItem'> = sessionStorage): ProductFilters {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    const lists = Object.entries(stored).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]));
    return filtersOfSearchParams(asSearchParams(Object.fromEntries(lists)));
  } catch {
    return {};
  }
}

export function storeListingFilters(filters: ProductFilters, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(filters));
}
