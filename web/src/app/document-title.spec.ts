import type { Product } from '@shop/contracts';
import { catalogueReducer } from '../features/catalogue/catalogue.slice';
import { documentTitle, listingTitle, pageTitleOf, productTitle } from './document-title';
import type { RootState } from './store';

/** The titles read the catalogue alone. */
function stateWith(change: (state: RootState) => void): RootState {
  const state = { catalogue: structuredClone(catalogueReducer(undefined, { type: 'start' })) } as RootState;
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

  it('names a product page by its product once loaded', () => {
    const matches = [{ handle: { title: productTitle } }];
    expect(pageTitleOf(matches, emptyState)).toBe('Toy');
    const loaded = stateWith((state) => {
      state.catalogue.productView.product = { title: 'Wooden Train Set' } as Product;
    });
    expect(pageTitleOf(matches, loaded)).toBe('Wooden Train Set');
  });

  it('names the listing by the categories it shows', () => {
    expect(listingTitle(emptyState)).toBe('All Products');
    const twoCategories = stateWith((state) => {
      state.catalogue.listing.query.filters = { category: ['educational-toys', 'party-supplies'] };
    });
    expect(listingTitle(twoCategories)).toBe('Educational Toys, Party Supplies');
  });
});
