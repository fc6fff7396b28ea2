import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { In, type EntityManager } from 'typeorm';
import { adminCredentials, type AppConfig } from '@shop/config';
import { categoryLabel, effectivePrice, normaliseEmail } from '@shop/contracts';
import { createDataSource } from '../data-source.js';
import { FeatureImage, ImageAsset, Product } from '../entities/index.js';
import { configuredImageStorage, type ImageStorageSettings } from '../images/configured-image-storage.js';
import type { ImageStorage } from '../images/image-storage.js';
import { recordEvent } from '../outbox/outbox-writer.js';
import { recordOpeningStock } from '../stock/stock-ledger.js';
import { inTransaction } from '../transactions.js';
import { ensureAdminAccount } from '../users/admin-accounts.js';
import { DEMO_FEATURE_BANNERS, DEMO_PRODUCTS } from './demo-catalogue.js';
import { drawFeatureBanner, drawToyPicture } from './toy-picture.js';

export interface SeedReport {
  adminEmail: string;
  adminCreated: boolean;
  productsCreated: number;
  featureImagesCreated: number;
}

type SeedConfig = Pick<AppConfig, 'NODE_ENV' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'> &
  ImageStorageSettings;

/** Stores a rendered picture under its content hash, so running the seed twice stores it once. */
async function storeJpeg(manager: EntityManager, storage: ImageStorage, svg: string): Promise<ImageAsset> {
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  const storageKey = `originals/${createHash('sha256').update(bytes).digest('hex')}.jpg`;
  const existing = await manager.findOneBy(ImageAsset, { storageKey });
  if (existing) return existing;
  await storage.put(storageKey, bytes);
  return manager.save(
    manager.create(ImageAsset, {
      storageKey,
      url: storage.urlOf(storageKey),
      contentType: 'image/jpeg',
      bytes: bytes.length,
      status: 'pending',
      derivatives: [],
    }),
  );
}

async function seedAdmin(manager: EntityManager, config: SeedConfig): Promise<{ email: string; created: boolean }> {
  const credentials = adminCredentials(config);
  const outcome = await ensureAdminAccount(manager, credentials);
  return { email: normaliseEmail(credentials.email), created: outcome === 'created' };
}

async function seedProducts(manager: EntityManager, storage: ImageStorage): Promise<number> {
  const present = new Set(
    (
      await manager.find(Product, {
        select: { title: true },
        where: { title: In(DEMO_PRODUCTS.map((product) => product.title)) },
        withDeleted: true,
      })
    ).map((product) => product.title),
  );
  let created = 0;
  for (const demo of DEMO_PRODUCTS.filter((product) => !present.has(product.title))) {
    const image = await storeJpeg(
      manager,
      storage,
      drawToyPicture({ title: demo.title, palette: demo.palette, motif: demo.motif, width: 800, height: 800 }),
    );
    const product = await manager.save(
      manager.create(Product, {
        title: demo.title,
        description: demo.description,
        category: demo.category,
        categoryLabel: categoryLabel(demo.category),
        effectivePrice: effectivePrice(demo),
        price: demo.price,
        salePrice: demo.salePrice,
        totalStock: demo.totalStock,
        averageReview: 0,
        imageId: image.id,
      }),
    );
    await recordOpeningStock(manager, product.id, product.totalStock, null);
    created += 1;
  }
  return created;
}

async function seedFeatureImages(manager: EntityManager, storage: ImageStorage): Promise<number> {
  if ((await manager.count(FeatureImage)) > 0) return 0;
  for (const [position, banner] of DEMO_FEATURE_BANNERS.entries()) {
    const image = await storeJpeg(manager, storage, drawFeatureBanner({ ...banner, width: 1600, height: 600 }));
    await manager.save(manager.create(FeatureImage, { imageId: image.id, position }));
  }
  return DEMO_FEATURE_BANNERS.length;
}

/**
 * Asks the image worker for the derivatives of every picture still waiting for them. A picture
 * asked for twice is made once: the worker skips what is ready.
 */
async function requestPendingDerivatives(manager: EntityManager): Promise<void> {
  const pending = await manager.find(ImageAsset, { select: { id: true }, where: { status: 'pending' } });
  for (const image of pending) await recordEvent(manager, 'image.resize', { imageId: image.id });
}

/** The demo shop: an admin, the toy catalogue with generated pictures, and three hero banners. Safe to run again. */
export async function seedDemoData(config: SeedConfig): Promise<SeedReport> {
  // The api's storage, bucket or disk: the image worker reads the originals from the same place.
  const storage = configuredImageStorage(config);
  const dataSource = createDataSource(config);
  await dataSource.initialize();
  try {
    return await inTransaction(dataSource, async (manager) => {
      const admin = await seedAdmin(manager, config);
      const productsCreated = await seedProducts(manager, storage);
      const featureImagesCreated = await seedFeatureImages(manager, storage);
      await requestPendingDerivatives(manager);
      return { adminEmail: admin.email, adminCreated: admin.created, productsCreated, featureImagesCreated };
    });
  } finally {
    await dataSource.destroy();
  }
}
