import { activeFilterCount, filtersOnEntry, listingAddress, toggleFilterValue } from './listing-request';

describe('listing request', () => {
  it('toggles a filter value on and off', () => {
    const withPlay = toggleFilterValue({}, 'category', 'pretend-play');
    expect(withPlay).toEqual({ category: ['pretend-play'] });
    const withBoth = toggleFilterValue(withPlay, 'category', 'home-decor');
    expect(withBoth).toEqual({ category: ['pretend-play', 'home-decor'] });
    expect(toggleFilterValue(withBoth, 'category', 'pretend-play')).toEqual({ category: ['home-decor'] });
    expect(toggleFilterValue({ category: ['home-decor'], availability: ['in-stock'] }, 'category', 'home-decor')).toEqual({
      availability: ['in-stock'],
    });
  });

  it("starts from the stored filters, with the address's groups winning", () => {
    const stored = { category: ['home-decor'], priceBand: ['under-500'] };
    expect(filtersOnEntry(new URLSearchParams(''), stored)).toEqual(stored);
    expect(filtersOnEntry(new URLSearchParams('category=pretend-play'), stored)).toEqual({
      category: ['pretend-play'],
      priceBand: ['under-500'],
    });
    expect(filtersOnEntry(new URLSearchParams('category=rockets'), stored)).toEqual(stored);
  });

  it('counts the chosen values of every group', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ category: ['home-decor', 'pretend-play'], availability: ['on-sale'] })).toBe(3);
  });

  it('writes the filters as comma lists, and the page only past the first', () => {
    const filters = { category: ['pretend-play', 'home-decor'] };
    expect(listingAddress({ filters, sortBy: 'price-hightolow', page: 1 }).toString()).toBe(
      'category=pretend-play%2Chome-decor&sortBy=price-hightolow',
    );
    expect(listingAddress({ filters: {}, sortBy: 'price-lowtohigh', page: 3 }).toString()).toBe('sortBy=price-lowtohigh&page=3');
  });
});
