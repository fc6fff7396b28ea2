import { CATALOGUE_API, LISTING_PAGE, type ProductPage } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { startApiStore } from '../../testing/api-store';
import { product } from '../../testing/products';
import { catalogueApi, FEATURED_PAGE_SIZE, toysOfPages } from './catalogue.api';
import type { ListingQuery } from './listing-request';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pages of toys', () => {
  const realGet = apiClient.get;
  const CATALOGUE_SIZE = 2 * FEATURED_PAGE_SIZE + 5;
  let asked: URL[];
  /** Each request waits for the test to answer it: `answerNext` settles the oldest one still waiting. */
  let waiting: { settle: (failure?: Error) => void }[];

  const pageOf = (page: number, pageSize: number): ProductPage => {
    const first = (page - 1) * pageSize + 1;
    const ids = Array.from({ length: Math.max(0, Math.min(pageSize, CATALOGUE_SIZE - first + 1)) }, (_, index) => first + index);
    return { success: true, data: ids.map(product), pagination: { total: CATALOGUE_SIZE, page, pageSize } };
  };

  beforeEach(() => {
    asked = [];
    waiting = [];
    apiClient.get = ((path: string) => {
      const url = new URL(path, 'http://shop');
      asked.push(url);
      return new Promise<ProductPage>((resolve, reject) => {
        const answer = pageOf(Number(url.searchParams.get('page')), Number(url.searchParams.get('pageSize')));
        waiting.push({ settle: (failure) => (failure ? reject(failure) : resolve(answer)) });
      });
    }) as typeof apiClient.get;
  });
  afterEach(() => {
    apiClient.get = realGet;
  });

  async function answerNext(failure?: Error) {
    waiting.shift()!.settle(failure);
    await pause(0);
  }

  describe('Feature Products as the shopper scrolls', () => {
    const featured = catalogueApi.endpoints.getFeaturedProducts;
    const readMore = (store: ReturnType<typeof startApiStore>) => store.dispatch(featured.initiate(undefined, { direction: 'forward' }));
    const pagesAsked = () => asked.map((url) => Number(url.searchParams.get('page')));

    it('reads the whole catalogue cheapest first, a page at a time, then asks for nothing more', async () => {
      const store = startApiStore();
      store.dispatch(featured.initiate());
      await answerNext();
      for (let page = 2; page <= 3; page += 1) {
        readMore(store);
        expect(featured.select()(store.getState()).status).toBe('pending');
        await answerNext();
      }
      const { data } = featured.select()(store.getState());
      expect(toysOfPages(data?.pages).map((toy) => toy.id)).toEqual(Array.from({ length: CATALOGUE_SIZE }, (_, index) => index + 1));
      readMore(store);
      await pause(0);
      expect(pagesAsked()).toEqual([1, 2, 3]);
      expect(
        asked.every((url) => url.pathname === CATALOGUE_API.shopProducts && url.searchParams.get('sortBy') === 'price-lowtohigh'),
      ).toBe(true);
      expect(asked.every((url) => url.searchParams.get('pageSize') === String(FEATURED_PAGE_SIZE))).toBe(true);
    });

    it('asks once when the sentinel fires again while a page is on its way', async () => {
      const store = startApiStore();
      store.dispatch(featured.initiate());
      await answerNext();
      readMore(store);
      readMore(store);
      readMore(store);
      await answerNext();
      expect(pagesAsked()).toEqual([1, 2]);
    });

    it('keeps the toys shown after a failed page, and reads that page again when asked', async () => {
      const store = startApiStore();
      store.dispatch(featured.initiate());
      await answerNext();
      readMore(store);
      await answerNext(new ApiError('Network error. Please check your connection and try again.', null));
      const failed = featured.select()(store.getState());
      expect(failed.isError).toBe(true);
      expect(failed.error).toMatchObject({ message: 'Network error. Please check your connection and try again.' });
      expect(toysOfPages(failed.data?.pages)).toHaveLength(FEATURED_PAGE_SIZE);

      readMore(store);
      await answerNext();
      expect(pagesAsked()).toEqual([1, 2, 2]);
      expect(toysOfPages(featured.select()(store.getState()).data?.pages)).toHaveLength(2 * FEATURED_PAGE_SIZE);
    });
  });

  it('shows a toy once when it moved across the boundary between two pages', () => {
    const pages = [
      { items: [product(1), product(2)], total: 4 },
      { items: [product(2), product(3)], total: 4 },
    ];
    expect(toysOfPages(pages).map((toy) => toy.id)).toEqual([1, 2, 3]);
    expect(toysOfPages(undefined)).toEqual([]);
  });

  it('ends Feature Products on a short page even when the total said more (toys retired meanwhile)', async () => {
    const store = startApiStore();
    const featured = catalogueApi.endpoints.getFeaturedProducts;
    apiClient.get = (async () => ({
      success: true,
      data: [product(1)],
      pagination: { total: 40, page: 1, pageSize: FEATURED_PAGE_SIZE },
    })) as typeof apiClient.get;
    await store.dispatch(featured.initiate());
    store.dispatch(featured.initiate(undefined, { direction: 'forward' }));
    await pause(0);
    expect(featured.select()(store.getState()).hasNextPage).toBe(false);
  });

  it("reads the listing by its filters, sort and page, and keeps a failure apart from the last page's toys", async () => {
    const store = startApiStore();
    const listing = catalogueApi.endpoints.getListing;
    const query: ListingQuery = { filters: { category: ['pretend-play'] }, sortBy: 'price-hightolow', page: 2 };
    const reading = store.dispatch(listing.initiate(query));
    await answerNext();
    expect((await reading).data).toMatchObject({ total: CATALOGUE_SIZE });
    expect(asked[0].pathname).toBe(CATALOGUE_API.shopProducts);
    expect(Object.fromEntries(asked[0].searchParams)).toEqual({
      category: 'pretend-play',
      sortBy: 'price-hightolow',
      page: '2',
      pageSize: String(LISTING_PAGE.defaultSize),
    });

    const other = store.dispatch(listing.initiate({ ...query, page: 3 }));
    await answerNext(new ApiError('Failed to fetch products', null));
    expect((await other).isError).toBe(true);
    expect((await other).data).toBeUndefined();
  });

  it('searches by the trimmed keyword, a page of results at a time', async () => {
    const store = startApiStore();
    const reading = store.dispatch(catalogueApi.endpoints.searchProducts.initiate({ keyword: 'train', page: 2 }));
    await answerNext();
    expect((await reading).data?.items).toHaveLength(5);
    expect(`${asked[0].pathname}${asked[0].search}`).toBe(`${CATALOGUE_API.search('train')}?page=2&pageSize=${LISTING_PAGE.defaultSize}`);
  });
});
