import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { MESSAGES, ROUTES } from '@shop/contracts';
import type { TestAccount } from '@shop/testing';
import { createAccounts, submitSignIn } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, chooseFromPopup, usePageForEachTest } from './support/browser.js';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('accounts in the browser', () => {
  const tab = usePageForEachTest();
  let admin: TestAccount;
  let shopper: TestAccount;

  beforeAll(async () => {
    [admin, shopper] = await createAccounts('admin', 'user');
  }, BROWSER_TIMEOUT_MS);

  const signIn = (account: Pick<TestAccount, 'email' | 'password'>) => submitSignIn(tab.page, account);

  /** Guests may browse (docs/product.md, Roles and access): signing out leaves the shopper on the page, now as a guest. */
  async function signOutFromShop() {
    await chooseFromPopup(
      tab.page,
      tab.page.getByRole('button', { name: 'Account menu' }),
      tab.page.getByRole('menuitem', { name: 'Logout' }),
    );
    await tab.page.getByText(MESSAGES.login.loggedOut).waitFor();
    await tab.page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
  }

  it(
    'registers a shopper, who lands on /shop/home with the toast, and signs out',
    async () => {
      await tab.page.goto(ROUTES.register);
      await tab.page.getByLabel('User Name').fill('Akinyi');
      await tab.page.getByLabel('Email').fill(`akinyi-${randomBytes(4).toString('hex')}@example.test`);
      await tab.page.getByLabel('Password').fill('twiga-safari-1');
      await tab.page.getByRole('button', { name: 'Sign Up' }).click();

      await tab.page.getByText(MESSAGES.registration.succeeded).waitFor();
      await tab.page.waitForURL(`**${ROUTES.shopHome}`);
      await tab.page.getByRole('button', { name: 'Account menu' }).click();
      await tab.page.getByText('Logged in as Akinyi').waitFor();
      await tab.page.keyboard.press('Escape');

      await signOutFromShop();
      expect(pathOf(tab.page)).toBe(ROUTES.shopHome);
      await tab.page.goto(ROUTES.shopAccount);
      await tab.page.waitForURL(`**${ROUTES.login}`);
      await tab.page.getByText('Sign in to your account').waitFor();
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    'lets a guest browse /shop/listing, and brings them back there after signing in from the header',
    async () => {
      await tab.page.goto(`${ROUTES.shopListing}?category=pretend-play`);
      await tab.page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await tab.page.waitForURL(`**${ROUTES.login}`);
      await signIn(shopper);
      await tab.page.getByText(MESSAGES.login.succeeded).waitFor();
      // The listing adds its sort to the address once it shows, so only the page and the category are compared.
      await tab.page.waitForURL((url) => url.pathname === ROUTES.shopListing && url.searchParams.get('category') === 'pretend-play');
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    'shows the reason for a refused sign-in and stays on the form',
    async () => {
      await tab.page.goto(ROUTES.login);
      await signIn({ email: shopper.email, password: 'not-the-password' });
      await tab.page.getByText(MESSAGES.login.invalidCredentials).waitFor();
      expect(pathOf(tab.page)).toBe(ROUTES.login);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    'lands the admin on /admin/dashboard with the shop figures',
    async () => {
      await tab.page.goto(ROUTES.login);
      await signIn(admin);
      await tab.page.waitForURL(`**${ROUTES.adminDashboard}`);
      await tab.page.getByText('Low stock (under 10)').waitFor();
      await tab.page.goto(ROUTES.shopHome);
      await tab.page.waitForURL(`**${ROUTES.adminDashboard}`);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    'sends a shopper who types /admin/products to /unauth-page',
    async () => {
      await tab.page.goto(ROUTES.login);
      await signIn(shopper);
      await tab.page.waitForURL(`**${ROUTES.shopHome}`);
      await tab.page.goto(ROUTES.adminProducts);
      await tab.page.waitForURL(`**${ROUTES.unauthorized}`);
      await tab.page.getByText(MESSAGES.screens.unauthorized).waitFor();
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "signs a new shopper in with 'Continue with Google' through the local provider",
    async () => {
      const email = `google-${randomBytes(4).toString('hex')}@gmail.test`;
      await tab.page.goto(ROUTES.shopAccount);
      await tab.page.waitForURL(`**${ROUTES.login}`);
      await tab.page.getByRole('link', { name: 'Continue with Google' }).click();

      await tab.page.getByText('Choose an account').waitFor();
      await tab.page.getByLabel('Full name').fill('Nafula Google');
      await tab.page.getByLabel('E-mail').fill(email);
      await tab.page.getByRole('button', { name: 'Continue' }).click();

      await tab.page.getByText(MESSAGES.login.succeeded).waitFor();
      await tab.page.waitForURL(`**${ROUTES.shopAccount}`);
      await tab.page.getByRole('button', { name: 'Account menu' }).click();
      await tab.page.getByText('Logged in as Nafula Google').waitFor();
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    'tells the shopper when they cancel at the Google account chooser',
    async () => {
      await tab.page.goto(ROUTES.login);
      await tab.page.getByRole('link', { name: 'Continue with Google' }).click();
      await tab.page.getByRole('button', { name: 'Cancel' }).click();
      await tab.page.getByText(MESSAGES.googleSignIn.cancelled).waitFor();
      await tab.page.waitForURL((url) => url.pathname === ROUTES.login && !url.search.includes('googleError'));
    },
    BROWSER_TIMEOUT_MS,
  );
});
