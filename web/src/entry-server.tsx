import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { ServerRender, ServerRenderEntry, ServerRenderRequest } from '@shop/contracts';
import { App } from './app/App';
import { appRoutes } from './app/router';
import { serverStateElement, type ServerState } from './app/server-state';
import { shopApi } from './app/shop.api';
import { makeStore } from './app/store';
import { googleSignInReturnOf } from './features/auth/auth.saga';
import { checkAuthRequested } from './features/auth/auth.slice';

/**
 * The whole page's markup once every part of it is ready. Nothing is streamed before: a page sent
 * whole carries no inline script, which the api's Content-Security-Policy would refuse.
 */
function markupOf(app: ReactNode, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // A part that fails is drawn by the browser instead (React's client rendering of that boundary); the whole page failing is onShellError's.
      onError: (error) => {
        if (signal.aborted) reject(error);
      },
    });
    signal.addEventListener('abort', () => {
      stream.abort(signal.reason);
      reject(signal.reason instanceof Error ? signal.reason : new Error('the render was aborted'));
    });
  });
}

/**
 * A shopper page drawn on the server (api/src/web-shell): the routes' loaders read what the page
 * shows from the api in its own process, React draws it, and the state it was drawn from goes with
 * it for the browser's store (main.tsx). The store and the router are this request's alone: nothing
 * of one shopper's page can reach another's.
 */
export async function renderPage({ url, signal, read }: ServerRenderRequest): Promise<ServerRender> {
  const store = makeStore({ serverRead: read });
  const address = new URL(url, 'http://shop.invalid');
  // As main.tsx does first in the browser, so that the first render on both sides starts from the same state.
  store.dispatch(checkAuthRequested(googleSignInReturnOf(address.search)));
  const handler = createStaticHandler(appRoutes(store, 'server'));
  const context = await handler.query(new Request(address, { signal }));
  if (context instanceof Response) return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  await Promise.all(store.dispatch(shopApi.util.getRunningQueriesThunk()));

  const appHtml = await markupOf(
    <StrictMode>
      <App store={store}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </App>
    </StrictMode>,
    signal,
  );
  const { api, productView } = store.getState();
  const state: ServerState = {
    api: { queries: api.queries, mutations: {}, provided: api.provided },
    productView,
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  // The cache's timers for unused entries would keep this request's store alive for a minute.
  store.dispatch(shopApi.util.resetApiState());
  return { kind: 'page', status: context.statusCode, appHtml, state: serverStateElement(state) };
}

export const serverRenderEntry: ServerRenderEntry = { renderPage };
