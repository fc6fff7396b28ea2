import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const SHOP_URL = process.env.SHOP_URL ?? 'http://localhost:3000';
/** The stack's sandbox listens two ports above the api (README, Ports): its Daraja controls shape a payment's outcome. */
export const SANDBOX_URL = (() => {
  const url = new URL(SHOP_URL);
  url.port = String(Number(url.port || 80) + 2);
  return url.origin;
})();
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const BROWSER_TIMEOUT_MS = 30_000;

/** Debian's Chromium, headless, with nothing that reaches outside the machine. */
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

function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Waits until the page is the app's: a page the server drew is inert until the browser has taken it
 * over (hydrated), and what reads it as a person would (a screen reader, axe) finds nothing in it before.
 */
export async function pageIsLive(page: Page): Promise<void> {
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
}

export async function shopContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: SHOP_URL });
  context.setDefaultTimeout(15_000);
  return context;
}

/** The browser of a test file and the page of the test running now. */
export interface ShopTab {
  readonly browser: Browser;
  /** This test's own context: no cookies, so nobody is signed in when the test starts. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** A page in another fresh context (a second person at another computer), closed with the test. */
  newPage(): Promise<Page>;
}

/**
 * Launches Chromium before the file's tests and closes it after them, and gives each test a fresh
 * context and page, closed after the test. The page and context change from test to test: read them
 * inside tests and hooks, never once at the top of the file.
 */
export function usePageForEachTest(): ShopTab {
  let browser: Browser | undefined;
  let current: { context: BrowserContext; page: Page } | undefined;
  const others: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const context = await shopContext(running());
    current = { context, page: await context.newPage() };
  });
  afterEach(async () => {
    await Promise.all([current?.context, ...others.splice(0)].map((context) => context?.close()));
    current = undefined;
  });

  function running(): Browser {
    if (!browser) throw new Error('the browser runs only while the tests of its file do');
    return browser;
  }
  function thisTest(): { context: BrowserContext; page: Page } {
    if (!current) throw new Error('a page exists only while a test runs');
    return current;
  }

  return {
    get browser() {
      return running();
    },
    get context() {
      return thisTest().context;
    },
    get page() {
      return thisTest().page;
    },
    async newPage() {
      const context = await shopContext(running());
      others.push(context);
      return context.newPage();
    },
  };
}

/**
 * Resolves once no finite CSS animation or transition runs on the page. antd's menus, selects and
 * dialogs slide and zoom in, and a popup opened again while it was still sliding out is moved into
 * place after its motion: a click then may press on a menu item and release on whatever took its
 * place, and the item never hears it. People click slower than that; tests wait. Endless ones
 * (spinners, skeletons) are not waited for.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // The page's document, typed here by hand: the e2e code is compiled without the DOM's types.
    const { document } = globalThis as unknown as { document: { getAnimations(): PageAnimation[] } };
    return document
      .getAnimations()
      .every((motion) => motion.playState !== 'running' || motion.effect?.getComputedTiming().endTime === Infinity);
  });
}

/** What untilStill reads of a Web Animation. */
interface PageAnimation {
  playState: string;
  effect: { getComputedTiming(): { endTime?: number | string } } | null;
}

/** Opens a dropdown menu or select by its trigger and picks an item once the popup has come to rest. */
export async function chooseFromPopup(page: Page, trigger: Locator, item: Locator): Promise<void> {
  await untilStill(page);
  await trigger.click();
  await item.waitFor();
  await untilStill(page);
  await item.click();
}
