import { randomBytes } from 'node:crypto';
import { MESSAGES, ROUTES } from '@shop/contracts';
import type { TestAccount } from '@shop/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BROWSER_TIMEOUT_MS, launchChromium, shopContext } from './support/browser.js';
import { createAccounts, submitSignIn } from './support/accounts.js';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('accounts in the browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: TestAccount;
  let shopper: TestAccount;

  beforeAll(async () => {
    [admin, shopper] = await createAccounts('admin', 'user');
    browser = await launchChromium();
  }, BROWSER_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    context = await shopContext(browser);
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  const signIn = (account: Pick<TestAccount, 'email' | 'password'>) => submitSignIn(page, account);

  async function signOutFromShop() {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`**${ROUTES.login}`);
  }

  it('registers a shopper, who lands on /shop/home with the toast, and signs out', async () => {
    await page.goto(ROUTES.register);
    await page.getByLabel('User Name').fill('Akinyi');
    await page.getByLabel('Email').fill(`akinyi-${randomBytes(4).toString('hex')}@example.test`);
    await page.getByLabel('Password').fill('twiga-safari-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByText(MESSAGES.registration.succeeded).waitFor();
    await page.waitForURL(`**${ROUTES.shopHome}`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Logged in as Akinyi').waitFor();
    await page.keyboard.press('Escape');

    await signOutFromShop();
    await page.getByText('Sign in to your account').waitFor();
    await page.goto(ROUTES.shopHome);
    await page.waitForURL(`**${ROUTES.login}`);
  }, BROWSER_TIMEOUT_MS);

  it('sends a guest at /shop/listing to sign in, and back to /shop/listing after', async () => {
    await page.goto(`${ROUTES.shopListing}?category=pretend-play`);
    await page.waitForURL(`**${ROUTES.login}`);
    await signIn(shopper);
    await page.getByText(MESSAGES.login.succeeded).waitFor();
    // The listing adds its sort to the address once it shows, so only the page and the category are compared.
    await page.waitForURL((url) => url.pathname === ROUTES.shopListing && url.searchParams.get('category') === 'pretend-play');
  }, BROWSER_TIMEOUT_MS);

  it('shows the reason for a refused sign-in and stays on the form', async () => {
    await page.goto(ROUTES.login);
    await signIn({ email: shopper.email, password: 'not-the-password' });
    await page.getByText(MESSAGES.login.invalidCredentials).waitFor();
    expect(pathOf(page)).toBe(ROUTES.login);
  }, BROWSER_TIMEOUT_MS);

  it('lands the admin on /admin/dashboard with the shop figures', async () => {
    await page.goto(ROUTES.login);
    await signIn(admin);
    await page.waitForURL(`**${ROUTES.adminDashboard}`);
    await page.getByText('Low stock (under 10)').waitFor();
    await page.goto(ROUTES.shopHome);
    await page.waitForURL(`**${ROUTES.adminDashboard}`);
  }, BROWSER_TIMEOUT_MS);

  it('sends a shopper who types /admin/products to /unauth-page', async () => {
    await page.goto(ROUTES.login);
    await signIn(shopper);
    await page.waitForURL(`**${ROUTES.shopHome}`);
    await page.goto(ROUTES.adminProducts);
    await page.waitForURL(`**${ROUTES.unauthorized}`);
    await page.getByText(MESSAGES.screens.unauthorized).waitFor();
  }, BROWSER_TIMEOUT_MS);

  it("signs a new shopper in with 'Continue with Google' through the local provider", async () => {
    const email = `google-${randomBytes(4).toString('hex')}@gmail.test`;
    await page.goto(ROUTES.shopAccount);
    await page.waitForURL(`**${ROUTES.login}`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    await page.getByText('Choose an account').waitFor();
    await page.getByLabel('Full name').fill('Nafula Google');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText(MESSAGES.login.succeeded).waitFor();
    await page.waitForURL(`**${ROUTES.shopAccount}`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Logged in as Nafula Google').waitFor();
  }, BROWSER_TIMEOUT_MS);

  it('tells the shopper when they cancel at the Google account chooser', async () => {
    await page.goto(ROUTES.login);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(MESSAGES.googleSignIn.cancelled).waitFor();
    await page.waitForURL((url) => url.pathname === ROUTES.login && !url.search.includes('googleError'));
  }, BROWSER_TIMEOUT_MS);
});
