import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  CATALOGUE_API,
  ERROR_STATUS,
  IMAGE_DERIVATIVE_SIZES,
  LIMITS,
  MESSAGES,
  UPLOAD_FIELD,
  type ApiFailure,
  type Product,
} from '@shop/contracts';
import { ImageAsset, OutboxEvent } from '@shop/db';
import { createTestAccount, pngClaiming, refusalAnswer, sessionCookieOf, settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { startTestApi, testJpeg, uploadTestImage, type TestApi } from '../../../api/src/testing/test-api.js';
import { WorkersModule } from '../../../workers/src/workers.module.js';

describe('image uploads and the image pipeline', () => {
  const config = testConfig();
  let shop: TestApi;
  let workers: INestApplication;
  let server: Server;
  let dataSource: DataSource;
  let adminCookie: string;
  let shopperCookie: string;

  beforeAll(async () => {
    shop = await startTestApi(config);
    ({ server, dataSource } = shop);
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    const [admin, shopper] = await Promise.all([createTestAccount(dataSource, 'admin'), createTestAccount(dataSource)]);
    [adminCookie, shopperCookie] = await Promise.all([sessionCookieOf(server, admin), sessionCookieOf(server, shopper)]);
  });

  afterAll(async () => {
    await workers?.close();
    await shop?.app.close();
  });

  const upload = (bytes: Buffer, filename: string, field = UPLOAD_FIELD) =>
    request(server).post(CATALOGUE_API.uploadImage).set('Cookie', adminCookie).attach(field, bytes, filename);
  const assetCount = () => dataSource.getRepository(ImageAsset).count();
  const resizeEventsFor = (imageId: number) =>
    dataSource
      .getRepository(OutboxEvent)
      .createQueryBuilder('event')
      .where('event.jobName = :name', { name: 'image.resize' })
      .andWhere("JSON_EXTRACT(event.payload, '$.imageId') = :imageId", { imageId })
      .getCount();

  it('stores the original under its content hash, answers at once, and asks the worker through the outbox', async () => {
    const bytes = await testJpeg('upload-1');
    const response = await upload(bytes, 'kite.jpg').expect(200);
    expect(response.body).toEqual({
      success: true,
      result: { url: expect.stringMatching(/^\/uploads\/originals\/[0-9a-f]{64}\.jpg$/), status: 'pending' },
    });

    const asset = await dataSource.getRepository(ImageAsset).findOneByOrFail({ url: response.body.result.url });
    expect(await resizeEventsFor(asset.id)).toBe(1);
    const served = await request(server).get(asset.url).expect(200);
    expect(served.headers['cache-control']).toContain('immutable');
    // What is stored is the upload written again (below); its name is the hash of what is stored.
    const stored = served.body as Buffer;
    expect(asset).toMatchObject({ contentType: 'image/jpeg', bytes: stored.length });
    expect(asset.url).toBe(`/uploads/originals/${createHash('sha256').update(stored).digest('hex')}.jpg`);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  describe('serves the original without the metadata the upload carried, upright and in its own format', () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Wanjiru Kamau</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';
    /** A phone's photo: 64×32 stored, shown 32×64 (EXIF orientation 6), with where it was taken (GPS), the phone and its owner. */
    const phonePhoto = (format: 'jpeg' | 'png' | 'webp', seed: number) =>
      sharp({ create: { width: 64, height: 32, channels: 3, background: { r: seed % 255, g: 90, b: 30 } } })
        [format]()
        .withMetadata({ orientation: 6 })
        .withExifMerge({
          IFD0: { Make: 'KitePhone', Model: 'Safari 2', Artist: 'Wanjiru Kamau' },
          IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '36/1 49/1 0/1' },
        })
        .withXmp(xmp)
        .toBuffer();

    it.each([
      ['jpeg', 'jpg', 'image/jpeg'],
      ['png', 'png', 'image/png'],
      ['webp', 'webp', 'image/webp'],
    ] as const)('a %s photo with GPS EXIF and XMP', async (format, extension, contentType) => {
      const bytes = await phonePhoto(format, Date.now());
      const sent = await sharp(bytes).metadata();
      expect(sent.exif?.toString('latin1')).toContain('KitePhone');
      expect([sent.orientation, sent.xmp]).toEqual([6, expect.any(Buffer)]);

      const url = await uploadTestImage(server, adminCookie, bytes, `photo.${extension}`);
      expect(url).toMatch(new RegExp(`^/uploads/originals/[0-9a-f]{64}\\.${extension}$`));
      const served = await request(server).get(url).expect(200);
      expect(served.headers['content-type']).toContain(contentType);
      const stored = await sharp(served.body as Buffer).metadata();
      expect(stored).toMatchObject({ format, width: 32, height: 64 });
      expect([stored.exif, stored.xmp, stored.iptc, stored.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      expect((served.body as Buffer).toString('latin1')).not.toMatch(/KitePhone|Wanjiru/);
    });
  });

  it('keeps the same bytes uploaded twice, even at once, as one image with one resize job', async () => {
    const bytes = await testJpeg('upload-twice');
    const [first, second] = await Promise.all([upload(bytes, 'a.jpg').expect(200), upload(bytes, 'b.jpeg').expect(200)]);
    expect(second.body.result.url).toBe(first.body.result.url);
    const asset = await dataSource.getRepository(ImageAsset).findOneByOrFail({ url: first.body.result.url });
    expect(await resizeEventsFor(asset.id)).toBe(1);
  });

  it('makes the derivatives after the upload, and the admin sees them ready', async () => {
    const url = await uploadTestImage(server, adminCookie, await testJpeg('derivatives', { width: 1600, height: 1000 }));
    const ready = await waitFor(
      'the worker to make the derivatives',
      async () => {
        const asset = await dataSource.getRepository(ImageAsset).findOneByOrFail({ url });
        return asset.status === 'ready' && asset;
      },
      20_000,
    );
    expect(ready.derivatives).toHaveLength(Object.keys(IMAGE_DERIVATIVE_SIZES).length * 2);

    const added = await request(server)
      .post(CATALOGUE_API.addProduct)
      .set('Cookie', adminCookie)
      .send({ title: 'Derivative kite', category: 'action-outdoor', price: 900, totalStock: 3, image: url })
      .expect(201);
    const image = (added.body.data as Product).image!;
    expect(image.status).toBe('ready');
    expect(image.srcSet.map((candidate) => candidate.width)).toEqual(
      [...image.srcSet.map((candidate) => candidate.width)].sort((a, b) => a - b),
    );
    expect(new Set(image.srcSet.map((candidate) => candidate.format))).toEqual(new Set(['webp', 'jpeg']));
    for (const candidate of image.srcSet) await request(server).get(candidate.url).expect(200);
  });

  it('refuses a product whose image the worker could not read', async () => {
    // Stored as the worker leaves an original it failed: an upload cannot make one any more (a truncated one is refused below).
    const failed = await dataSource.getRepository(ImageAsset).save({
      storageKey: `originals/failed-${Date.now()}.jpg`,
      url: `/uploads/originals/failed-${Date.now()}.jpg`,
      contentType: 'image/jpeg',
      bytes: 10,
      status: 'failed',
      derivatives: [],
      failureReason: 'VipsJpeg: premature end of JPEG image',
    });
    const refusal = await request(server)
      .post(CATALOGUE_API.addProduct)
      .set('Cookie', adminCookie)
      .send({ title: 'Broken kite', category: 'action-outdoor', price: 900, totalStock: 3, image: failed.url })
      .expect(400);
    expect(refusal.body.message).toBe(MESSAGES.products.imageFailed);
  });

  describe('refuses, writing nothing', () => {
    it.each([
      [
        'text named .jpg',
        () => Buffer.from('<html>not a picture</html>'.repeat(20)),
        'photo.jpg',
        415,
        MESSAGES.variation.imageTypeNotAllowed,
      ],
      [
        'a truncated JPEG',
        async () => {
          const whole = await testJpeg('truncated', { width: 900, height: 700 });
          return whole.subarray(0, Math.floor(whole.length * 0.6));
        },
        'cut.jpg',
        400,
        MESSAGES.products.imageFailed,
      ],
      [
        'a GIF',
        () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
        'tiny.gif',
        415,
        MESSAGES.variation.imageTypeNotAllowed,
      ],
      ['a 6 MB file', () => Buffer.alloc(6 * 1024 * 1024, 1), 'huge.jpg', 413, MESSAGES.variation.imageTooLarge],
      ['a file of exactly 5 MB', () => Buffer.alloc(LIMITS.maxImageBytes, 1), 'limit.jpg', 413, MESSAGES.variation.imageTooLarge],
      [
        'a 20000×20000 PNG of 200 KB',
        () => pngClaiming(20_000, 20_000, 200_000),
        'bomb.png',
        400,
        MESSAGES.variation.imageTooManyPixels(50),
      ],
    ])('%s', async (_name, bytesOf, filename, status, message) => {
      const before = await assetCount();
      const response = await upload(await bytesOf(), filename).expect(status);
      expect(response.body).toMatchObject({ success: false, message });
      expect(ERROR_STATUS[(response.body as ApiFailure).code]).toBe(status);
      expect(await assetCount()).toBe(before);
    });

    it('an upload without a file, or with the file in another field', async () => {
      expect((await request(server).post(CATALOGUE_API.uploadImage).set('Cookie', adminCookie).expect(400)).body.message).toBe(
        MESSAGES.variation.imageRequired,
      );
      expect((await upload(await testJpeg('wrong-field'), 'a.jpg', 'file').expect(400)).body.message).toBe(
        MESSAGES.variation.imageRequired,
      );
    });

    it.each([
      ['names no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="my_file"\r\n\r\nabc\r\n--x--'],
      [
        'ends before its closing boundary',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="my_file"; filename="a.jpg"\r\n\r\nabc',
      ],
    ])('an upload whose multipart body %s, as any body that cannot be read', async (_case, contentType, body) => {
      const before = await assetCount();
      const response = await request(server)
        .post(CATALOGUE_API.uploadImage)
        .set({ Cookie: adminCookie, 'content-type': contentType })
        .send(body)
        .expect(400);
      expect(response.body).toEqual(refusalAnswer('IMAGE_REQUIRED', MESSAGES.variation.imageRequired));
      expect(await assetCount()).toBe(before);
    });

    it('a shopper or a guest', async () => {
      const bytes = await testJpeg('not-admin');
      await request(server).post(CATALOGUE_API.uploadImage).attach(UPLOAD_FIELD, bytes, 'a.jpg').expect(401);
      await request(server).post(CATALOGUE_API.uploadImage).set('Cookie', shopperCookie).attach(UPLOAD_FIELD, bytes, 'a.jpg').expect(403);
    });
  });
});
