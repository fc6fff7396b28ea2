import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AREAS, CATALOGUE_API, CATEGORY_IDS, CRAWLER_PATHS, ROUTES, UPLOADS_PATH } from '@shop/contracts';
import { Product } from '@shop/db';
import { createTestProduct, signedInAccount, testConfig } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';
import { sitemapXml } from './sitemap.service.js';

/** The whole of a sitemap as the protocol has it: its declaration, its urlset, and nothing but url elements with escaped text. */
const SITEMAP_DOCUMENT =
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n((?:<url><loc>(?:[^<>&]|&(?:amp|lt|gt|quot|#39);)+<\/loc>(?:<lastmod>[^<>&]+<\/lastmod>)?<\/url>\n)*)<\/urlset>\n$/;
const SITEMAP_ENTRY = /<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g;

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

describe('what crawlers read at the site’s root', () => {
  const config = testConfig();
  const shop = useTestApi(config);
  const at = (path: string) => new URL(path, config.PUBLIC_URL).href;

  async function fetchRoot(path: string): Promise<Response> {
    const { port } = shop.server.address() as AddressInfo;
    return fetch(`http://127.0.0.1:${port}${path}`);
  }

  /** Each address the sitemap names, with its lastmod: read only when the whole answer is a sitemap document. */
  async function sitemapPages(): Promise<Map<string, string | undefined>> {
    const answer = await fetchRoot(CRAWLER_PATHS.sitemap);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const entries = SITEMAP_DOCUMENT.exec(await answer.text())?.[1];
    expect(entries).toBeDefined();
    return new Map(
      [...entries!.matchAll(SITEMAP_ENTRY)].map(([, loc, lastmod]) => [
        loc!.replace(/&[^;]+;/g, (entity) => XML_ENTITIES[entity]!),
        lastmod,
      ]),
    );
  }

  describe('the sitemap', () => {
    it('names the home, the listing of every toy and of each category, and each toy the shop shows with when it last changed, all at absolute addresses', async () => {
      const toy = await createTestProduct(shop.dataSource, { title: 'Sitemapped kite' });
      const pages = await sitemapPages();
      for (const path of [ROUTES.shopHome, ROUTES.shopListing, ...CATEGORY_IDS.map((category) => ROUTES.shopCategoryListing([category]))])
        expect({ path, listed: pages.has(at(path)) }).toEqual({ path, listed: true });
      const { updatedAt } = await shop.dataSource.getRepository(Product).findOneByOrFail({ id: toy.id });
      expect(pages.get(at(ROUTES.shopProduct(toy.id)))).toBe(updatedAt.toISOString());
      for (const url of pages.keys()) expect(new URL(url).origin).toBe(new URL(config.PUBLIC_URL).origin);
    });

    it('drops a retired toy, and names a new one, as soon as the catalogue changes', async () => {
      const retiring = await createTestProduct(shop.dataSource);
      expect((await sitemapPages()).has(at(ROUTES.shopProduct(retiring.id)))).toBe(true);
      const admin = await signedInAccount(shop.server, shop.dataSource, 'admin');
      await request(shop.server).delete(CATALOGUE_API.deleteProduct(retiring.id)).set('Cookie', admin.cookie).expect(200);
      expect((await sitemapPages()).has(at(ROUTES.shopProduct(retiring.id)))).toBe(false);
      const added = await createTestProduct(shop.dataSource);
      expect((await sitemapPages()).has(at(ROUTES.shopProduct(added.id)))).toBe(true);
    });

    it('writes an address’s & and < as XML’s entities', () => {
      const xml = sitemapXml([{ url: 'https://shop.example/shop/listing?category=home&sortBy=<title>' }]);
      expect(xml).toContain('<loc>https://shop.example/shop/listing?category=home&amp;sortBy=&lt;title&gt;</loc>');
      expect(SITEMAP_DOCUMENT.test(xml)).toBe(true);
    });
  });

  describe('robots.txt', () => {
    it('keeps crawlers out of the api, the admin, sign-in and the shopper’s own pages, not out of the shop window, and names the sitemap', async () => {
      const answer = await fetchRoot(CRAWLER_PATHS.robots);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      const lines = (await answer.text()).split('\n');
      expect(lines[0]).toBe('User-agent: *');
      const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
      // As crawlers match a rule: the path starts with it.
      const isClosed = (path: string) => disallowed.some((rule) => path.startsWith(rule));
      for (const path of [
        CATALOGUE_API.shopProducts,
        ROUTES.adminOrders,
        AREAS.admin,
        ROUTES.login,
        ROUTES.shopAccount,
        ROUTES.shopAccountOrder(12),
        ROUTES.shopCheckout,
        ROUTES.shopPaypalReturn,
        `${ROUTES.shopPaymentSuccess}?order=12`,
      ])
        expect({ path, closed: isClosed(path) }).toEqual({ path, closed: true });
      for (const path of [
        ROUTES.shopHome,
        ROUTES.shopListing,
        ROUTES.shopCategoryListing(['pretend-play']),
        ROUTES.shopProduct(12),
        ROUTES.shopSearch,
        `${UPLOADS_PATH}/derivatives/toy/detail.jpg`,
        '/assets/index-4f2a9c.js',
        CRAWLER_PATHS.sitemap,
      ])
        expect({ path, closed: isClosed(path) }).toEqual({ path, closed: false });
      expect(lines).toContain(`Sitemap: ${at(CRAWLER_PATHS.sitemap)}`);
    });
  });
});
