import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { In } from 'typeorm';
import {
  CATALOGUE_API,
  LISTING_PAGE,
  listingSearchParams,
  MESSAGES,
  type ListingRequest,
  type ProductPage,
  type Product as ProductView,
} from '@shop/contracts';
import { Product } from '@shop/db';
import { createTestProduct, refusalAnswer } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';
import { fulltextQueryOf } from './catalogue.service.js';

/** This file owns these two categories in the test database: it retires whatever an earlier run left there. */
const OWN_CATEGORIES = ['party-supplies', 'home-decor'] as const;

describe('shop catalogue', () => {
  const shop = useTestApi();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await shop.dataSource.getRepository(Product).softDelete({ category: In([...OWN_CATEGORIES]) });
    const fixtures = [
      { key: 'balloons', title: 'Balloon Bundle', category: 'party-supplies', price: 300 },
      { key: 'banner', title: 'birthday Banner', category: 'party-supplies', price: 1200, salePrice: 450 },
      { key: 'pinata', title: 'Piñata Donkey', category: 'party-supplies', price: 2000, totalStock: 0 },
      { key: 'costume', title: 'Zebra Costume', category: 'party-supplies', price: 5000, salePrice: 3500 },
      { key: 'cushion', title: 'Cushion with Giraffes', category: 'home-decor', price: 800 },
      { key: 'lamp', title: 'aardvark Night Lamp', category: 'home-decor', price: 100 },
    ] as const;
    for (const { key, ...fields } of fixtures) ids[key] = (await createTestProduct(shop.dataSource, fields)).id;
  });

  const listing = async (listingRequest: Partial<ListingRequest>, expected = 200) => {
    const params = listingSearchParams({ filters: { category: [...OWN_CATEGORIES] }, sortBy: 'price-lowtohigh', ...listingRequest });
    return (await request(shop.server).get(`${CATALOGUE_API.shopProducts}?${params}`).expect(expected)).body as ProductPage;
  };
  const keysOf = (page: ProductPage) =>
    page.data.map((product) => Object.entries(ids).find(([, id]) => id === product.id)?.[0] ?? `other:${product.id}`);

  describe('listing', () => {
    it('filters by categories and sorts by the effective price, low to high by default', async () => {
      const page = (
        await request(shop.server)
          .get(`${CATALOGUE_API.shopProducts}?category=${OWN_CATEGORIES.join(',')}`)
          .expect(200)
      ).body as ProductPage;
      expect(keysOf(page)).toEqual(['lamp', 'balloons', 'banner', 'cushion', 'pinata', 'costume']);
      expect(page.pagination).toEqual({ total: 6, page: 1, pageSize: 24 });
    });

    it('sorts high to low and by title both ways', async () => {
      expect(keysOf(await listing({ sortBy: 'price-hightolow' }))).toEqual(['costume', 'pinata', 'cushion', 'banner', 'balloons', 'lamp']);
      expect(keysOf(await listing({ sortBy: 'title-atoz' }))).toEqual(['lamp', 'balloons', 'banner', 'cushion', 'pinata', 'costume']);
      expect(keysOf(await listing({ sortBy: 'title-ztoa' }))).toEqual(['costume', 'pinata', 'cushion', 'banner', 'balloons', 'lamp']);
    });

    it('takes one category, or the parameter repeated', async () => {
      expect(keysOf(await listing({ filters: { category: ['home-decor'] } }))).toEqual(['lamp', 'cushion']);
      const repeated = (
        await request(shop.server)
          .get(`${CATALOGUE_API.shopProducts}?category=home-decor&category=party-supplies&sortBy=price-hightolow`)
          .expect(200)
      ).body as ProductPage;
      expect(repeated.pagination.total).toBe(6);
    });

    it('filters by price band on what the shopper pays, and by availability', async () => {
      const filters = (extra: object) => ({ filters: { category: [...OWN_CATEGORIES], ...extra } });
      expect(keysOf(await listing(filters({ priceBand: ['under-500'] })))).toEqual(['lamp', 'balloons', 'banner']);
      expect(keysOf(await listing(filters({ priceBand: ['under-500', '3000-plus'] })))).toEqual(['lamp', 'balloons', 'banner', 'costume']);
      expect(keysOf(await listing(filters({ availability: ['in-stock'] })))).not.toContain('pinata');
      expect(keysOf(await listing(filters({ availability: ['on-sale'] })))).toEqual(['banner', 'costume']);
      expect(keysOf(await listing(filters({ availability: ['on-sale', 'in-stock'], priceBand: ['1500-2999'] })))).toEqual([]);
    });

    it('pages without overlap and counts the whole result', async () => {
      const first = await listing({ page: 1, pageSize: 4 });
      const second = await listing({ page: 2, pageSize: 4 });
      expect(keysOf(first)).toEqual(['lamp', 'balloons', 'banner', 'cushion']);
      expect(keysOf(second)).toEqual(['pinata', 'costume']);
      expect(second.pagination).toEqual({ total: 6, page: 2, pageSize: 4 });
      expect((await listing({ page: 3, pageSize: 4 })).data).toEqual([]);
    });

    it('answers guests too, with shop images that keep failure reasons to the admin', async () => {
      const page = await listing({});
      expect(page.success).toBe(true);
      expect(page.data[0]).toMatchObject({
        title: 'aardvark Night Lamp',
        category: 'home-decor',
        price: 100,
        salePrice: 0,
        averageReview: 0,
        image: null,
        variations: [],
      });
    });

    it.each([
      ['category=rockets', MESSAGES.listing.unknownFilter('category', 'rockets')],
      ['category=home-decor,rockets', MESSAGES.listing.unknownFilter('category', 'rockets')],
      ['priceBand=free', MESSAGES.listing.unknownFilter('price', 'free')],
      ['sortBy=cheapest', MESSAGES.listing.unknownSort],
      ['page=0', MESSAGES.listing.pageOutOfRange],
      ['page=two', MESSAGES.listing.pageOutOfRange],
      ['pageSize=101', MESSAGES.listing.pageSizeOutOfRange(100)],
      ['colour=red', MESSAGES.server.validationFailed],
    ])('refuses %s with a clear message', async (query, message) => {
      expect((await request(shop.server).get(`${CATALOGUE_API.shopProducts}?${query}`).expect(400)).body.message).toBe(message);
    });

    it.each(['0x10', '1e3', '%2B5', '%207', '7.0', '0b11', '-1'])(
      'reads page=%s as no page number, not as another notation of one',
      async (page) => {
        expect((await request(shop.server).get(`${CATALOGUE_API.shopProducts}?page=${page}`).expect(400)).body.message).toBe(
          MESSAGES.listing.pageOutOfRange,
        );
        expect((await request(shop.server).get(`${CATALOGUE_API.shopProducts}?pageSize=${page}`).expect(400)).body.message).toBe(
          MESSAGES.listing.pageSizeOutOfRange(LISTING_PAGE.maxSize),
        );
      },
    );

    it('refuses a page past the last one any listing can have, where a query could not carry its offset', async () => {
      for (const page of [LISTING_PAGE.maxPage + 1, '1' + '0'.repeat(25)]) {
        expect((await request(shop.server).get(`${CATALOGUE_API.shopProducts}?page=${page}`).expect(400)).body.message).toBe(
          MESSAGES.listing.pageTooLarge(LISTING_PAGE.maxPage),
        );
        expect(
          (
            await request(shop.server)
              .get(`${CATALOGUE_API.search('wooden train')}?page=${page}`)
              .expect(400)
          ).body.message,
        ).toBe(MESSAGES.listing.pageTooLarge(LISTING_PAGE.maxPage));
      }
      expect((await request(shop.server).get(`${CATALOGUE_API.shopProducts}?page=${LISTING_PAGE.maxPage}`).expect(200)).body.data).toEqual(
        [],
      );
    });
  });

  describe('one product', () => {
    it('answers the product, and 404 or 400 for an unknown or malformed id', async () => {
      const { body } = await request(shop.server).get(CATALOGUE_API.shopProduct(ids.banner!)).expect(200);
      expect(body.data as ProductView).toMatchObject({ id: ids.banner, title: 'birthday Banner', price: 1200, salePrice: 450 });
      expect((await request(shop.server).get(CATALOGUE_API.shopProduct(999_999_999)).expect(404)).body.message).toBe(
        MESSAGES.products.notFound,
      );
      expect((await request(shop.server).get(CATALOGUE_API.shopProduct('banner')).expect(400)).body.message).toBe(
        MESSAGES.products.invalidId,
      );
    });

    it.each(['0x10', '1e3', '%2B5', '%207', '7.0', '-7', '0', '4294967296', '99999999999999999999'])(
      'refuses the id %s: ids are plain decimal digits an id column holds',
      async (id) => {
        expect((await request(shop.server).get(CATALOGUE_API.shopProduct(id)).expect(400)).body).toEqual(
          refusalAnswer('VALIDATION_FAILED', MESSAGES.products.invalidId, {
            fields: [{ field: 'id', message: MESSAGES.products.invalidId }],
          }),
        );
      },
    );

    it('reads an id written with leading zeros as the same id', async () => {
      expect(
        (
          await request(shop.server)
            .get(CATALOGUE_API.shopProduct(`00${ids.banner}`))
            .expect(200)
        ).body.data.id,
      ).toBe(ids.banner);
    });
  });

  describe('search', () => {
    const token = `zq${randomBytes(5).toString('hex').replace(/\d/g, 'k')}`;
    const searchIds: Record<string, number> = {};
    const search = async (keyword: string, expected = 200) =>
      (await request(shop.server).get(CATALOGUE_API.search(keyword)).expect(expected)).body as ProductPage & { message?: string };
    const found = (page: ProductPage) =>
      page.data.map((product) => Object.entries(searchIds).find(([, id]) => id === product.id)?.[0] ?? `other:${product.id}`);

    beforeAll(async () => {
      searchIds.drum = (
        await createTestProduct(shop.dataSource, {
          title: `${token} Drum`,
          description: `A ${token} drum of goat skin, loud and proud.`,
          category: 'party-supplies',
        })
      ).id;
      searchIds.flute = (
        await createTestProduct(shop.dataSource, {
          title: 'Bamboo Flute',
          description: `Sounds like a ${token} bird.`,
          category: 'party-supplies',
        })
      ).id;
      searchIds.vase = (
        await createTestProduct(shop.dataSource, {
          title: 'Kisii Stone Vase',
          description: `Carved, ${token} style.`,
          category: 'home-decor',
        })
      ).id;
    });

    it('ranks title and description matches above description-only ones, with prefix matching', async () => {
      const page = await search(token.slice(0, 6));
      expect(found(page)[0]).toBe('drum');
      expect(found(page).sort()).toEqual(['drum', 'flute', 'vase']);
      expect(page.pagination.total).toBe(3);
    });

    it('needs every word, and finds products by their category label', async () => {
      expect(found(await search(`${token} bamboo`))).toEqual(['flute']);
      expect(found(await search(`${token} decor`))).toEqual(['vase']);
    });

    it('ignores stopwords and operators a shopper types', async () => {
      expect(found(await search(`the ${token} drum`))).toEqual(['drum']);
      expect(found(await search(`+${token}* -"drum" (~<>)`))).toEqual(['drum']);
    });

    it('leaves retired products out', async () => {
      const { id } = await createTestProduct(shop.dataSource, { title: `${token} Retired Rattle`, category: 'party-supplies' });
      expect(found(await search(`${token} rattle`))).toEqual([`other:${id}`]);
      await shop.dataSource.getRepository(Product).softDelete({ id });
      expect((await search(`${token} rattle`)).data).toEqual([]);
    });

    it.each(['abc', '  ab  ', '   '])('refuses the keyword %p: 3 characters or fewer after trimming', async (keyword) => {
      expect((await search(keyword, 400)).message).toBe(MESSAGES.search.keywordTooShort);
    });

    it('searches a keyword of 4 characters, and one of only short words finds nothing', async () => {
      expect((await search(' drum ')).success).toBe(true);
      expect((await search('a b c d')).data).toEqual([]);
    });
  });

  it('builds boolean-mode queries of required prefixes', () => {
    expect(fulltextQueryOf('Wooden  TRAIN!', new Set())).toBe('+wooden* +train*');
    expect(fulltextQueryOf('the big kite', new Set(['the']))).toBe('+big* +kite*');
    expect(fulltextQueryOf('+a -b "c"', new Set())).toBe('');
  });
});
