/** The e-mailed links carry their single-use token in this parameter (ROUTES.verifyEmail, ROUTES.resetPassword). */
export const LINK_TOKEN_PARAM = 'token';

/** The token of the link the page was opened with; null when a mail client cut the link short. */
export function linkTokenOf(search: URLSearchParams): string | null {
  const token = search.get(LINK_TOKEN_PARAM)?.trim() ?? '';
  return token === '' ? null : token;
}
