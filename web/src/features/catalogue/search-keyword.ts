import { LIMITS } from '@shop/contracts';

/** A search fires only when the trimmed keyword is longer than 3 characters. */
export function isSearchableKeyword(keyword: string): boolean {
  return keyword.trim().length > LIMITS.searchKeywordMinExclusiveLength;
}
