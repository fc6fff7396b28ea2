import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { ROUTES } from '@shop/contracts';
import { testConfig } from '@shop/testing';
import { SHOP_NAME } from '../web/src/app/brand.js';
import { adminOnlyFiles, type BuildManifest } from '../web/src/features/pwa/chunk-audience.js';
import { OFFLINE_NOTICE } from '../web/src/features/pwa/offline-notice.js';
import { BROWSER_TIMEOUT_MS, PHONE, usePageForEachTest } from './support/browser.js';

/** The files of the build the running shop serves that only the admin screens load. */
async function adminOnlyFilesServed(): Promise<Set<string>> {
  const manifestPath = join(resolve(testConfig().WEB_DIST_DIR), '.vite', 'manifest.json');
  return adminOnlyFiles(JSON.parse(await readFile(manifestPath, 'utf8')) as BuildManifest);
}

/**
 * Resolves once the service worker controls the page, that is once it has cached the shell. Page code
 * goes as text (the test project has no DOM types), evaluated rather than polled: the shop's CSP forbids eval.
 */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(
    `navigator.serviceWorker.controller || new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))`,
  );
}

describe('the shop on a bad line', () => {
  const tab = usePageForEachTest();

  it(
    'opens from the service worker with the connection down, and says so in plain words',
    async () => {
      const { page, context } = tab;
      await page.setViewportSize(PHONE);
      await page.goto(ROUTES.shopHome);
      const shopHeader = page.getByRole('navigation', { name: 'Shop' });
      await shopHeader.waitFor();
      await serviceWorkerControls(page);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('alert').filter({ hasText: OFFLINE_NOTICE }).waitFor();
      await shopHeader.waitFor();
      expect(await page.title()).toBe(SHOP_NAME);

      // A page only the api can answer gets the shop's offline page rather than the browser's error.
      await page.goto('/api/health');
      await page.getByRole('heading', { name: "You're offline" }).waitFor();

      await context.setOffline(false);
      await page.goto(ROUTES.shopHome);
      await shopHeader.waitFor();
      await page.getByRole('alert').filter({ hasText: OFFLINE_NOTICE }).waitFor({ state: 'detached' });
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    'sends a guest at the home page no admin code, neither to the page nor to the offline cache',
    async () => {
      const { page, context } = tab;
      const adminOnly = await adminOnlyFilesServed();
      expect(adminOnly.size).toBeGreaterThan(0);
      // The context hears the service worker's requests too: its precache must leave the admin screens out.
      const requested: string[] = [];
      context.on('request', (request) => requested.push(new URL(request.url()).pathname.slice(1)));

      await page.goto(ROUTES.shopHome);
      await page.getByRole('heading', { name: 'Feature Products' }).waitFor();
      await serviceWorkerControls(page);

      const scripts = requested.filter((path) => path.startsWith('assets/') && path.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((path) => adminOnly.has(path))).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
