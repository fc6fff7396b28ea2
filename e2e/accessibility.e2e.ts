import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { CATALOGUE_API, MESSAGES, ROUTES, type ApiSuccess, type FeatureImage, type Product } from '@shop/contracts';
import type { TestAccount } from '@shop/testing';
import { createAccounts, signInAsAdminInBrowser, signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, DESKTOP, pageIsLive, PHONE, SHOP_URL, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin, uploadImage, type ApiSession } from './support/catalogue.js';
import { openCheckoutWithAddress, prepareCheckout } from './support/orders.js';
import { cartLine, openCart } from './support/shopper.js';

/** WCAG 2.0 to 2.2 at levels A and AA, and axe's best practices (Lighthouse scores several of them). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** Lighthouse checks that a control's name holds the words it shows; axe 4.13 still calls that rule experimental and skips it. */
const ALSO_RUN = { 'label-content-name-mismatch': { enabled: true } };
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/**
 * Rules axe rates only moderate that Lighthouse failed the shop on (docs/benchmarks.md, Web on a phone) or that every screen
 * promises: an h1 and no skipped levels, one main landmark for the skip link to land on.
 */
const ALSO_BLOCKING = new Set(['heading-order', 'page-has-heading-one', 'landmark-one-main']);

/** The little of the page's DOM the wait for animations reads: the test project has no DOM types. */
interface AnimatedDocument {
  getAnimations(): { playState: string; effect: { getComputedTiming(): { iterations?: number } } | null }[];
}

/**
 * What axe finds wrong with the page as it stands, one rule a paragraph with each offending element's
 * selector and axe's summary of the fix; empty when nothing serious is left.
 */
async function blockingViolations(page: Page): Promise<string> {
  await pageIsLive(page);
  // Elements caught halfway through a fade or a slide report the contrast of a colour they never settle on.
  // A function, not a string: the shop's CSP forbids eval. Endless ones (a skeleton's shimmer) never settle.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).options({ rules: ALSO_RUN }).withTags(AXE_TAGS).analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? '') || ALSO_BLOCKING.has(violation.id))
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        ...violation.nodes.map((node) => `  ${node.target.join(' >> ')}\n    ${(node.failureSummary ?? '').replaceAll('\n', '\n    ')}`),
      ].join('\n'),
    )
    .join('\n\n');
}

interface Screen {
  name: string;
  /** Brings the page, signed in as the screen's audience already, to the screen in its settled state. */
  open(page: Page): Promise<void>;
}

/** A shopper's screen, opened by the shopper signed in on the page. */
interface ShopperScreen {
  name: string;
  open(page: Page, shopper: TestAccount): Promise<void>;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).first().waitFor();

