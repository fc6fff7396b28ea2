import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '@shop/config';
import { MESSAGES } from '@shop/contracts';
import { answerRefusal } from './refusals.js';

/** The methods that change something; GET and HEAD only read. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a browser's Sec-Fetch-Site says of a request its own page (or the address bar) started. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The origins whose pages may write: the web's (WEB_ORIGINS) and the api's own public address. */
export function trustedOrigins(config: Pick<AppConfig, 'WEB_ORIGINS' | 'PUBLIC_URL'>): ReadonlySet<string> {
  return new Set([...config.WEB_ORIGINS, new URL(config.PUBLIC_URL).origin]);
}

/**
 * Whether a request comes from one of the shop's own pages. Browsers name the page in Origin (every
 * cross-site write, and same-site ones too) or else in Referer; a page served by this very host
 * (the shop opened at a LAN address) is its own. A request naming neither is not a browser's
 * cross-site one: providers' callbacks, scripts and tests come that way, and carry no victim's cookie
 * unless they hold it already. "null" (sandboxed frames, file pages) names no page and is refused.
 */
export function fromOwnPage(headers: IncomingHttpHeaders, trusted: ReadonlySet<string>): boolean {
  const claimed = headers.origin ?? (headers.referer === undefined ? undefined : (originOf(headers.referer) ?? 'null'));
  if (claimed === undefined) {
    const fetchSite = headers['sec-fetch-site'];
    return fetchSite === undefined || OWN_FETCH_SITES.has(String(fetchSite));
  }
  if (trusted.has(claimed)) return true;
  const claimedUrl = claimed === 'null' ? undefined : originOf(claimed);
  return claimedUrl !== undefined && headers.host !== undefined && new URL(claimedUrl).host === headers.host;
}

/** Cross-site request forgery: a write from another site's page is refused before any route sees it. */
export function refuseForeignWrites(config: Pick<AppConfig, 'WEB_ORIGINS' | 'PUBLIC_URL'>) {
  const trusted = trustedOrigins(config);
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!WRITE_METHODS.has(request.method) || fromOwnPage(request.headers, trusted)) return next();
    answerRefusal(response, 'FOREIGN_ORIGIN', MESSAGES.server.foreignOrigin);
  };
}
