import { ACCOUNT_LINK_TOKEN_PARAM } from '@shop/contracts';

/** The token of the link the page was opened with; null when a mail client cut the link short. */
export function linkTokenOf(search: URLSearchParams): string | null {
  const token = search.get(ACCOUNT_LINK_TOKEN_PARAM)?.trim() ?? '';
  return token === '' ? null : token;
}
