import {
  CATEGORIES,
  coverImage,
  DELIVERY_ZONES,
  formatKes,
  JOB_QUEUE,
  JOBS,
  LIMITS,
  MESSAGES,
  SORT_OPTIONS,
  startOfNairobiDay,
} from './index.js';

const FEE_RANGES: Record<string, [number, number]> = {
  Nairobi: [100, 280],
  Kiambu: [230, 350],
  Kajiado: [200, 750],
  Machakos: [280, 450],
  Mombasa: [300, 390],
  Kisumu: [400, 450],
};

describe('shop contracts', () => {
  it('lists the ten categories and the four sort options', () => {
    expect(CATEGORIES).toHaveLength(10);
    expect(SORT_OPTIONS.map((option) => option.id)).toEqual(['price-lowtohigh', 'price-hightolow', 'title-atoz', 'title-ztoa']);
  });

  it('keeps every delivery fee inside its county range', () => {
    expect(DELIVERY_ZONES.map((county) => county.name)).toEqual(Object.keys(FEE_RANGES));
    for (const county of DELIVERY_ZONES) {
      const [low, high] = FEE_RANGES[county.name];
      for (const location of county.subCounties.flatMap((subCounty) => subCounty.locations)) {
        expect(Number.isInteger(location.fee) && location.fee >= low && location.fee <= high).toBe(true);
      }
    }
  });

  it('prices Nairobi Central at 100 and Ruai at 280', () => {
    const nairobi = DELIVERY_ZONES.find((county) => county.name === 'Nairobi')!.subCounties.flatMap((subCounty) => subCounty.locations);
    expect(nairobi.find((location) => location.name === 'Nairobi Central')?.fee).toBe(100);
    expect(nairobi.find((location) => location.name === 'Ruai')?.fee).toBe(280);
  });

  it('names sub-counties and locations once within their parent', () => {
    for (const county of DELIVERY_ZONES) {
      const subCountyNames = county.subCounties.map((subCounty) => subCounty.name);
      expect(new Set(subCountyNames).size).toBe(subCountyNames.length);
      for (const subCounty of county.subCounties) {
        const names = subCounty.locations.map((location) => location.name);
        expect(new Set(names).size).toBe(names.length);
      }
    }
  });

  it('routes every job to a queue', () => {
    expect(Object.values(JOBS).every((job) => JOB_QUEUE[job] !== undefined)).toBe(true);
  });

  it('words the stock message with the current quantity', () => {
    expect(MESSAGES.cart.onlyQuantityCanBeAdded(4)).toBe('Only 4 quantity can be added for this item');
    expect(LIMITS.maxAddressesPerUser).toBe(3);
  });

  it('formats prices as Kenyan shillings, never dollars', () => {
    expect(formatKes(1250)).toMatch(/^KES\s1,250$/);
    expect(formatKes(1250)).not.toContain('$');
  });

  it('shows the first variation where a product has no main image', () => {
    expect(coverImage({ image: 'main.png', variations: [{ image: 'red.png' }] })).toBe('main.png');
    expect(coverImage({ image: null, variations: [{ image: 'red.png' }, { image: 'blue.png' }] })).toBe('red.png');
    expect(coverImage({ image: null, variations: [] })).toBeNull();
  });

  it("starts the shop's day at midnight in Nairobi, whatever the server's zone", () => {
    expect(startOfNairobiDay(new Date('2026-11-21T20:59:59Z')).toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(startOfNairobiDay(new Date('2026-11-21T21:00:00Z')).toISOString()).toBe('2026-11-21T21:00:00.000Z');
  });
});
