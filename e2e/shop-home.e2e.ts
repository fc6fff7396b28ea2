import type { Page } from 'playwright-core';
import { DEMO_SHOP_CONTACT } from '@shop/config';
import { CATEGORIES, ROUTES, telLink } from '@shop/contracts';
import type { TestAccount } from '@shop/testing';
import { SHOP_NAME } from '../web/src/app/brand.js';
import { createAccounts, signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, DESKTOP, PHONE, usePageForEachTest } from './support/browser.js';

const onListing = (category: string | null) => (url: URL) =>
  url.pathname === ROUTES.shopListing && url.searchParams.get('category') === category;

describe('the shop frame and home page', () => {
  const tab = usePageForEachTest();
  let shopper: TestAccount;

  beforeAll(async () => {
    [shopper] = await createAccounts('user');
  }, BROWSER_TIMEOUT_MS);

  async function signedInAtHome(viewport: typeof DESKTOP): Promise<Page> {
    const { page } = tab;
    await page.setViewportSize(viewport);
    await signInAsShopper(page, shopper);
    return page;
  }

  it(
    'shows the hero, the ten categories and opens the listing on a category, which the header clears',
    async () => {
      const page = await signedInAtHome(DESKTOP);

      // An empty shop has no feature images: the welcome banner stands in for the carousel.
      await page
        .getByRole('region', { name: 'Featured offers' })
        .or(page.getByRole('heading', { name: `Welcome to ${SHOP_NAME}` }))
        .waitFor();
      const tiles = page.getByRole('region', { name: 'Shop by category' }).getByRole('link');
      await tiles.first().waitFor();
      expect(await tiles.allInnerTexts()).toEqual(CATEGORIES.map((category) => category.label));
      await page.getByRole('heading', { name: 'Family-first toy haven' }).waitFor();
      await page.getByRole('heading', { name: 'Feature Products' }).waitFor();

      await tiles.filter({ hasText: 'Pretend Play & Role Play' }).click();
      await page.waitForURL(onListing('pretend-play'));

      await page.getByRole('menuitem', { name: 'Products' }).click();
      await page.waitForURL(onListing(null));
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    'opens the terms and conditions from the footer and closes them with Esc',
    async () => {
      const page = await signedInAtHome(DESKTOP);
      await page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} ${SHOP_NAME}`).waitFor();

      await page.getByRole('button', { name: 'Terms and Conditions' }).click();
      const terms = page.getByRole('dialog');
      await terms.getByText('governed by the laws of Kenya').waitFor();
      await terms.getByText('Last updated June 2025').waitFor();
      await page.keyboard.press('Escape');
      await terms.waitFor({ state: 'hidden' });
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    'on a phone, navigates from the menu sheet and unfolds the contact strip',
    async () => {
      const page = await signedInAtHome(PHONE);
      // Page code goes as text: the test project has no DOM types.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);

      // The browser suite's shop runs with no SHOP_* settings: the demo details stand in.
      const phoneLink = page.getByRole('region', { name: 'Contact us' }).getByRole('link', { name: DEMO_SHOP_CONTACT.phone });
      expect(await phoneLink.isVisible()).toBe(false);
      await page.getByRole('button', { name: /Call us/ }).click();
      await phoneLink.waitFor();
      expect(await phoneLink.getAttribute('href')).toBe(telLink(DEMO_SHOP_CONTACT.phone));
      await page.getByText(DEMO_SHOP_CONTACT.openingHours).waitFor();

      await page.getByRole('button', { name: 'Open shop menu' }).click();
      const menuSheet = page.getByRole('dialog');
      await menuSheet.getByRole('menuitem', { name: 'Card & Board Games' }).click();
      await page.waitForURL(onListing('card-board-games'));
      await menuSheet.waitFor({ state: 'hidden' });
    },
    BROWSER_TIMEOUT_MS,
  );
});
