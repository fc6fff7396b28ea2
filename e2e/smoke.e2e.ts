import type { Page } from 'playwright-core';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { DESKTOP, PHONE, BROWSER_TIMEOUT_MS as TIMEOUT_MS, usePageForEachTest } from './support/browser.js';

describe('shop smoke (a guest)', () => {
  const tab = usePageForEachTest();

  async function visit(path: string, viewport: { width: number; height: number }, check: (page: Page) => Promise<void>) {
    const { page } = tab;
    await page.setViewportSize(viewport);
    await page.goto(path);
    await check(page);
  }

  it(
    'sends a guest from / to the shop home, with sign-in one click away',
    async () => {
      await visit(ROUTES.root, DESKTOP, async (page) => {
        await page.waitForURL(`**${ROUTES.shopHome}`);
        await page.getByRole('link', { name: 'Sign in', exact: true }).click();
        await page.getByText('Sign in to your account').waitFor();
        expect(new URL(page.url()).pathname).toBe(ROUTES.login);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'shows the not-found text on an unknown path',
    async () => {
      await visit('/some/unknown/path', DESKTOP, async (page) => {
        await page.getByText(MESSAGES.screens.notFound).waitFor();
      });
    },
    TIMEOUT_MS,
  );

  it(
    'shows the no-access text on /unauth-page',
    async () => {
      await visit(ROUTES.unauthorized, DESKTOP, async (page) => {
        await page.getByText(MESSAGES.screens.unauthorized).waitFor();
      });
    },
    TIMEOUT_MS,
  );

  it(
    'fits the sign-in screen on a 390px phone without horizontal scroll',
    async () => {
      await visit(ROUTES.login, PHONE, async (page) => {
        await page.getByText('Sign in to your account').waitFor();
        // A string, because this file is type-checked for Node, where `document` does not exist.
        const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
        expect(overflow).toBe(0);
      });
    },
    TIMEOUT_MS,
  );
});
