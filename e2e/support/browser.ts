import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const SHOP_URL = process.env.SHOP_URL ?? 'http://localhost:3000';
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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function shopContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: SHOP_URL });
  context.setDefaultTimeout(15_000);
  return context;
}
