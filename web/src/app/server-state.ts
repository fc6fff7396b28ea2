import { createAction } from '@reduxjs/toolkit';
import type { HydrationState } from 'react-router-dom';
import { SERVER_STATE_ELEMENT_ID } from '@shop/contracts';
import type { ProductViewState } from '../features/catalogue/productView.slice';

/**
 * What a server render hands the browser (entry-server.tsx → main.tsx): the api cache its loaders
 * filled, and the client state they set. The browser's store takes it before it hydrates the page,
 * so that its first render draws what the server drew and asks the api for none of it again.
 */
export interface ServerState {
  api: unknown;
  productView: ProductViewState;
  /** The router's loader data, so that the browser's router does not load the page again. */
  router: HydrationState;
}

export const serverStateArrived = createAction<ServerState>('app/serverStateArrived');

/** A render's data is as fresh as the page it drew: a screen that reads again on each visit waits this long after it. */
export const SERVER_READ_FRESH_S = 60;

/** JSON in a script element: a `<` escaped, so that no value can close the element (`</script>`) or open a comment. */
export function serverStateElement(state: ServerState): string {
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}

/** The state of a page the server drew; null for the client shell (the fallback, the service worker's copy, the admin). */
export function readServerState(page: Document): ServerState | null {
  const text = page.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerState) : null;
}
