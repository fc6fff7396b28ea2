import { LIMITS } from '@shop/contracts';

/** Where the search page keeps its keyword: `/shop/search?keyword=…`. */
export const KEYWORD_PARAM = 'keyword';

/** A search: the trimmed keyword and the page of its results. */
export interface SearchQuery {
  keyword: string;
  page: number;
}

/** A search fires only when the trimmed keyword is longer than 3 characters. */
export function isSearchableKeyword(keyword: string): boolean {
  return keyword.trim().length > LIMITS.searchKeywordMinExclusiveLength;
}

/** The search an address names: its keyword's first page, searched at once (a server render reads it before the page is drawn). */
export function searchOnEntry(search: URLSearchParams): SearchQuery {
  return { keyword: (search.get(KEYWORD_PARAM) ?? '').trim(), page: 1 };
}
