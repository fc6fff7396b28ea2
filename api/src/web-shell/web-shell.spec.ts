import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import escapeHtml from 'escape-html';
import { CATALOGUE_API, formatKes, IMAGE_DERIVATIVE_SIZES, ROUTES, SHELL_DATA_ELEMENT_ID, type ShellData } from '@shop/contracts';
import { FeatureImage, ImageAsset, Product, type ImageDerivative } from '@shop/db';
import { createTestProduct, testConfig } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Toy Duka: toys, games and party supplies delivered across Kenya." />
    <title>Toy Duka</title>
    <script type="module" crossorigin src="/assets/index-4f2a9c.js"></script>
  </head>
  <body>
    <div id="root"><!--page-picture--></div>
  </body>
</html>
`;

/** A build as the web's writes it: every text file with its brotli and gzip siblings, each saying which it is. */
function writeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'toyduka-web-shell-'));
  const write = (path: string, bytes: string | Buffer) => {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), bytes);
  };
  const withSiblings = (path: string, text: (encoding: string) => string) => {
    write(path, text('identity'));
    write(`${path}.br`, brotliCompressSync(text('br')));
    write(`${path}.gz`, gzipSync(text('gzip')));
  };
  write('index.html', SHELL);
  withSiblings('assets/index-4f2a9c.js', (encoding) => `console.log(${JSON.stringify(encoding)});`);
  withSiblings('manifest.webmanifest', (encoding) => JSON.stringify({ name: 'Toy Duka', encoding }));
  withSiblings('sw.js', (encoding) => `self.encoding = ${JSON.stringify(encoding)};`);
  return dist;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, still compressed. */
  bytes: Buffer;
  /** The body once its Content-Encoding is undone. */
  text: string;
}

/** A plain HTTP GET, as a crawler or a browser sends it: nothing decoded behind the test's back. */
function get(server: Server, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes, text: decoded.toString('utf8') });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** The content of one meta tag, as written in the HTML (escaped). */
function metaOf(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

/** The page's JSON-LD block of this schema.org type, as a search engine parses it: the element's text up to its first `<`, which the api never leaves unescaped. */
function structuredDataOf(html: string, type: string): Record<string, unknown> | undefined {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
    .map(([, json]) => JSON.parse(json!) as Record<string, unknown>)
    .find((data) => data['@type'] === type);
}

const WHATSAPP = { 'User-Agent': 'WhatsApp/2.23.20.0 A' };

describe('the web app as the api delivers it', () => {
  const dist = writeDist();
  // The shell as it goes without a server render (server-render.spec.ts has the drawn pages).
  const config = testConfig({ WEB_DIST_DIR: dist, WEB_SSR_DIR: join(dist, 'no-server-render') });
  const shop = useTestApi(config);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  /** A processed upload with every derivative the image worker makes, as the worker records them. */
  async function readyImage(): Promise<ImageAsset> {
    const stem = randomBytes(8).toString('hex');
    const derivatives: ImageDerivative[] = Object.entries(IMAGE_DERIVATIVE_SIZES).flatMap(([size, width]) =>
      (['webp', 'jpeg'] as const).map((format) => ({
        size: size as ImageDerivative['size'],
        format,
        width,
        height: width,
        url: `/uploads/derivatives/${stem}/${size}.${format === 'jpeg' ? 'jpg' : 'webp'}`,
      })),
    );
    return shop.dataSource.getRepository(ImageAsset).save({
      storageKey: `originals/${stem}.jpg`,
      url: `/uploads/originals/${stem}.jpg`,
      contentType: 'image/jpeg',
      bytes: 1000,
      status: 'ready',
      derivatives,
      failureReason: null,
    });
  }

  const srcSetOf = (image: ImageAsset, format: 'webp' | 'jpeg') =>
    image.derivatives
      .filter((derivative) => derivative.format === format)
      .sort((a, b) => a.width - b.width)
      .map((derivative) => `${derivative.url} ${derivative.width}w`)
      .join(', ');

  describe('the build’s files', () => {
    it('sends brotli when the browser takes it, gzip when only that, the file itself otherwise, and says it varies', async () => {
      const path = '/assets/index-4f2a9c.js';
      const brotli = await get(shop.server, path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(brotli).toMatchObject({ status: 200, text: 'console.log("br");' });
      expect(brotli.headers).toMatchObject({
        'content-encoding': 'br',
        vary: 'Accept-Encoding',
        'content-type': expect.stringContaining('javascript'),
      });
      const gzip = await get(shop.server, path, { 'Accept-Encoding': 'gzip' });
      expect(gzip).toMatchObject({ status: 200, text: 'console.log("gzip");' });
      expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      const identity = await get(shop.server, path);
      expect(identity).toMatchObject({ status: 200, text: 'console.log("identity");' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toBe('Accept-Encoding');
    });

    it('lets hashed assets be kept for a year, and has the service worker and the manifest asked for again', async () => {
      expect((await get(shop.server, '/assets/index-4f2a9c.js', { 'Accept-Encoding': 'br' })).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      const serviceWorker = await get(shop.server, '/sw.js', { 'Accept-Encoding': 'br' });
      expect(serviceWorker.headers).toMatchObject({ 'cache-control': 'no-cache', 'content-encoding': 'br', etag: expect.any(String) });
      for (const encoding of ['br', '']) {
        const manifest = await get(shop.server, '/manifest.webmanifest', { 'Accept-Encoding': encoding });
        expect(manifest.headers).toMatchObject({
          'cache-control': 'no-cache',
          'content-type': expect.stringMatching(/^application\/manifest\+json/),
        });
        expect(JSON.parse(manifest.text)).toMatchObject({ name: 'Toy Duka' });
      }
    });

    it('answers a file the build does not have with a 404, never with the shell', async () => {
      for (const path of ['/assets/AdminPage-0ld5ha.js', '/icons/gone.png']) {
        const missing = await get(shop.server, path);
        expect(missing.status).toBe(404);
        expect(missing.text).not.toContain('<div id="root">');
      }
    });
  });

  describe('the shell', () => {
    it('answers every path of the app with index.html, asked for again each time', async () => {
      for (const path of ['/', ROUTES.login, ROUTES.shopCheckout, '/some/unknown/path', ROUTES.shopListing]) {
        const answer = await get(shop.server, path);
        expect(answer).toMatchObject({ status: 200, text: SHELL });
        expect(answer.headers).toMatchObject({
          'content-type': expect.stringContaining('text/html'),
          'cache-control': 'no-cache',
          etag: expect.any(String),
        });
      }
    });

    it('reads index.html again once a new build replaced it', async () => {
      const rebuilt = SHELL.replace('index-4f2a9c.js', 'index-9e8d7c01.js');
      writeFileSync(join(dist, 'index.html'), rebuilt);
      try {
        expect((await get(shop.server, ROUTES.login)).text).toBe(rebuilt);
      } finally {
        writeFileSync(join(dist, 'index.html'), SHELL);
      }
    });
  });

  describe('a toy’s link', () => {
    let product: Product;
    let image: ImageAsset;

    beforeAll(async () => {
      image = await readyImage();
      product = await createTestProduct(shop.dataSource, {
        title: 'Safari wooden train',
        description: `A pull-along train of four carriages,\n\n   each painted with an animal of the Maasai Mara. ${'Sanded smooth and finished with water-based paint, safe for small hands. '.repeat(4)}`,
        price: 1500,
        salePrice: 1250,
        category: 'pretend-play',
      });
      await shop.dataSource.getRepository(Product).update(product.id, { imageId: image.id });
    });

    it('previews the toy on WhatsApp: its title, its KES price and a JPEG at least 960 px wide, all with absolute addresses', async () => {
      const answer = await get(shop.server, ROUTES.shopProduct(product.id), WHATSAPP);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      const html = answer.text;
      expect(html).toContain('<title>Safari wooden train – Toy Duka</title>');
      expect(metaOf(html, 'og:title')).toBe('Safari wooden train');
      expect(metaOf(html, 'og:type')).toBe('product');
      expect(metaOf(html, 'og:url')).toBe(`${config.PUBLIC_URL}${ROUTES.shopProduct(product.id)}`);
      expect(metaOf(html, 'og:site_name')).toBe('Toy Duka');
      const detailJpeg = image.derivatives.find((derivative) => derivative.format === 'jpeg' && derivative.size === 'detail')!;
      expect(metaOf(html, 'og:image')).toBe(new URL(detailJpeg.url, config.PUBLIC_URL).href);
      expect(metaOf(html, 'product:price:amount')).toBe('1250');
      expect(metaOf(html, 'product:price:currency')).toBe('KES');
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');

      const description = metaOf(html, 'og:description')!;
      expect(
        description.startsWith(`${formatKes(1250)} (was ${formatKes(1500)}) · A pull-along train of four carriages, each painted`),
      ).toBe(true);
      expect(description.length).toBeLessThan(240);
      expect(description.endsWith('…')).toBe(true);
      // The shell's own description gives way: one description, the toy's.
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<meta name="description" content="${description}" />`);
    });

    it('preloads the picture the product page paints first, with the srcset and sizes of its <picture>', async () => {
      const html = (await get(shop.server, ROUTES.shopProduct(product.id))).text;
      expect(html).toContain(
        `<link rel="preload" as="image" imagesrcset="${srcSetOf(image, 'webp')}" imagesizes="(max-width: 768px) 100vw, 420px" type="image/webp" fetchpriority="high" />`,
      );
      // Before the app's code, so the picture is on its way while the code still loads.
      expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
    });

    it('tells search engines the toy in JSON-LD: its name, its KES sale price, in stock, and its pictures, all with absolute addresses', async () => {
      const html = (await get(shop.server, ROUTES.shopProduct(product.id))).text;
      const url = `${config.PUBLIC_URL}${ROUTES.shopProduct(product.id)}`;
      const detailJpeg = image.derivatives.find((derivative) => derivative.format === 'jpeg' && derivative.size === 'detail')!;
      expect(structuredDataOf(html, 'Product')).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Safari wooden train',
        description: product.description,
        image: [new URL(detailJpeg.url, config.PUBLIC_URL).href],
        sku: String(product.id),
        category: 'Pretend Play & Role Play',
        url,
        offers: {
          '@type': 'Offer',
          url,
          price: 1250,
          priceCurrency: 'KES',
          availability: 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
      });
    });

    it('says in JSON-LD that a sold-out toy is out of stock, at its full price when not on sale', async () => {
      const soldOut = await createTestProduct(shop.dataSource, { price: 800, totalStock: 0 });
      const html = (await get(shop.server, ROUTES.shopProduct(soldOut.id))).text;
      expect(structuredDataOf(html, 'Product')?.offers).toMatchObject({ price: 800, availability: 'https://schema.org/OutOfStock' });
    });

    it('gives the toy’s trail: the shop, its category’s listing, the toy', async () => {
      const html = (await get(shop.server, ROUTES.shopProduct(product.id))).text;
      expect(structuredDataOf(html, 'BreadcrumbList')?.itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Toy Duka', item: `${config.PUBLIC_URL}${ROUTES.shopHome}` },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Pretend Play & Role Play',
          item: `${config.PUBLIC_URL}${ROUTES.shopListing}?category=pretend-play`,
        },
        { '@type': 'ListItem', position: 3, name: 'Safari wooden train', item: `${config.PUBLIC_URL}${ROUTES.shopProduct(product.id)}` },
      ]);
    });

    it('comes compressed, as the api’s JSON does', async () => {
      const answer = await get(shop.server, ROUTES.shopProduct(product.id), { 'Accept-Encoding': 'gzip, br' });
      expect(answer.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': expect.stringContaining('text/html') });
      expect(answer.text).toContain('<title>Safari wooden train – Toy Duka</title>');
    });

    it('escapes whatever the admin typed', async () => {
      const hostile = await createTestProduct(shop.dataSource, {
        title: '<script>alert("toy")</script> <!-- & $& $1',
        description: '"><img src=x onerror=alert(1)>',
      });
      const html = (await get(shop.server, ROUTES.shopProduct(hostile.id))).text;
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(metaOf(html, 'og:title')).toBe(escapeHtml(hostile.title));
      expect(html).toContain(`<title>${escapeHtml(hostile.title)} – Toy Duka</title>`);
      expect(html.slice(0, html.indexOf('</head>'))).not.toContain('<!--');
      expect(structuredDataOf(html, 'Product')).toMatchObject({ name: hostile.title, description: hostile.description });
    });

    it('sends the plain shell for a retired toy, an id nobody has and something that is no id', async () => {
      const retired = await createTestProduct(shop.dataSource);
      await shop.dataSource.getRepository(Product).softDelete(retired.id);
      for (const id of [retired.id, 4_000_000_000, 'wooden-train', '0x10']) {
        const answer = await get(shop.server, ROUTES.shopProduct(id));
        expect(answer).toMatchObject({ status: 200, text: SHELL });
      }
    });
  });

  describe('a category’s link', () => {
    it('names the categories the listing link filters by', async () => {
      const html = (await get(shop.server, `${ROUTES.shopListing}?category=educational-toys,pretend-play&sortBy=title-atoz`, WHATSAPP))
        .text;
      const names = 'Educational Toys, Pretend Play & Role Play';
      expect(html).toContain(`<title>${escapeHtml(names)} – Toy Duka</title>`);
      expect(metaOf(html, 'og:title')).toBe(escapeHtml(names));
      expect(metaOf(html, 'og:description')).toBe(escapeHtml(`Shop ${names} at Toy Duka: prices in KES, delivered across Kenya.`));
      expect(metaOf(html, 'og:url')).toBe(`${config.PUBLIC_URL}${ROUTES.shopListing}?category=educational-toys%2Cpretend-play`);
    });

    it('gives the listing’s trail: the shop, then the categories it names', async () => {
      const html = (await get(shop.server, `${ROUTES.shopListing}?category=educational-toys,pretend-play&sortBy=title-atoz`)).text;
      expect(structuredDataOf(html, 'BreadcrumbList')).toEqual({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Toy Duka', item: `${config.PUBLIC_URL}${ROUTES.shopHome}` },
          {
            '@type': 'ListItem',
            position: 2,
            name: 'Educational Toys, Pretend Play & Role Play',
            item: `${config.PUBLIC_URL}${ROUTES.shopListing}?category=educational-toys%2Cpretend-play`,
          },
        ],
      });
    });

    it('sends the plain shell for a category nobody has', async () => {
      expect((await get(shop.server, `${ROUTES.shopListing}?category=%3Cscript%3E`)).text).toBe(SHELL);
    });
  });

  describe('the home page', () => {
    it('preloads the first picture of the carousel, as the carousel asks for it', async () => {
      const image = await readyImage();
      // Ahead of the pictures other test files left: the carousel orders by position.
      await shop.dataSource.query('UPDATE feature_images SET position = position + 1');
      await shop.dataSource.getRepository(FeatureImage).save({ imageId: image.id, position: 0 });
      const html = (await get(shop.server, ROUTES.shopHome)).text;
      expect(html).toContain(
        `<link rel="preload" as="image" imagesrcset="${srcSetOf(image, 'webp')}" imagesizes="100vw" type="image/webp" fetchpriority="high" />`,
      );
      expect(html).toContain('<title>Toy Duka</title>');
    });

    it('paints that picture in the shell, inside the root the app replaces, before any script has run', async () => {
      const image = await readyImage();
      await shop.dataSource.query('UPDATE feature_images SET position = position + 1');
      await shop.dataSource.getRepository(FeatureImage).save({ imageId: image.id, position: 0 });
      const html = (await get(shop.server, ROUTES.shopHome)).text;
      const smallestJpeg = image.derivatives.filter((derivative) => derivative.format === 'jpeg').sort((a, b) => a.width - b.width)[0].url;
      const picture =
        `<div class="boot-picture" aria-hidden="true"><picture><source type="image/webp" srcset="${srcSetOf(image, 'webp')}" sizes="100vw" />` +
        `<img src="${smallestJpeg}" srcset="${srcSetOf(image, 'jpeg')}" sizes="100vw" alt="" fetchpriority="high" /></picture></div>`;
      expect(html).toContain(`<div id="root">${picture}</div>`);
    });

    it('gives the app the carousel it painted from, as JSON no picture name can break out of', async () => {
      const image = await readyImage();
      await shop.dataSource.query('UPDATE feature_images SET position = position + 1');
      const saved = await shop.dataSource.getRepository(FeatureImage).save({ imageId: image.id, position: 0 });
      await shop.dataSource
        .getRepository(ImageAsset)
        .update(image.id, { url: `/uploads/originals/</script><script>alert(1)</script>.jpg` });
      const html = (await get(shop.server, ROUTES.shopHome)).text;
      const element = new RegExp(`<script type="application/json" id="${SHELL_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
      expect(element).not.toBeNull();
      const data = JSON.parse(element![1]) as ShellData;
      expect(data.featureImages?.[0]).toMatchObject({
        id: saved.id,
        image: { url: '/uploads/originals/</script><script>alert(1)</script>.jpg' },
      });
      expect(html).not.toContain('<script>alert(1)');
    });

    it('paints no picture and sends no data on other pages, where the carousel is not', async () => {
      const html = (await get(shop.server, ROUTES.shopListing)).text;
      expect(html).not.toContain('boot-picture');
      expect(html).not.toContain(SHELL_DATA_ELEMENT_ID);
    });

    it('has a place for the picture inside the root of the web’s own index.html', () => {
      const indexHtml = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
      expect(indexHtml).toMatch(/<div id="root">[^]*<!--page-picture-->[^]*<\/div>\s*<noscript>/);
    });
  });

  describe('the api’s JSON', () => {
    beforeAll(async () => {
      for (let count = 0; count < 6; count += 1) await createTestProduct(shop.dataSource);
    });

    it('comes compressed above a kilobyte', async () => {
      const answer = await get(shop.server, `${CATALOGUE_API.shopProducts}?pageSize=24`, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(Buffer.byteLength(answer.text)).toBeGreaterThan(1024);
      expect(answer.bytes.length).toBeLessThan(Buffer.byteLength(answer.text));
      expect(JSON.parse(answer.text)).toMatchObject({ success: true });
    });

    it('comes as it is when small', async () => {
      const answer = await get(shop.server, '/api/no-such-thing', { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.text)).toMatchObject({ success: false });
    });

    it('leaves /socket.io to Socket.IO: the shell fallback does not answer its handshake', async () => {
      const answer = await get(shop.server, '/socket.io/?EIO=4&transport=polling', { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/^0\{"sid":/);
    });
  });
});
