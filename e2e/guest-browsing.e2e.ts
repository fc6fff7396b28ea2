import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { CATALOGUE_API, formatKes, MESSAGES, ROUTES, type Product } from '@shop/contracts';
import { createAccounts, submitSignIn } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, chooseFromPopup, DESKTOP, SHOP_URL, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin, type ApiSession } from './support/catalogue.js';
import { cartLine, openCart, openWishlist, productCard, toastShows } from './support/shopper.js';

const word = `duma${randomBytes(3).toString('hex')}`;
const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 3;
const CATEGORY = { id: 'stationery-school', label: 'Stationery & School' } as const;
/** The web's AUTH_PATHS.checkAuth, which this Node project cannot import. */
const SESSION_CHECK_PATH = '/api/auth/check-auth';

/** The listing the guest ends up on: the category, dearest first, where this file's toys lead. */
const onOurListing = (url: URL) =>
  url.pathname === ROUTES.shopListing &&
  url.searchParams.get('category') === CATEGORY.id &&
  url.searchParams.get('sortBy') === 'price-hightolow';

describe('a guest browsing the shop', () => {
  const tab = usePageForEachTest();
  let session: ApiSession;
  /** Two colours: the one on show is the one that goes in the cart. */
  let pencilCase: Product;
  let globe: Product;

  beforeAll(async () => {
    session = await signInAsAdmin();
    const description = 'Everything a Standard Four pupil carries to school, in one tough case.';
    // Prices far above any real toy put these first in their category sorted from high to low.
    pencilCase = await addProduct(session, {
      title: `${word} Pencil Case`,
      description,
      category: CATEGORY.id,
      price: 9_900_000,
      totalStock: 6,
      variationLabels: ['Red', 'Blue'],
    });
    globe = await addProduct(session, {
      title: `${word} Desk Globe`,
      description,
      category: CATEGORY.id,
      price: 9_800_000,
      salePrice: 9_700_000,
      totalStock: 3,
    });
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    for (const product of [pencilCase, globe]) {
      if (product)
        await fetch(new URL(CATALOGUE_API.deleteProduct(product.id), SHOP_URL), { method: 'DELETE', headers: { Cookie: session.cookie } });
    }
  });

  /**
   * Every api answer that refused the visitor: a guest's pages must ask for nothing they may not
   * have. The session check is the exception, as its 401 is how the api says "a guest".
   */
  function refusalsOf(page: Page): string[] {
    const refused: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/') && pathname !== SESSION_CHECK_PATH && (response.status() === 401 || response.status() === 403))
        refused.push(`${response.status()} ${pathname}`);
    });
    return refused;
  }

  /** From the bare address, through the home page's category tile, to the listing sorted dearest first. */
  async function browseToOurListing(page: Page): Promise<void> {
    await page.goto(ROUTES.root);
    await page.waitForURL(`**${ROUTES.shopHome}`);
    await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Shop by category' }).getByRole('link', { name: CATEGORY.label }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.shopListing && url.searchParams.get('category') === CATEGORY.id);
    await chooseFromPopup(page, page.getByRole('button', { name: /Sort by/ }), page.getByRole('menuitem', { name: 'Price: High to Low' }));
    await page.waitForURL(onOurListing);
    await productCard(page, pencilCase.title).waitFor();
  }

  const cartBadge = (page: Page, count: number) =>
    page.getByRole('button', { name: 'Cart', exact: true }).locator('xpath=..').getByText(String(count), { exact: true });

  it(
    'adds a toy to the cart after the sign-in it asked for, back on the same listing',
    async () => {
      const { page } = tab;
      const [shopper] = await createAccounts('user');
      const refused = refusalsOf(page);
      await browseToOurListing(page);
      expect(refused).toEqual([]);

      await productCard(page, pencilCase.title).getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForURL(`**${ROUTES.login}`);
      await toastShows(page, MESSAGES.cart.loginRequired);
      await submitSignIn(page, shopper);

      await page.waitForURL(onOurListing);
      await toastShows(page, MESSAGES.cart.productAdded);
      await cartBadge(page, 1).waitFor();
      const sheet = await openCart(page);
      await cartLine(sheet, pencilCase.title).getByText(formatKes(9_900_000)).first().waitFor();
      expect(await sheet.getByRole('listitem').count()).toBe(1);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'keeps a toy in the wishlist after the sign-in its heart asked for, back on the same listing',
    async () => {
      const { page } = tab;
      const [shopper] = await createAccounts('user');
      await browseToOurListing(page);

      await productCard(page, globe.title).getByRole('button', { name: 'Add to wishlist' }).click();
      await page.waitForURL(`**${ROUTES.login}`);
      await toastShows(page, MESSAGES.wishlist.loginRequired);
      await submitSignIn(page, shopper);

      await page.waitForURL(onOurListing);
      await toastShows(page, MESSAGES.wishlist.added);
      const heart = productCard(page, globe.title).getByRole('button', { name: 'Remove from wishlist' });
      expect(await heart.getAttribute('aria-pressed')).toBe('true');
      const sheet = await openWishlist(page);
      await sheet.getByRole('link', { name: new RegExp(globe.title) }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows a toy link opened cold to a guest, not a sign-in form',
    async () => {
      const { page } = tab;
      const refused = refusalsOf(page);
      await page.goto(ROUTES.shopProduct(globe.id));
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: globe.title }).waitFor();
      await main.getByText(formatKes(9_700_000)).first().waitFor();
      expect(new URL(page.url()).pathname).toBe(ROUTES.shopProduct(globe.id));
      expect(await page.getByText('Sign in to your account').count()).toBe(0);
      expect(await page.title()).toContain(globe.title);
      // Reviews are open to read; writing one is offered through sign-in, which comes back here.
      await main.getByRole('link', { name: 'Sign in to write a review' }).click();
      await page.getByText('Sign in to your account').waitFor();
      expect(refused).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'paints a toy page for a guest without waiting for the session check, and offers sign-in once it has answered',
    async () => {
      // The page itself must answer the check, not a service worker that page.route cannot see.
      const context = await tab.browser.newContext({ baseURL: SHOP_URL, viewport: DESKTOP, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        let releaseCheck = () => {};
        const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
        await page.route(`**${SESSION_CHECK_PATH}`, async (route) => {
          await checkHeld;
          await route.continue();
        });
        await page.goto(ROUTES.shopProduct(globe.id));
        await page.getByRole('main').getByRole('heading', { name: globe.title }).waitFor();
        // Until the check answers, the header holds the account's place without guessing who is there.
        expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
        releaseCheck();
        await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
      } finally {
        await context.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'puts the colour on show in the cart after a sign-in with Google, back on the product page',
    async () => {
      const { page } = tab;
      await page.goto(ROUTES.shopProduct(pencilCase.id));
      const main = page.getByRole('main');
      await main.getByRole('button', { name: `Show ${pencilCase.title}, Blue` }).click();
      await main.getByRole('heading', { name: /Blue/ }).waitFor();
      await main.getByRole('button', { name: 'Add to Cart' }).click();

      await page.waitForURL(`**${ROUTES.login}`);
      await page.getByRole('link', { name: 'Continue with Google' }).click();
      await page.getByText('Choose an account').waitFor();
      await page.getByLabel('Full name').fill('Chebet Google');
      await page.getByLabel('E-mail').fill(`chebet-${randomBytes(4).toString('hex')}@gmail.test`);
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.waitForURL(`**${ROUTES.shopProduct(pencilCase.id)}`);
      await toastShows(page, MESSAGES.cart.productAdded);
      const sheet = await openCart(page);
      const line = cartLine(sheet, pencilCase.title);
      await line.getByText('Blue').waitFor();
      expect(await sheet.getByRole('listitem').count()).toBe(1);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'opens the cart a guest asked to see once they have signed in',
    async () => {
      const { page } = tab;
      const [shopper] = await createAccounts('user');
      await page.goto(ROUTES.shopHome);
      await page.getByRole('button', { name: 'Cart', exact: true }).click();
      await page.waitForURL(`**${ROUTES.login}`);
      await submitSignIn(page, shopper);
      await page.waitForURL(`**${ROUTES.shopHome}`);
      await page.getByRole('dialog', { name: MESSAGES.cart.title }).getByText(MESSAGES.cart.empty).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sends a guest going to checkout, the account or an admin screen to sign in',
    async () => {
      const { page } = tab;
      for (const path of [ROUTES.shopCheckout, ROUTES.shopAccount, ROUTES.adminOrders]) {
        await page.goto(path);
        await page.waitForURL(`**${ROUTES.login}`);
        await page.getByText('Sign in to your account').waitFor();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
