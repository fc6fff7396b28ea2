import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { CATALOGUE_API, LIMITS, MESSAGES, ROUTES, type Product, type ProductPage } from '@shop/contracts';
import type { TestAccount } from '@shop/testing';
import { createAccounts, signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, chooseFromPopup, SHOP_URL, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin } from './support/catalogue.js';

/** A word no other product has, so that search and the first cards of a sort are ours alone. */
const word = `kifaru${randomBytes(3).toString('hex')}`;

/**
 * Prices far above any real toy put these first when sorting the category from high to low,
 * whatever else the database holds.
 */
const EDUCATIONAL = [
  { title: `${word} Abacus`, price: 9_300_000 },
  { title: `${word} Microscope`, price: 9_500_000 },
  { title: `${word} Globe`, price: 9_400_000 },
];
const PRETEND_PLAY = [
  { title: `${word} Doctor Kit`, price: 1_200 },
  { title: `${word} Market Stall`, price: 2_600 },
];

const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 3;

describe('the shop catalogue in the browser', () => {
  const tab = usePageForEachTest();
  let firstShopper: TestAccount;
  let secondShopper: TestAccount;
  let reviewed: Product;

  beforeAll(async () => {
    [firstShopper, secondShopper] = await createAccounts('user', 'user');
    const session = await signInAsAdmin();
    const description =
      'A sturdy toy for curious children, made to last through years of play, sharing and learning together at home or at school with friends.';
    const educational = [];
    for (const toy of EDUCATIONAL) {
      educational.push(await addProduct(session, { ...toy, description, category: 'educational-toys', totalStock: 25 }));
    }
    for (const toy of PRETEND_PLAY) {
      await addProduct(session, { ...toy, description, category: 'pretend-play', totalStock: 4, salePrice: toy.price - 200 });
    }
    reviewed = educational[0]!;
  }, JOURNEY_TIMEOUT_MS);

  const productCards = () => tab.page.getByRole('button', { name: new RegExp(word) });

  it(
    'filters the listing by category, sorts it from high to low, and searches after typing rests',
    async () => {
      await signInAsShopper(tab.page, firstShopper);
      await tab.page.goto(ROUTES.shopListing);

      await tab.page.getByRole('checkbox', { name: 'Educational Toys' }).check();
      await tab.page.waitForURL((url) => url.searchParams.get('category') === 'educational-toys');
      const expected = (await (
        await fetch(new URL(`${CATALOGUE_API.shopProducts}?category=educational-toys&sortBy=price-lowtohigh`, SHOP_URL))
      ).json()) as ProductPage;
      await tab.page.getByText(MESSAGES.catalogue.productCount(expected.pagination.total), { exact: true }).waitFor();

      await chooseFromPopup(
        tab.page,
        tab.page.getByRole('button', { name: /Sort by/ }),
        tab.page.getByRole('menuitem', { name: 'Price: High to Low' }),
      );
      await tab.page.waitForURL(
        (url) => url.searchParams.get('sortBy') === 'price-hightolow' && url.searchParams.get('category') === 'educational-toys',
      );
      await productCards().first().waitFor();
      const highToLow = [...EDUCATIONAL].sort((left, right) => right.price - left.price).map((toy) => toy.title);
      expect(await productCards().evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))).toEqual(highToLow);

      const searchRequests: string[] = [];
      tab.page.on('request', (request) => {
        if (request.url().includes('/api/shop/search/')) searchRequests.push(request.url());
      });
      await tab.page.goto(ROUTES.shopSearch);
      const keywordBox = tab.page.getByRole('searchbox', { name: 'Search keyword' });
      expect(await keywordBox.evaluate((box) => box.matches(':focus'))).toBe(true);
      const typedAt = Date.now();
      await keywordBox.pressSequentially(word);
      await productCards().first().waitFor();
      expect(Date.now() - typedAt).toBeGreaterThanOrEqual(LIMITS.searchDebounceMs);
      expect(searchRequests).toHaveLength(1);
      await productCards()
        .nth(EDUCATIONAL.length + PRETEND_PLAY.length - 1)
        .waitFor();
      expect(await productCards().count()).toBe(EDUCATIONAL.length + PRETEND_PLAY.length);
      expect(new URL(tab.page.url()).searchParams.get('keyword')).toBe(word);

      await keywordBox.fill(word.slice(0, LIMITS.searchKeywordMinExclusiveLength));
      await tab.page.getByText(MESSAGES.search.keywordTooShort).waitFor();
      await productCards().first().waitFor({ state: 'detached' });
      await tab.page.waitForTimeout(LIMITS.searchDebounceMs * 1.5);
      expect(searchRequests).toHaveLength(1);

      await keywordBox.fill(`zz${word}zz`);
      await tab.page.getByText(MESSAGES.search.noResults).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows a review as text, and the average of two shoppers',
    async () => {
      const unsafeMessage = `<b>bold</b> claims from ${word}`;

      await signInAsShopper(tab.page, firstShopper);
      await tab.page.goto(`${ROUTES.shopSearch}?keyword=${word}`);
      await tab.page.getByRole('button', { name: reviewed.title }).click();
      const dialog = tab.page.getByRole('dialog');
      await dialog.getByRole('heading', { name: reviewed.title }).waitFor();
      await dialog.getByText(MESSAGES.review.none).waitFor();
      await writeReview(dialog, 4, unsafeMessage);
      await tab.page.getByText(MESSAGES.review.added).waitFor();
      await dialog.getByText(unsafeMessage, { exact: true }).waitFor();
      expect(await dialog.locator('b', { hasText: 'bold' }).count()).toBe(0);
      await dialog.getByText('4.0', { exact: true }).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Review message' }).inputValue()).toBe('');
      await tab.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await tab.context.close();
      const secondPage = await tab.newPage();
      await signInAsShopper(secondPage, secondShopper);
      await secondPage.goto(ROUTES.shopProduct(reviewed.id));
      await secondPage.getByRole('heading', { name: reviewed.title }).waitFor();
      await secondPage.getByText(unsafeMessage, { exact: true }).waitFor();
      await writeReview(secondPage.getByRole('main'), 2, 'Too small for my six-year-old.');
      await secondPage.getByText(MESSAGES.review.added).waitFor();
      await secondPage.getByText('3.0', { exact: true }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  async function writeReview(scope: ReturnType<Page['getByRole']>, stars: number, message: string) {
    const form = scope.getByRole('form', { name: 'Write a review' });
    const submit = form.getByRole('button', { name: 'Submit' });
    await form.getByRole('textbox', { name: 'Review message' }).fill(message);
    expect(await submit.isDisabled()).toBe(true);
    await form
      .getByRole('radio')
      .nth(stars - 1)
      .click();
    await submit.click();
  }
});
