import { ROUTES, SHOP_NAVIGATION } from '@shop/contracts';
import { activeNavigationId, listingStep, navigationStep, type ShopNavigationEntry } from './shop-navigation';

function entry(id: string): ShopNavigationEntry {
  const found = SHOP_NAVIGATION.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no header entry ${id}`);
  return found;
}

describe('shop header navigation', () => {
  it('replaces the stored filters by the chosen category alone', () => {
    expect(navigationStep(entry('pretend-play'), ROUTES.shopHome).filters).toEqual({ category: ['pretend-play'] });
  });

  it('clears the stored filters for home, products and search', () => {
    for (const id of ['home', 'products', 'search']) expect(navigationStep(entry(id), ROUTES.shopListing).filters).toEqual({});
  });

  it("opens the entry's page from any other page", () => {
    expect(navigationStep(entry('pretend-play'), ROUTES.shopHome)).toMatchObject({
      to: '/shop/listing?category=pretend-play',
      replace: false,
    });
    expect(navigationStep(entry('products'), ROUTES.shopAccount)).toMatchObject({ to: ROUTES.shopListing, replace: false });
    expect(navigationStep(entry('search'), ROUTES.shopHome)).toMatchObject({ to: ROUTES.shopSearch, replace: false });
  });

  it('on the listing changes only the query string, in place', () => {
    expect(navigationStep(entry('home-decor'), ROUTES.shopListing)).toEqual({
      filters: { category: ['home-decor'] },
      to: '/shop/listing?category=home-decor',
      replace: true,
    });
    expect(navigationStep(entry('products'), ROUTES.shopListing)).toMatchObject({ to: ROUTES.shopListing, replace: true });
  });

  it('leaves the listing for home and search', () => {
    expect(navigationStep(entry('home'), ROUTES.shopListing)).toMatchObject({ to: ROUTES.shopHome, replace: false });
    expect(navigationStep(entry('search'), ROUTES.shopListing)).toMatchObject({ to: ROUTES.shopSearch, replace: false });
  });

  it('opens the listing from the home page on one category or on every toy', () => {
    expect(listingStep('pretend-play')).toEqual({ filters: { category: ['pretend-play'] }, to: '/shop/listing?category=pretend-play' });
    expect(listingStep(null)).toEqual({ filters: {}, to: ROUTES.shopListing });
  });

  it('highlights the entry of the current page', () => {
    expect(activeNavigationId(ROUTES.shopHome, '')).toBe('home');
    expect(activeNavigationId(ROUTES.shopListing, '?category=pretend-play&sortBy=title-atoz')).toBe('pretend-play');
    expect(activeNavigationId(ROUTES.shopListing, '')).toBe('products');
    expect(activeNavigationId(ROUTES.shopListing, '?category=pretend-play,home-decor')).toBeNull();
    expect(activeNavigationId(ROUTES.shopAccount, '')).toBeNull();
  });
});
