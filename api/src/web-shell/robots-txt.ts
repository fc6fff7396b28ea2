import { API_PATH, AREAS, ROUTES } from '@shop/contracts';

/**
 * What crawlers keep out of: the api, the admin's screens, sign-in, and a shopper's own pages
 * (account, checkout, payment returns), which hold nothing for a search result. The shop window, its
 * pictures (some link previews fetch og:image only where robots.txt allows it) and the build's files
 * stay open.
 */
const PRIVATE_PATHS = [
  `${API_PATH}/`,
  AREAS.admin,
  AREAS.auth,
  ROUTES.shopAccount,
  ROUTES.shopCheckout,
  ROUTES.shopPaypalReturn,
  ROUTES.shopPaymentSuccess,
];

/** `/robots.txt`, naming the sitemap at its absolute address, as the protocol asks. */
export function robotsTxt(sitemapUrl: string): string {
  return ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
}