describe('accessibility of the main screens (axe)', () => {
  const tab = usePageForEachTest();
  const word = `kanga${randomBytes(3).toString('hex')}`;
  let admin: TestAccount;
  let session: ApiSession;
  let product: Product;
  let featureImageId: number;

  beforeAll(async () => {
    [admin] = await createAccounts('admin');
    session = await signInAsAdmin(admin);
    product = await addProduct(session, {
      title: `Wooden ${word} drum`,
      description: 'A hand-carved drum with a goatskin head, sized for small hands.',
      category: 'educational-toys',
      price: 1_800,
      salePrice: 1_500,
      totalStock: 9,
    });
    // The home page shows its carousel, with its pause control, only when there is a feature image.
    const added = await fetch(new URL(CATALOGUE_API.addFeatureImage, SHOP_URL), {
      method: 'POST',
      headers: { Cookie: session.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ image: await uploadImage(session) }),
    });
    featureImageId = ((await added.json()) as ApiSuccess<FeatureImage>).data.id;
  }, BROWSER_TIMEOUT_MS * 2);

  afterAll(async () => {
    await fetch(new URL(CATALOGUE_API.deleteFeatureImage(featureImageId), SHOP_URL), {
      method: 'DELETE',
      headers: { Cookie: session.cookie },
    });
  });

  const guestScreens: Screen[] = [
    { name: 'home', open: async (page) => (await page.goto(ROUTES.shopHome), heading(page, 'Shop by category')) },
    { name: 'listing', open: async (page) => (await page.goto(ROUTES.shopListing), page.getByRole('article').first().waitFor()) },
    {
      name: 'search',
      open: async (page) => (
        await page.goto(`${ROUTES.shopSearch}?keyword=${word}`),
        page.getByRole('article', { name: product.title }).waitFor()
      ),
    },
    { name: 'product page', open: async (page) => (await page.goto(ROUTES.shopProduct(product.id)), heading(page, product.title)) },
    { name: 'login', open: async (page) => (await page.goto(ROUTES.login), page.getByRole('button', { name: 'Sign In' }).waitFor()) },
    { name: 'register', open: async (page) => (await page.goto(ROUTES.register), page.getByRole('button', { name: 'Sign Up' }).waitFor()) },
  ];

  /** Each shopper screen starts from a fresh shopper just signed in, on the home page. */
  const shopperScreens: ShopperScreen[] = [
    {
      name: 'home',
      open: async (page) => (await page.getByRole('region', { name: 'Featured offers' }).waitFor(), heading(page, 'Shop by category')),
    },
    { name: 'listing', open: async (page) => (await page.goto(ROUTES.shopListing), page.getByRole('article').first().waitFor()) },
    {
      name: 'product dialog',
      open: async (page) => {
        await page.goto(`${ROUTES.shopSearch}?keyword=${word}`);
        await page.getByRole('article', { name: product.title }).getByRole('button', { name: product.title, exact: true }).click();
        await page.getByRole('dialog', { name: product.title }).getByText(MESSAGES.review.none).waitFor();
      },
    },
    {
      name: 'cart sheet',
      open: async (page, shopper) => {
        await prepareCheckout(page, shopper, product, 2);
        await page.goto(ROUTES.shopListing);
        await cartLine(await openCart(page), product.title).waitFor();
      },
    },
    {
      name: 'checkout',
      open: async (page, shopper) => {
        await prepareCheckout(page, shopper, product, 1);
        await openCheckoutWithAddress(page);
      },
    },
    { name: 'account', open: async (page) => (await page.goto(ROUTES.shopAccount), page.getByRole('tab', { name: 'Orders' }).waitFor()) },
    {
      name: 'payment success',
      open: async (page) => (await page.goto(ROUTES.shopPaymentSuccess), page.getByText(MESSAGES.checkout.paymentSuccessful).waitFor()),
    },
  ];

  const adminScreens: Screen[] = [
    { name: 'dashboard', open: (page) => heading(page, 'Dashboard') },
    { name: 'products', open: async (page) => (await page.goto(ROUTES.adminProducts), page.getByText(product.title).first().waitFor()) },
    { name: 'orders', open: async (page) => (await page.goto(ROUTES.adminOrders), heading(page, 'All Orders')) },
    { name: 'features', open: async (page) => (await page.goto(ROUTES.adminFeatures), heading(page, 'Feature images')) },
    { name: 'queues', open: async (page) => (await page.goto(ROUTES.adminQueues), heading(page, 'Queues')) },
  ];

  describe.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('on %s', (_, viewport) => {
    it.each(guestScreens)(
      "a guest's $name passes axe: nothing serious or critical, an h1, headings in order",
      async (screen) => {
        await tab.page.setViewportSize(viewport);
        await screen.open(tab.page);
        expect(await blockingViolations(tab.page)).toBe('');
      },
      BROWSER_TIMEOUT_MS,
    );

    it.each(shopperScreens)(
      "a shopper's $name passes axe: nothing serious or critical, an h1, headings in order",
      async (screen) => {
        await tab.page.setViewportSize(viewport);
        await screen.open(tab.page, await signInAsShopper(tab.page));
        expect(await blockingViolations(tab.page)).toBe('');
      },
      BROWSER_TIMEOUT_MS,
    );

    it.each(adminScreens)(
      "the admin's $name passes axe: nothing serious or critical, an h1, headings in order",
      async (screen) => {
        await tab.page.setViewportSize(viewport);
        await signInAsAdminInBrowser(tab.page, admin);
        await screen.open(tab.page);
        expect(await blockingViolations(tab.page)).toBe('');
      },
      BROWSER_TIMEOUT_MS,
    );
  });
});
