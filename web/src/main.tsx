import 'antd/dist/reset.css';
import './styles/antd/shop.css';
import './styles/reduced-motion.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { App } from './app/App';
import { appRoutes, createAppRouter } from './app/router';
import { readServerState, serverStateArrived } from './app/server-state';
import { readShellData } from './app/shell-data';
import { makeStore } from './app/store';
import { googleSignInReturnOf } from './features/auth/auth.saga';
import { checkAuthRequested } from './features/auth/auth.slice';
import { featureImagesApi } from './features/feature-images/feature-images.api';

/**
 * The matched routes' screens, loaded before the first render: a page the server drew is hydrated
 * by the same screens at once, where a route still loading would draw its fallback beside it.
 */
async function loadMatchedScreens(routes: RouteObject[]): Promise<void> {
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.lazy !== 'object') continue;
    const lazy = route.lazy as Record<string, (() => Promise<unknown>) | undefined>;
    for (const [key, load] of Object.entries(lazy)) if (load) Object.assign(route, { [key]: await load() });
    delete route.lazy;
  }
}

/**
 * A page that does not hydrate as the server drew it is drawn again by the browser: the shopper sees
 * it settle, and the server's work is lost. Reported as an uncaught error with where it happened,
 * for the browser tests to fail on.
 */
function reportHydrationMismatch(error: unknown, { componentStack }: { componentStack?: string }): void {
  reportError(new Error(`Hydration failed: ${error instanceof Error ? error.message : String(error)}${componentStack ?? ''}`));
}

async function start(container: HTMLElement): Promise<void> {
  const serverState = readServerState(document);
  const store = makeStore();
  if (serverState) store.dispatch(serverStateArrived(serverState));
  store.dispatch(checkAuthRequested(googleSignInReturnOf(window.location.search)));
  // What the server drew from, taken before anything is awaited: the session check may answer while the screens load.
  const drawnFrom = serverState ? store.getState() : undefined;
  // The carousel the home's shell painted its first picture from: the first render shows that picture again rather than its loading box.
  const { featureImages } = readShellData(document);
  if (featureImages) void store.dispatch(featureImagesApi.util.upsertQueryData('getFeatureImages', undefined, featureImages));

  const routes = appRoutes(store);
  if (serverState) await loadMatchedScreens(routes);
  const router = createAppRouter(routes, serverState?.router);
  const app = (
    <StrictMode>
      <App store={store} serverState={drawnFrom} onShown={() => container.removeAttribute('inert')}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  // A transition lets React render (or hydrate) the first screen in slices and yield between them, so
  // that a slow phone stays responsive to a tap while antd's styles are computed.
  startTransition(() => {
    if (serverState) hydrateRoot(container, app, { onRecoverableError: reportHydrationMismatch });
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);

// Built shops only: the dev server's modules change under it, and a worker would serve stale ones.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('./features/pwa/register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
}
