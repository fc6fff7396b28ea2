import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { MESSAGES } from '@shop/contracts';
import { configuredImageStorage, type S3ImageStorage } from '@shop/db';
import { LocalS3Server, refusalAnswer, testConfig } from '@shop/testing';
import { startTestApi, testJpeg, type TestApi } from '../testing/test-api.js';

/** Addresses under /uploads that are no key of the shop's, as a browser or an attacker sends them. */
const NOT_KEYS = [
  ['a climb out of the bucket', '/uploads/originals/../../other-bucket/secret.jpg'],
  ['a percent-encoded climb', '/uploads/originals/%2e%2e/%2e%2e/other-bucket/secret.jpg'],
  ['an empty segment', '/uploads/originals//x.jpg'],
  ['a dotfile', '/uploads/.env'],
  ['nothing at all', '/uploads/'],
] as const;
const BROKEN_ENCODING = '/uploads/originals/%E0%A4%A.jpg';

describe('/uploads with IMAGE_STORAGE=s3', () => {
  let s3: LocalS3Server;
  let bucket: S3ImageStorage;
  let photo: Buffer;
  const photoKey = `originals/${randomBytes(32).toString('hex')}.jpg`;

  beforeAll(async () => {
    s3 = await LocalS3Server.start();
    bucket = configuredImageStorage(testConfig(s3.settings)) as S3ImageStorage;
    photo = await testJpeg('served from the bucket');
    await bucket.put(photoKey, photo);
  });
  afterAll(() => s3?.stop());

  describe('without a public address: streamed by the api', () => {
    let shop: TestApi;
    beforeAll(async () => {
      shop = await startTestApi(testConfig(s3.settings));
    });
    afterAll(() => shop?.app.close());

    it('answers an upload with its bytes, type, length, ETag, Last-Modified and immutable caching', async () => {
      const served = await request(shop.server).get(bucket.urlOf(photoKey)).expect(200);
      expect((served.body as Buffer).equals(photo)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-length': String(photo.length),
        'cache-control': 'public, max-age=31536000, immutable',
        etag: expect.stringMatching(/^".+"$/),
        'last-modified': expect.stringMatching(/ GMT$/),
      });
    });

    it('answers a key the bucket does not have with a 404 nobody caches for long', async () => {
      const missing = await request(shop.server)
        .get(bucket.urlOf(`originals/${randomBytes(32).toString('hex')}.jpg`))
        .expect(404);
      expect(missing.body).toEqual(refusalAnswer('NOT_FOUND', MESSAGES.server.notFound));
      expect(missing.headers).not.toHaveProperty('cache-control');
    });

    it.each([...NOT_KEYS, ['a key longer than S3 allows', `/uploads/originals/${'a'.repeat(1100)}.jpg`] as const])(
      'answers %s with a 404',
      async (_case, path) => {
        expect((await request(shop.server).get(path)).status).toBe(404);
      },
    );

    it('refuses every write to /uploads with a coded 405, before any storage sees it', async () => {
      for (const method of ['post', 'put', 'delete'] as const) {
        const refused = await request(shop.server)[method](`/uploads/${photoKey}`).expect(405);
        expect(refused.headers.allow).toBe('GET, HEAD');
        expect(refused.body).toEqual(refusalAnswer('METHOD_NOT_ALLOWED', MESSAGES.server.readOnly));
      }
      expect((await bucket.get(photoKey)).equals(photo)).toBe(true);
    });

    it('answers a broken percent-encoding with a 400 that says so, as for files on disk', async () => {
      const refused = await request(shop.server).get(BROKEN_ENCODING).expect(400);
      expect(refused.body).toEqual(
        refusalAnswer('VALIDATION_FAILED', MESSAGES.server.validationFailed, {
          fields: [{ field: 'request', message: MESSAGES.server.validationFailed }],
        }),
      );
    });
  });

  describe('with a public address (S3_PUBLIC_URL): redirected there', () => {
    let shop: TestApi;
    let publicUrl: string;
    beforeAll(async () => {
      // The bucket's own path-style address stands in for a CDN; the trailing slash is a likely way to write it.
      publicUrl = `${s3.settings.S3_ENDPOINT}/${s3.settings.S3_BUCKET}`;
      shop = await startTestApi(testConfig({ ...s3.settings, S3_PUBLIC_URL: `${publicUrl}/` }));
    });
    afterAll(() => shop?.app.close());

    it('sends browsers to the object at the public address, cached for a day, where its bytes are', async () => {
      const redirect = await request(shop.server).get(bucket.urlOf(photoKey)).expect(302);
      expect(redirect.headers.location).toBe(`${publicUrl}/${photoKey}`);
      expect(redirect.headers['cache-control']).toBe('public, max-age=86400');
      const object = await fetch(redirect.headers.location!);
      expect(Buffer.from(await object.arrayBuffer()).equals(photo)).toBe(true);
    });

    it.each([...NOT_KEYS.map(([what, path]) => [what, 404, path] as const), ['a broken percent-encoding', 400, BROKEN_ENCODING] as const])(
      'answers %s with a %i, not a redirect, cached nowhere',
      async (_case, status, path) => {
        const refused = await request(shop.server).get(path).expect(status);
        expect(refused.headers).not.toHaveProperty('location');
        expect(refused.headers).not.toHaveProperty('cache-control');
      },
    );

    it("lets the shop's pages load images from the public address", async () => {
      const page = await request(shop.server).get('/api/health');
      expect(page.headers['content-security-policy']).toMatch(
        new RegExp(`img-src [^;]*${new URL(publicUrl).origin.replaceAll('.', '\\.')}`),
      );
    });
  });
});
