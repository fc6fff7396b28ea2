import { CATALOGUE_API, CRAWLER_PATHS, formatKes, ROUTES, SHOPPER_API } from '@shop/contracts';
import { createAccounts } from './support/accounts.js';
import { pageIsLive, PHONE, SHOP_URL, usePageForEachTest } from './support/browser.js';
import { signInThroughApi, useToyWithPicture } from './support/catalogue.js';

/** Every `<script>` of a page with what it is: a file, data, or code written into the page. */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => {
    if (/\bsrc=/.test(attributes)) return 'file';
    const type = /\btype="([^"]+)"/.exec(attributes)?.[1];
    return type === 'application/json' || type === 'application/ld+json' ? 'data' : `inline code (${attributes.trim()})`;
  });
}

/** The page's JSON-LD blocks, as a search engine parses them without running the page. */
function structuredDataOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as Record<string, unknown>,
  );
}

/** What is inside the app's root as the server sent it. */
function rootOf(html: string): string {
  const start = html.search(/<div id="root"/);
  return html.slice(start, html.indexOf('</body>', start));
}

describe('shopper pages drawn by the server', () => {
  const tab = usePageForEachTest();
  const added = useToyWithPicture({
    title: 'Server-drawn Kigogo Board',
    description: 'A carved mancala board of mahogany with sixty-four seeds, as played under the trees of Kilifi.',
    category: 'card-board-games',
    price: 2_400,
    salePrice: 1_950,
    totalStock: 6,
  });

  it("sends a product page with the toy's title, KES price, first photo and description, and no code written into it", async () => {
    const toy = added.toy();
    const response = await fetch(new URL(ROUTES.shopProduct(toy.id), SHOP_URL), { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const root = rootOf(html);
    // Inert until the browser has taken it over: a tap cannot be lost on a button whose code has not run.
    expect(root.startsWith('<div id="root" inert>')).toBe(true);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${toy.title}`));
    expect(root).toContain(formatKes(1_950));
    expect(root).toContain('A carved mancala board of mahogany');
    // The largest picture first: in the markup, fetched early, never lazily.
    const photo = /<img [^>]*alt="Server-drawn Kigogo Board"[^>]*>/.exec(root)?.[0];
    expect(photo).toBeDefined();
    // React writes the attributes in its own case (srcSet, fetchPriority): HTML reads them in any.
    expect(photo).toMatch(/fetchpriority="high"/i);
    expect(photo).toMatch(/srcset="[^"]+ \d+w/i);
    expect(photo).not.toContain('loading="lazy"');
    // The api's Content-Security-Policy allows scripts from the shop's files only: a drawn page carries data, never inline code.
    expect(scriptsOf(html).filter((script) => script !== 'file' && script !== 'data')).toEqual([]);
    expect(scriptsOf(html)).toContain('data');
    // antd's styles are the shop's stylesheet, linked in the head and kept by the browser from page to
    // page; the page itself carries only the shell's first-paint style.
    expect(html.match(/<link rel="stylesheet"[^>]* href="\/assets\/[^"]+\.css"/g)).toHaveLength(1);
    expect(html.match(/<style\b/g)).toHaveLength(1);
    // What a search engine or a chat assistant reads of the toy: its name, the KES price a shopper pays, in stock, its photo.
    const product = structuredDataOf(html).find((data) => data['@type'] === 'Product');
    expect(product).toMatchObject({
      name: toy.title,
      image: [expect.stringMatching(/^http:\/\/.+\.jpg$/)],
      offers: { price: 1_950, priceCurrency: 'KES', availability: 'https://schema.org/InStock' },
    });
    expect((await fetch((product!.image as string[])[0]!)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('names the toy in the sitemap, a document the browser reads as XML', async () => {
    const toy = added.toy();
    const sitemap = await (await fetch(new URL(CRAWLER_PATHS.sitemap, SHOP_URL))).text();
    // Page code goes as text: the test project has no DOM types.
    const addresses = await tab.page.evaluate(`(() => {
      const document = new DOMParser().parseFromString(${JSON.stringify(sitemap)}, 'application/xml');
      if (document.getElementsByTagName('parsererror').length > 0) return null;
      return [...document.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((loc) => loc.textContent);
    })()`);
    expect(addresses).toContain(new URL(ROUTES.shopProduct(toy.id), SHOP_URL).href);
  });

  it("sends the listing's cards in its HTML", async () => {
    const toy = added.toy();
    const html = await (await fetch(new URL(`${ROUTES.shopListing}?category=card-board-games`, SHOP_URL))).text();
    expect(rootOf(html)).toContain(toy.title);
    expect(rootOf(html)).toContain('Card &amp; Board Games');
  });

  it("sends two signed-in shoppers pages with nothing of either, kept for neither, and the guests' kept page with nothing of them", async () => {
    const toy = added.toy();
    const shoppers = await createAccounts('user', 'user');
    const sessions = await Promise.all(shoppers.map(signInThroughApi));
    // The first shopper's cart holds the toy: nothing of it may reach the second, or a guest.
    const addToCart = await fetch(new URL(SHOPPER_API.addToCart, SHOP_URL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessions[0]!.cookie },
      body: JSON.stringify({ productId: toy.id, quantity: 1 }),
    });
    expect(addToCart.status).toBe(200);
    const pageFor = async (cookie?: string) => {
      const response = await fetch(new URL(ROUTES.shopProduct(toy.id), SHOP_URL), { headers: cookie ? { Cookie: cookie } : {} });
      expect(response.status).toBe(200);
      return { html: await response.text(), caching: response.headers.get('cache-control') };
    };
    const nothingOfTheShoppers = (html: string) => {
      for (const { email, user } of shoppers) {
        expect(html).not.toContain(email);
        expect(html).not.toContain(`"id":${user.id},`);
      }
      for (const { cookie } of sessions) expect(html).not.toContain(cookie.split('=')[1]);
    };

    const guestBefore = await pageFor();
    for (const session of sessions) {
      const page = await pageFor(session.cookie);
      expect(rootOf(page.html)).toContain(toy.title);
      expect(page.caching).toBe('private, no-cache');
      nothingOfTheShoppers(page.html);
    }
    const guestAfter = await pageFor();
    expect(guestAfter.caching).toBe('no-cache');
    nothingOfTheShoppers(guestAfter.html);
    // The shoppers' visits left the guests' page as it was: kept, not replaced by one drawn for a shopper.
    expect(guestAfter.html).toBe(guestBefore.html);
  });

  it.each([
    ['the home', ROUTES.shopHome],
    ['the listing', ROUTES.shopListing],
    ['a product', 'product'],
    ['a search', `${ROUTES.shopSearch}?keyword=kigogo`],
  ])('hydrates %s as the server drew it, asking the api for nothing it drew', async (_name, path) => {
    const page = tab.page;
    await page.setViewportSize(PHONE);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    await page.goto(path === 'product' ? ROUTES.shopProduct(added.toy().id) : path);
    await pageIsLive(page);
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
    // One frame: the server's markup was taken over, not drawn again beside it.
    expect(await page.locator('#root header').count()).toBe(1);
    // The session check, and the reviews under a product, which the server leaves to the browser.
    expect(asked.filter((pathname) => pathname !== '/api/auth/check-auth' && !pathname.startsWith(CATALOGUE_API.reviews('')))).toEqual([]);
  });
});
