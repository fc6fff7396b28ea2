import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { CATALOGUE_API, LIMITS, ROUTES, SHOP_INFO_API } from '@shop/contracts';
import { Product } from '@shop/db';
import { ShopWindowVersion } from '@shop/infrastructure';
import { createTestProduct, openTestOrder, signedInAccount, testConfig } from '@shop/testing';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { useTestApi } from '../testing/test-api.js';
import { ServerReads } from './server-reads.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Toy Duka</title>
    <script type="module" crossorigin src="/assets/index-4f2a9c.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-7d1e3b.css">
  </head>
  <body>
    <div id="root"><!--app-html--><div class="boot-header">Toy Duka</div><!--page-picture--><!--/app-html--></div>
  </body>
</html>
`;

/**
 * A render bundle that behaves as the spec asks through the address: it draws a product from the api's
 * own read, sends a redirect, fails, or never answers. The real bundle is the browser tests' to drive
 * (e2e/server-render.e2e.ts); here the api's side of the contract is on trial.
 */
const FAKE_RENDER = `
export const serverRenderEntry = {
  async renderPage({ url, read }) {
    const address = new URL(url, 'http://shop.invalid');
    const mode = address.searchParams.get('render');
    if (mode === 'fault') throw new Error('a component threw');
    if (mode === 'stall') return new Promise(() => {});
    if (mode === 'redirect') return { kind: 'redirect', status: 302, location: '/shop/home' };
    const id = address.pathname.split('/').pop();
    const answer = await read('/api/shop/products/get/' + id);
    const title = 'body' in answer ? answer.body.data.title : answer.failure.code;
    return {
      kind: 'page',
      status: 200,
      appHtml: '<main><h1>' + title + '</h1></main>',
      state: '<script type="application/json" id="server-state">{}</script>',
    };
  },
};
`;

function writeBuild(): { dist: string; ssr: string } {
  const root = mkdtempSync(join(tmpdir(), 'toyduka-server-render-'));
  const dist = join(root, 'dist');
  const ssr = join(root, 'dist-ssr');
  mkdirSync(dist);
  mkdirSync(ssr);
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(ssr, 'entry-server.js'), FAKE_RENDER);
  return { dist, ssr };
}

describe('shopper pages drawn by the server', () => {
  const build = writeBuild();
  const shop = useTestApi(testConfig({ WEB_DIST_DIR: build.dist, WEB_SSR_DIR: build.ssr, WEB_SSR_BUDGET_MS: '300' }));
  afterAll(() => rmSync(join(build.dist, '..'), { recursive: true, force: true }));

  const renders = async (outcome: string) =>
    (await shop.app.get(ApiMetrics).serverRenders.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;

  it("puts the drawn markup in the app's root alone, with its state in the head and the shell's stylesheet, read in the api's own process", async () => {
    const toy = await createTestProduct(shop.dataSource, { title: 'Drawn wooden train' });
    const answer = await request(shop.server).get(ROUTES.shopProduct(toy.id)).expect(200);
    expect(answer.text).toContain('<div id="root" inert><main><h1>Drawn wooden train</h1></main></div>');
    expect(answer.text).not.toContain('boot-header');
    const head = answer.text.slice(0, answer.text.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-7d1e3b.css">');
    expect(head).toContain('<script type="application/json" id="server-state">{}</script>');
    // The link preview's tags still come with it.
    expect(head).toContain('<title>Drawn wooden train – Toy Duka</title>');
    expect(head).toContain(
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Drawn wooden train"',
    );
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it("reads a toy once for its page's head and its render", async () => {
    const toy = await createTestProduct(shop.dataSource, { title: 'Once-read spinning top' });
    const reads = shop.app.get(ServerReads);
    const read = reads.read.bind(reads);
    const asked: string[] = [];
    reads.read = (path) => {
      asked.push(path);
      return read(path);
    };
    try {
      const answer = await request(shop.server).get(ROUTES.shopProduct(toy.id)).expect(200);
      expect(answer.text).toContain('<h1>Once-read spinning top</h1>');
      expect(answer.text).toContain('<title>Once-read spinning top – Toy Duka</title>');
    } finally {
      Reflect.deleteProperty(reads, 'read');
    }
    expect(asked).toEqual([CATALOGUE_API.shopProduct(toy.id)]);
  });

  it('draws the other shopper pages too, and leaves the admin and sign-in screens to the client shell', async () => {
    expect((await request(shop.server).get(`${ROUTES.shopSearch}?keyword=train`)).text).toContain('<main><h1>');
    expect((await request(shop.server).get(ROUTES.shopCheckout)).text).toContain('<main><h1>');
    for (const path of [ROUTES.adminOrders, ROUTES.login]) {
      const shell = (await request(shop.server).get(path).expect(200)).text;
      expect(shell).toContain('<div class="boot-header">');
      expect(shell).not.toContain('server-state');
    }
  });

  it("sends the browser where a route's loader redirects", async () => {
    await request(shop.server).get(`${ROUTES.shopListing}?render=redirect`).expect(302).expect('Location', ROUTES.shopHome);
  });

  it('sends the client shell, never an error page, when the render fails, and counts it', async () => {
    const before = await renders('fallback');
    const answer = await request(shop.server).get(`${ROUTES.shopListing}?render=fault`).expect(200);
    expect(answer.text).toContain('<div class="boot-header">');
    expect(answer.text).not.toContain('server-state');
    expect(await renders('fallback')).toBe(before + 1);
  });

  it('sends the client shell when the render outlasts its budget', async () => {
    const before = await renders('fallback');
    const startedAt = Date.now();
    const answer = await request(shop.server).get(`${ROUTES.shopHome}?render=stall`).expect(200);
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(answer.text).toContain('<div class="boot-header">');
    expect(await renders('fallback')).toBe(before + 1);
  });

  describe("a guest's page, kept for the next guests", () => {
    const answers = async (answer: string) =>
      (await shop.app.get(ApiMetrics).guestPages.get()).values.find((value) => value.labels.answer === answer)?.value ?? 0;
    /** A change that goes round the services: no page is told of it. */
    const renameQuietly = (id: number, title: string) => shop.dataSource.getRepository(Product).update(id, { title });
    const pageOf = async (id: number, cookie?: string) => {
      const page = request(shop.server).get(ROUTES.shopProduct(id));
      return (cookie ? page.set('Cookie', cookie) : page).expect(200);
    };

    it('is drawn once while the shop window is unchanged, and drawn again once the shop changes', async () => {
      const toy = await createTestProduct(shop.dataSource, { title: 'Kept kite' });
      const [drawnBefore, keptBefore] = [await answers('into-cache'), await answers('from-cache')];
      expect((await pageOf(toy.id)).text).toContain('<h1>Kept kite</h1>');
      expect(await answers('into-cache')).toBe(drawnBefore + 1);

      await renameQuietly(toy.id, 'Quietly renamed kite');
      expect((await pageOf(toy.id)).text).toContain('<h1>Kept kite</h1>');
      expect(await answers('from-cache')).toBe(keptBefore + 1);

      // Any change of the shop window, here another toy retired by the admin, and every page drawn before it is stale.
      const retired = await createTestProduct(shop.dataSource);
      const admin = await signedInAccount(shop.server, shop.dataSource, 'admin');
      await request(shop.server).delete(CATALOGUE_API.deleteProduct(retired.id)).set('Cookie', admin.cookie).expect(200);
      expect((await pageOf(toy.id)).text).toContain('<h1>Quietly renamed kite</h1>');
    });

    it('is drawn once for a crowd of guests arriving together', async () => {
      const toy = await createTestProduct(shop.dataSource, { title: 'Crowded kite' });
      const reads = shop.app.get(ServerReads);
      const read = reads.read.bind(reads);
      let toyReads = 0;
      reads.read = (path) => {
        if (path === CATALOGUE_API.shopProduct(toy.id)) toyReads += 1;
        return read(path);
      };
      const keptBefore = await answers('from-cache');
      try {
        const pages = await Promise.all(Array.from({ length: 5 }, () => pageOf(toy.id)));
        for (const page of pages) expect(page.text).toContain('<h1>Crowded kite</h1>');
      } finally {
        Reflect.deleteProperty(reads, 'read');
      }
      expect(toyReads).toBe(1);
      expect(await answers('from-cache')).toBe(keptBefore + 4);
    });

    it("never answers a signed-in shopper from the guests' pages, nor keeps theirs", async () => {
      const toy = await createTestProduct(shop.dataSource, { title: 'Shared spinning top' });
      const shopper = await signedInAccount(shop.server, shop.dataSource);
      await pageOf(toy.id);
      await renameQuietly(toy.id, 'Fresh spinning top');
      const uncachedBefore = await answers('uncached');

      const shoppersPage = await pageOf(toy.id, shopper.cookie);
      expect(shoppersPage.text).toContain('<h1>Fresh spinning top</h1>');
      expect(shoppersPage.headers['cache-control']).toBe('private, no-cache');
      expect(await answers('uncached')).toBe(uncachedBefore + 1);
      // The guests still get the page drawn for a guest, not the one drawn for the shopper.
      const guestsPage = await pageOf(toy.id);
      expect(guestsPage.text).toContain('<h1>Shared spinning top</h1>');
      expect(guestsPage.headers['cache-control']).toBe('no-cache');
    });

    it('counts a change of stock a shopper sees (few left, sold out, back), never a sale that leaves plenty', async () => {
      const shopWindow = shop.app.get(ShopWindowVersion);
      const toy = await createTestProduct(shop.dataSource, { totalStock: LIMITS.lowStockThreshold + 5 });
      const before = Number(await shopWindow.current());
      await openTestOrder(shop.dataSource, [toy], 5);
      expect(Number(await shopWindow.current())).toBe(before);
      await openTestOrder(shop.dataSource, [toy], 1);
      expect(Number(await shopWindow.current())).toBe(before + 1);
    });
  });

  describe("the render's reads", () => {
    /** What the route answers a guest over HTTP, as the render's read of the same path must. */
    async function overHttp(path: string): Promise<{ status: number; body: unknown }> {
      const answer = await request(shop.server).get(path);
      return { status: answer.status, body: answer.body };
    }

    it('answer what the routes answer a guest over HTTP', async () => {
      const toy = await createTestProduct(shop.dataSource, { title: 'Read-alike kite' });
      const reads = shop.app.get(ServerReads);
      for (const path of [
        `${CATALOGUE_API.shopProducts}?category=pretend-play&sortBy=price-hightolow&page=1&pageSize=24`,
        CATALOGUE_API.shopProduct(toy.id),
        `${CATALOGUE_API.search('Read-alike kite')}?page=1&pageSize=24`,
        CATALOGUE_API.featureImages,
        SHOP_INFO_API.get,
      ]) {
        const http = await overHttp(path);
        expect(http.status).toBe(200);
        expect({ path, body: await reads.read(path) }).toEqual({ path, body: { body: http.body } });
      }
    });

    it('refuse what the routes refuse, with the same code and words', async () => {
      const reads = shop.app.get(ServerReads);
      for (const path of [
        CATALOGUE_API.shopProduct(999_999_999),
        CATALOGUE_API.shopProduct('no-id'),
        `${CATALOGUE_API.shopProducts}?category=spaceships`,
        `${CATALOGUE_API.search('ab')}?page=1`,
      ]) {
        const http = await overHttp(path);
        expect(http.status).toBeGreaterThanOrEqual(400);
        const { code, message } = http.body as { code: string; message: string };
        expect({ path, answer: await reads.read(path) }).toEqual({ path, answer: { failure: { code, message } } });
      }
    });

    it('read nothing but the public reads of the shop window', async () => {
      const answer = await shop.app.get(ServerReads).read('/api/admin/orders/get');
      expect(answer).toEqual({ failure: { code: 'NOT_FOUND', message: expect.any(String) } });
    });
  });
});
