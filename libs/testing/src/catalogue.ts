import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { categoryLabel, effectivePrice, type CategoryId } from '@shop/contracts';
import { markShopWindowChanged, Product, recordOpeningStock } from '@shop/db';

export interface TestProductFields {
  title?: string;
  description?: string;
  category?: CategoryId;
  price?: number;
  salePrice?: number;
  totalStock?: number;
}

/** A product straight in the database, with the derived columns and the opening ledger row the product service would write, and the shop window's change it tells. */
export async function createTestProduct(dataSource: DataSource, fields: TestProductFields = {}): Promise<Product> {
  const category = fields.category ?? 'pretend-play';
  const prices = { price: fields.price ?? 1000, salePrice: fields.salePrice ?? 0 };
  const product = await dataSource.getRepository(Product).save({
    title: fields.title ?? `Test toy ${randomBytes(4).toString('hex')}`,
    description: fields.description ?? 'A toy made for tests.',
    category,
    categoryLabel: categoryLabel(category),
    ...prices,
    effectivePrice: effectivePrice(prices),
    totalStock: fields.totalStock ?? 20,
    averageReview: 0,
    imageId: null,
  });
  await recordOpeningStock(dataSource.manager, product.id, product.totalStock, null);
  await markShopWindowChanged(dataSource.manager);
  return product;
}
