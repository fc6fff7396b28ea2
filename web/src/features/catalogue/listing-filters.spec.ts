import { memoryStorage } from '../../testing/memory-storage';
import { storedListingFilters, storeListingFilters } from './listing-filters';

describe('listing filters in session storage', () => {
  it('reads back what was stored', () => {
    const storage = memoryStorage();
    storeListingFilters({ category: ['pretend-play', 'stationery-school'], availability: ['in-stock'] }, storage);
    expect(storedListingFilters(storage)).toEqual({ category: ['pretend-play', 'stationery-school'], availability: ['in-stock'] });
  });

  it('keeps every availability value chosen, as it keeps every category', () => {
    const storage = memoryStorage();
    storeListingFilters({ availability: ['in-stock', 'on-sale'] }, storage);
    expect(storedListingFilters(storage)).toEqual({ availability: ['in-stock', 'on-sale'] });
  });

  it('drops values no filter group knows and survives garbage', () => {
    const storage = memoryStorage();
    storage.setItem('toyduka.listing.filters', JSON.stringify({ category: ['pretend-play', 'rockets'], colour: ['red'] }));
    expect(storedListingFilters(storage)).toEqual({ category: ['pretend-play'] });
    storage.setItem('toyduka.listing.filters', '{not json');
    expect(storedListingFilters(storage)).toEqual({});
  });
});
