import { Writable } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
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
 * antd's styles, made once for every render of this process rather than once per page: a component's
 * styles depend on the theme alone, never on a shopper.
 */
const madeStyles = createCache();
type StyleCache = typeof madeStyles;

/**
 * A map of this page's entries that takes an entry made for an earlier page rather than making it
 * again, and keeps what it makes for the pages after it.
 */
class PageEntries<Value> extends Map<string, Value> {
  constructor(private readonly made: Map<string, Value>) {
    super();
  }

  override get(key: string): Value | undefined {
    if (!super.has(key) && this.made.has(key)) super.set(key, this.made.get(key)!);
    return super.get(key);
  }

  override set(key: string, value: Value): this {
    this.made.set(key, value);
    return super.set(key, value);
  }
}

/**
 * The cache one page draws with: its head then carries the styles of the components on this page
 * alone (with the map by which antd in the browser finds each there and makes none of them again),
 * not every style the process has made. antd's cache keeps its entries in these two maps
 * (@ant-design/cssinjs 2, Cache.js, marked internal): a new major version must be checked against
 * this, which the browser tests' hydration check would show as pages drawn without their styles.
 */
function pageStyleCache(): StyleCache {
  const page = createCache();
  page.cache = new PageEntries(madeStyles.cache);
  page.updateTimes = new PageEntries(madeStyles.updateTimes);
  return page;
}

/**
 * The whole page's markup once every part of it is ready. Nothing is streamed before: the head
 * carries antd's styles for that markup, known only once it is drawn, and a page sent whole carries
 * no inline script, which the api's Content-Security-Policy would refuse.
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

  const styles = pageStyleCache();
  const appHtml = await markupOf(
    <StrictMode>
      <StyleProvider cache={styles}>
        <App store={store}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </App>
      </StyleProvider>
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
  return { kind: 'page', status: context.statusCode, appHtml, styles: extractStyle(styles), state: serverStateElement(state) };
}

export const serverRenderEntry: ServerRenderEntry = { renderPage };
