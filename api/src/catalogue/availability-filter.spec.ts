import request from 'supertest';
import { CATALOGUE_API, listingSearchParams, type AvailabilityId, type ProductPage } from '@shop/contracts';
import { Product } from '@shop/db';
import { createTestProduct } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';

/** This file owns this category in the test database: it retires whatever an earlier run left there. */
const OWN_CATEGORY = 'fashion-accessories';

describe('the availability filter', () => {
  const shop = useTestApi();
  const titles = new Map<number, string>();

  beforeAll(async () => {
    await shop.dataSource.getRepository(Product).softDelete({ category: OWN_CATEGORY });
    const fixtures = [
      { title: 'Beaded Bracelet', price: 300, totalStock: 4 },
      { title: 'Kikoi Scarf', price: 900, salePrice: 650, totalStock: 7 },
      { title: 'Sparkle Sunglasses', price: 1200, salePrice: 800, totalStock: 0 },
      { title: 'Sold-out Tiara', price: 1500, totalStock: 0 },
    ];
    for (const fields of fixtures)
      titles.set((await createTestProduct(shop.dataSource, { ...fields, category: OWN_CATEGORY })).id, fields.title);
  });

  const listed = async (availability: AvailabilityId[]) => {
    const params = listingSearchParams({ filters: { category: [OWN_CATEGORY], availability }, sortBy: 'price-lowtohigh' });
    const page = (await request(shop.server).get(`${CATALOGUE_API.shopProducts}?${params}`).expect(200)).body as ProductPage;
    return { titles: page.data.map((product) => titles.get(product.id)), total: page.pagination.total };
  };

  it('narrows to one value alone', async () => {
    expect((await listed(['in-stock'])).titles).toEqual(['Beaded Bracelet', 'Kikoi Scarf']);
    expect((await listed(['on-sale'])).titles).toEqual(['Kikoi Scarf', 'Sparkle Sunglasses']);
  });

  it('widens with each value added, as the other filter groups do: in stock or on sale', async () => {
    expect(await listed(['in-stock', 'on-sale'])).toEqual({ titles: ['Beaded Bracelet', 'Kikoi Scarf', 'Sparkle Sunglasses'], total: 3 });
  });
});
