import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { IMAGE_DERIVATIVE_SIZES, QUEUES } from '@shop/contracts';
import { ImageAsset, inTransaction, LocalDiskImageStorage, recordEvent } from '@shop/db';
import { pngClaiming, settleLeftoverWork, testConfig, waitFor } from '@shop/testing';
import { WorkersModule } from '../workers.module.js';
import { ImageDerivativesService } from './image-derivatives.service.js';

describe('image.resize', () => {
  const config = testConfig();
  const storage = new LocalDiskImageStorage(config.UPLOADS_DIR);
  let workers: INestApplication;
  let dataSource: DataSource;

  beforeAll(async () => {
    await settleLeftoverWork(config);
    workers = await NestFactory.create(WorkersModule.register(config), { logger: false });
    await workers.init();
    dataSource = workers.get(DataSource);
  });
  afterAll(() => workers?.close());

  async function storeOriginal(bytes: Buffer, extension: string): Promise<ImageAsset> {
    const storageKey = `originals/${createHash('sha256').update(bytes).update(String(Math.random())).digest('hex')}.${extension}`;
    await storage.put(storageKey, bytes);
    return dataSource.getRepository(ImageAsset).save({
      storageKey,
      url: storage.urlOf(storageKey),
      contentType: `image/${extension}`,
      bytes: bytes.length,
      status: 'pending',
      derivatives: [],
      failureReason: null,
    });
  }

  async function publishResize(imageId: number): Promise<void> {
    await inTransaction(dataSource, (manager) => recordEvent(manager, 'image.resize', { imageId }));
  }

  const settled = (imageId: number) =>
    waitFor(
      'the image to settle',
      async () => {
        const asset = await dataSource.getRepository(ImageAsset).findOneByOrFail({ id: imageId });
        return asset.status !== 'pending' && asset;
      },
      20_000,
    );

  it('writes thumbnail, card and detail in WebP and JPEG, upright and without EXIF, after the outbox publishes the job', async () => {
    // 1600×800 stored sideways: EXIF orientation 6 says "turn a quarter clockwise", so it shows as 800×1600.
    const photo = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#e8590c' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const asset = await storeOriginal(photo, 'jpg');
    await publishResize(asset.id);

    const ready = await settled(asset.id);
    expect(ready.status).toBe('ready');
    expect(ready.derivatives).toHaveLength(6);
    for (const [size, longestSide] of Object.entries(IMAGE_DERIVATIVE_SIZES)) {
      for (const format of ['webp', 'jpeg']) {
        const derivative = ready.derivatives.find((candidate) => candidate.size === size && candidate.format === format)!;
        expect(Math.max(derivative.width, derivative.height)).toBe(Math.min(longestSide, 1600));
        expect(derivative.height).toBeGreaterThan(derivative.width);
        const file = resolve(config.UPLOADS_DIR, derivative.url.replace('/uploads/', ''));
        const metadata = await sharp(file).metadata();
        expect(metadata.format).toBe(format);
        expect(metadata.exif).toBeUndefined();
      }
    }
  });

  it('runs again without duplicating anything', async () => {
    const asset = await storeOriginal(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1c7ed6' } })
        .png()
        .toBuffer(),
      'png',
    );
    const service = workers.get(ImageDerivativesService);
    const first = await service.make(asset.id);
    await dataSource.getRepository(ImageAsset).update(asset.id, { status: 'pending' });
    const retried = await service.make(asset.id);
    expect(first.status).toBe('ready');
    expect(retried.status).toBe('ready');
    const stored = await dataSource.getRepository(ImageAsset).findOneByOrFail({ id: asset.id });
    expect(stored.derivatives).toEqual(first.asset.derivatives);
    expect(new Set(stored.derivatives.map((derivative) => derivative.url)).size).toBe(6);
    expect((await service.make(asset.id)).status).toBe('already-ready');
    // Never larger than the original.
    expect(stored.derivatives.every((derivative) => derivative.width <= 300)).toBe(true);
  });

  it.each([
    [
      'a truncated JPEG',
      async () =>
        (
          await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
            .jpeg()
            .toBuffer()
        ).subarray(0, 300),
      'jpg',
    ],
    ['a 20000×20000 PNG of a few bytes', async () => pngClaiming(20_000, 20_000), 'png'],
    ['text named .jpg', async () => Buffer.from('this is not a picture at all'), 'jpg'],
  ])('puts %s in the failed set at once with a readable reason', async (_case, makeBytes, extension) => {
    const asset = await storeOriginal(await makeBytes(), extension);
    await publishResize(asset.id);
    const failed = await settled(asset.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toEqual(expect.any(String));
    expect(failed.derivatives).toEqual([]);

    const queue = workers.get<Queue>(getQueueToken(QUEUES.images));
    const job = await waitFor('the failed job', async () =>
      (await queue.getFailed()).find((candidate) => candidate.data.imageId === asset.id),
    );
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain(failed.failureReason!.slice(0, 40));
    expect(existsSync(join(config.UPLOADS_DIR, 'derivatives', failed.storageKey.split('/')[1]!.split('.')[0]!))).toBe(false);
  });
});
