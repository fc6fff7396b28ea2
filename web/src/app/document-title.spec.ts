import { catalogueApi } from '../features/catalogue/catalogue.api';
import { productPageOpened, productViewReducer } from '../features/catalogue/productView.slice';
import { startApiStore } from '../testing/api-store';
import { product } from '../testing/products';
import { documentTitle, listingTitle, pageTitleOf, productTitle } from './document-title';
import type { RootState } from './store';

/** The titles read the product view, the api's cache and the address alone. */
const emptyState = startApiStore({ productView: productViewReducer }).getState() as unknown as RootState;

describe('document titles', () => {
  it("puts the page's name before the shop's, as the api titles the pages it sends", () => {
    expect(documentTitle('Checkout')).toBe('Checkout – Toy Duka');
  });

  it("reads the shop's name alone on a page without a name of its own", () => {
    expect(documentTitle(undefined)).toBe('Toy Duka');
    expect(pageTitleOf([{ handle: undefined }, { handle: {} }], emptyState)).toBeUndefined();
  });

  it("takes the deepest route's name over its layout's", () => {
    const matches = [{ handle: undefined }, { handle: { title: 'Admin' } }, { handle: { title: 'Orders' } }];
    expect(pageTitleOf(matches, emptyState)).toBe('Orders');
    expect(pageTitleOf(matches.slice(0, 2), emptyState)).toBe('Admin');
  });

  it('names a product page by its product once loaded', async () => {
    const matches = [{ handle: { title: productTitle } }];
    expect(pageTitleOf(matches, emptyState)).toBe('Toy');
    const store = startApiStore({ productView: productViewReducer });
    store.dispatch(productPageOpened(7));
    expect(pageTitleOf(matches, store.getState() as unknown as RootState)).toBe('Toy');
    await store.dispatch(catalogueApi.util.upsertQueryData('getProduct', 7, { ...product(7), title: 'Wooden Train Set' }));
    expect(pageTitleOf(matches, store.getState() as unknown as RootState)).toBe('Wooden Train Set');
  });

  it('names the listing by the categories its address shows', () => {
    const matches = [{ handle: { title: listingTitle } }];
    expect(pageTitleOf(matches, emptyState)).toBe('All Products');
    const twoCategories = new URLSearchParams({ category: 'educational-toys,party-supplies', sortBy: 'price-hightolow' });
    expect(pageTitleOf(matches, emptyState, twoCategories)).toBe('Educational Toys, Party Supplies');
  });
});
