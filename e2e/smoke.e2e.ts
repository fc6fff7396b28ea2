import { MESSAGES, ROUTES } from '@shop/contracts';
import { chromium, type Browser, type Page } from 'playwright-core';

const SHOP_URL = process.env.SHOP_URL ?? 'http://localhost:3000';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TIMEOUT_MS = 30_000;

describe('shop smoke (a guest)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
  });

  async function visit(path: string, viewport: { width: number; height: number }, check: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.goto(new URL(path, SHOP_URL).href);
      await check(page);
    } finally {
      await context.close();
    }
  }

  it('sends a guest from / to the sign-in screen', async () => {
    await visit(ROUTES.root, DESKTOP, async (page) => {
      await page.getByText('Sign in to your account').waitFor();
      expect(new URL(page.url()).pathname).toBe(ROUTES.login);
    });
  }, TIMEOUT_MS);

  it('shows the not-found text on an unknown path', async () => {
    await visit('/some/unknown/path', DESKTOP, async (page) => {
      await page.getByText(MESSAGES.screens.notFound).waitFor();
    });
  }, TIMEOUT_MS);

  it('shows the no-access text on /unauth-page', async () => {
    await visit(ROUTES.unauthorized, DESKTOP, async (page) => {
      await page.getByText(MESSAGES.screens.unauthorized).waitFor();
    });
  }, TIMEOUT_MS);

  it('fits the sign-in screen on a 390px phone without horizontal scroll', async () => {
    await visit(ROUTES.login, PHONE, async (page) => {
      await page.getByText('Sign in to your account').waitFor();
      // A string, because this file is type-checked for Node, where `document` does not exist.
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow).toBe(0);
    });
  }, TIMEOUT_MS);
});
