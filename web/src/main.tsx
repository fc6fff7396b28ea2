import 'antd/dist/reset.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readShellData } from './app/shell-data';
import { makeStore } from './app/store';
import { googleSignInReturnOf } from './features/auth/auth.saga';
import { checkAuthRequested } from './features/auth/auth.slice';
import { featureImagesApi } from './features/feature-images/feature-images.api';

const store = makeStore();
store.dispatch(checkAuthRequested(googleSignInReturnOf(window.location.search)));
// The carousel the home's shell painted its first picture from: the first render shows that picture again rather than its loading box.
const { featureImages } = readShellData(document);
if (featureImages) void store.dispatch(featureImagesApi.util.upsertQueryData('getFeatureImages', undefined, featureImages));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition lets React render the first screen in slices and yield between them, so that a slow
// phone stays responsive to a tap while antd's styles are computed, rather than freezing for the whole render.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});

// Built shops only: the dev server's modules change under it, and a worker would serve stale ones.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('./features/pwa/register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
}
