import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import sharp from 'sharp';
import request from 'supertest';
import { IMAGE_DERIVATIVE_SIZES } from '@shop/contracts';
import { configuredImageStorage, ImageAsset, type S3ImageStorage } from '@shop/db';
import { createTestAccount, LocalS3Server, sessionCookieOf, settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { startTestApi, testJpeg, uploadTestImage, type TestApi } from '../../../api/src/testing/test-api.js';
import { WorkersModule } from '../../../workers/src/workers.module.js';

describe('images in a bucket, from upload to derivatives', () => {
  let s3: LocalS3Server;
  let bucket: S3ImageStorage;
  let uploadsDir: string;
  let shop: TestApi;
  let workers: INestApplication;
  let adminCookie: string;

  beforeAll(async () => {
    s3 = await LocalS3Server.start();
    // A directory nothing may write to: with IMAGE_STORAGE=s3 no byte of an image lands on this machine.
    uploadsDir = join(await mkdtemp(join(tmpdir(), 'toyduka-s3-pipeline-')), 'uploads');
    const config = testConfig({ ...s3.settings, UPLOADS_DIR: uploadsDir });
    bucket = configuredImageStorage(config) as S3ImageStorage;
    shop = await startTestApi(config);
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    adminCookie = await sessionCookieOf(shop.server, await createTestAccount(shop.dataSource, 'admin'));
  });

  afterAll(async () => {
    await workers?.close();
    await shop?.app.close();
    await s3?.stop();
    if (uploadsDir) await rm(join(uploadsDir, '..'), { recursive: true, force: true });
  });

  it("keeps an admin's upload and the worker's derivatives in the bucket, and the api serves them", async () => {
    const url = await uploadTestImage(shop.server, adminCookie, await testJpeg('into the bucket', { width: 1200, height: 900 }));
    const ready = await waitFor(
      'the worker to make the derivatives',
      async () => {
        const asset = await shop.dataSource.getRepository(ImageAsset).findOneByOrFail({ url });
        return asset.status === 'ready' && asset;
      },
      20_000,
    );

    expect(await sharp(await bucket.get(ready.storageKey)).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    expect(ready.derivatives).toHaveLength(Object.keys(IMAGE_DERIVATIVE_SIZES).length * 2);
    for (const derivative of ready.derivatives) {
      expect(derivative.url).toMatch(/^\/uploads\/derivatives\//);
      expect(await sharp(await bucket.get(bucket.keyOf(derivative.url)!)).metadata()).toMatchObject({
        format: derivative.format,
        width: derivative.width,
        height: derivative.height,
      });
      const served = await request(shop.server).get(derivative.url).expect(200);
      expect(served.headers['content-type']).toBe(`image/${derivative.format}`);
    }
    expect(existsSync(uploadsDir)).toBe(false);
  });
});
