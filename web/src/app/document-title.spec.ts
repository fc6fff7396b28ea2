import { catalogueApi } from '../features/catalogue/catalogue.api';
import { catalogueReducer } from '../features/catalogue/catalogue.slice';
import { productPageOpened, productViewReducer } from '../features/catalogue/productView.slice';
import { startApiStore } from '../testing/api-store';
import { product } from '../testing/products';
import { documentTitle, listingTitle, pageTitleOf, productTitle } from './document-title';
import type { RootState } from './store';

/** The titles read the catalogue, the product view and the api's cache alone. */
function stateWith(change: (state: RootState) => void): RootState {
  const store = startApiStore({ catalogue: catalogueReducer, productView: productViewReducer });
  const state = structuredClone(store.getState()) as unknown as RootState;
  change(state);
  return state;
}

const emptyState = stateWith(() => undefined);

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
    const store = startApiStore({ catalogue: catalogueReducer, productView: productViewReducer });
    store.dispatch(productPageOpened(7));
    expect(pageTitleOf(matches, store.getState() as unknown as RootState)).toBe('Toy');
    await store.dispatch(catalogueApi.util.upsertQueryData('getProduct', 7, { ...product(7), title: 'Wooden Train Set' }));
    expect(pageTitleOf(matches, store.getState() as unknown as RootState)).toBe('Wooden Train Set');
  });

  it('names the listing by the categories it shows', () => {
    expect(listingTitle(emptyState)).toBe('All Products');
    const twoCategories = stateWith((state) => {
      state.catalogue.listing.query.filters = { category: ['educational-toys', 'party-supplies'] };
    });
    expect(listingTitle(twoCategories)).toBe('Educational Toys, Party Supplies');
  });
});
