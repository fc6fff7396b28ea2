import { composeAddress, deliveryFeeOf } from './index.js';
import { formatKenyanMobile, kenyanMobileNumber } from './phone.js';

describe('Kenyan mobile numbers', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['0110345678', '254110345678'],
    ['+254 110-345-678', '254110345678'],
  ])('stores %s as %s', (typed, stored) => {
    expect(kenyanMobileNumber(typed)).toBe(stored);
  });

  it.each(['071234567', '07123456789', '07l2345678', '0712345678abc', '0201234567', '+255712345678', '', 'phone'])(
    'refuses %p',
    (typed) => {
      expect(kenyanMobileNumber(typed)).toBeNull();
    },
  );

  it('reads a stored number back the Kenyan way', () => {
    expect(formatKenyanMobile('254712345678')).toBe('0712 345 678');
  });
});

describe('delivery places', () => {
  it('prices a location of the zone table', () => {
    expect(deliveryFeeOf({ county: 'Nairobi', subCounty: 'Starehe', location: 'Nairobi Central' })).toBe(100);
  });

  it('knows no location outside its own sub-county and county', () => {
    expect(deliveryFeeOf({ county: 'Kisumu', subCounty: 'Starehe', location: 'Nairobi Central' })).toBeUndefined();
    expect(deliveryFeeOf({ county: 'Nairobi', subCounty: 'Kamukunji', location: 'Nairobi Central' })).toBeUndefined();
    expect(deliveryFeeOf({ county: 'nairobi', subCounty: 'Starehe', location: 'Nairobi Central' })).toBeUndefined();
  });

  it('composes the one-line address, most specific part first', () => {
    expect(composeAddress({ county: 'Nairobi', subCounty: 'Starehe', location: 'Ngara', specificAddress: 'Plot 12, Park Road' })).toBe(
      'Plot 12, Park Road, Ngara, Starehe, Nairobi',
    );
  });
});
