import type { ErrorCode } from './errors.js';

/**
 * The web's server render (web/src/entry-server.tsx, built into web/dist-ssr) as the api calls it
 * (api/src/web-shell). The api never compiles web source: this is all it knows of the bundle.
 */

/** What the api answers a read of the render: the body its route would send, or its refusal. */
export type ServerReadAnswer = { body: unknown } | { failure: { code: ErrorCode | null; message: string } };

export interface ServerRenderRequest {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /** Aborted when the render is over its budget or the browser went away. */
  signal: AbortSignal;
  /** A GET of the api's public reads (`/api/…`), answered in the api's own process without HTTP. */
  read: (path: string) => Promise<ServerReadAnswer>;
}

export type ServerRender =
  /** The page: React's markup for the app's root, and the state the browser starts from for the head. */
  | { kind: 'page'; status: number; appHtml: string; state: string }
  /** The route sends the browser elsewhere (a loader's redirect). */
  | { kind: 'redirect'; status: number; location: string };

/** The server bundle's one export. */
export interface ServerRenderEntry {
  renderPage(request: ServerRenderRequest): Promise<ServerRender>;
}

/** The `<script type="application/json">` that carries a server-rendered page's state to the browser's store. */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/**
 * The Redis key counting changes of what a guest sees of the shop (a product, a price, a picture, a
 * stock state, a feature image): a guest page drawn at an older count is not served again.
 */
export function shopWindowVersionKey(redisPrefix: string): string {
  return `${redisPrefix}:web:shop-window-version`;
}
