import { isSearchableKeyword } from './search-keyword';

describe('search keyword', () => {
  it('searches only for more than 3 characters after trimming', () => {
    expect(isSearchableKeyword('lego')).toBe(true);
    expect(isSearchableKeyword('car')).toBe(false);
    expect(isSearchableKeyword('  car   ')).toBe(false);
    expect(isSearchableKeyword('')).toBe(false);
  });
});
