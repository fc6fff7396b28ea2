/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts) once the page has
 * loaded. A new release's worker waits until the old one's tabs are closed: no prompt, no reload under a shopper.
 *
 * Except when the old release can no longer work: a screen's code that was never cached (the admin
 * screens are not precached for shoppers' phones) is gone from the server once a new release is
 * deployed, and reloading would only bring back the old shell. Then the new release is taken at once.
 */
export function registerServiceWorker(): void {
  let isUpdateWaiting = false;
  let hasScreenFailedToLoad = false;
  let registration: ServiceWorkerRegistration | undefined;
  const takeNewRelease = registerSW({
    onNeedRefresh() {
      isUpdateWaiting = true;
      if (hasScreenFailedToLoad) void takeNewRelease(true);
    },
    onRegisteredSW(_url, registered) {
      registration = registered;
    },
  });
  window.addEventListener('vite:preloadError', () => {
    hasScreenFailedToLoad = true;
    if (isUpdateWaiting) void takeNewRelease(true);
    else void registration?.update();
  });
}
