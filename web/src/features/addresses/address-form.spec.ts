import { DELIVERY_ZONES, type Address } from '@shop/contracts';
import {
  addressInputOf,
  choosePlace,
  draftOf,
  EMPTY_ADDRESS_DRAFT,
  hasRequiredFields,
  locationsOf,
  subCountiesOf,
  type AddressDraft,
} from './address-form';

const parklands: AddressDraft = {
  county: 'Nairobi',
  subCounty: 'Westlands',
  location: 'Parklands',
  specificAddress: 'Apartment 4B, 3rd Parklands Avenue',
  phone: '0712 345 678',
  notes: 'Blue gate',
  deliveryFee: 150,
};

describe('the cascading place selects', () => {
  it('empties the sub-county, the location and the fee when the county changes', () => {
    expect(choosePlace(parklands, DELIVERY_ZONES, 'county', 'Kiambu')).toEqual({
      ...parklands,
      county: 'Kiambu',
      subCounty: '',
      location: '',
      deliveryFee: null,
    });
  });

  it('empties the location and the fee, but keeps the county, when the sub-county changes', () => {
    expect(choosePlace(parklands, DELIVERY_ZONES, 'subCounty', 'Starehe')).toEqual({
      ...parklands,
      subCounty: 'Starehe',
      location: '',
      deliveryFee: null,
    });
  });

  it('sets the fee the zone table gives the chosen location', () => {
    const starehe = choosePlace(parklands, DELIVERY_ZONES, 'subCounty', 'Starehe');
    expect(choosePlace(starehe, DELIVERY_ZONES, 'location', 'Nairobi Central')).toMatchObject({
      location: 'Nairobi Central',
      deliveryFee: 100,
    });
    expect(choosePlace(starehe, DELIVERY_ZONES, 'location', 'Ngara').deliveryFee).toBe(120);
  });

  it('shows no fee for a location the chosen sub-county does not have', () => {
    expect(choosePlace({ ...parklands, subCounty: 'Starehe' }, DELIVERY_ZONES, 'location', 'Parklands').deliveryFee).toBeNull();
  });

  it('keeps the typed fields through every place change', () => {
    const moved = choosePlace(choosePlace(parklands, DELIVERY_ZONES, 'county', 'Mombasa'), DELIVERY_ZONES, 'subCounty', 'Nyali');
    expect(moved).toMatchObject({ specificAddress: parklands.specificAddress, phone: parklands.phone, notes: parklands.notes });
  });

  it('offers the sub-counties of the chosen county and the locations of the chosen sub-county only', () => {
    expect(subCountiesOf(DELIVERY_ZONES, '')).toEqual([]);
    expect(subCountiesOf(DELIVERY_ZONES, 'Kisumu').map((subCounty) => subCounty.name)).toContain('Seme');
    expect(locationsOf(DELIVERY_ZONES, 'Nairobi', '')).toEqual([]);
    expect(locationsOf(DELIVERY_ZONES, 'Kisumu', 'Seme').map((location) => location.name)).toEqual(['East Seme', 'Kombewa', 'West Seme']);
  });
});

describe('the address form', () => {
  it('needs county, sub-county, location, specific address and phone, but not notes', () => {
    expect(hasRequiredFields({ ...parklands, notes: '' })).toBe(true);
    expect(hasRequiredFields(EMPTY_ADDRESS_DRAFT)).toBe(false);
    for (const field of ['county', 'subCounty', 'location', 'specificAddress', 'phone'] as const) {
      expect(hasRequiredFields({ ...parklands, [field]: '   ' })).toBe(false);
    }
  });

  it('fills the edit form with the phone as Kenyans write it', () => {
    const saved: Address = {
      id: 7,
      ...parklands,
      deliveryFee: 150,
      phone: '254712345678',
      address: 'Apartment 4B, Parklands, Westlands, Nairobi',
    };
    expect(draftOf(saved)).toEqual(parklands);
  });

  it('sends the trimmed fields, and neither a fee nor a composed address', () => {
    const input = addressInputOf({ ...parklands, specificAddress: '  Apartment 4B ', notes: ' ' });
    expect(input).toEqual({
      county: 'Nairobi',
      subCounty: 'Westlands',
      location: 'Parklands',
      specificAddress: 'Apartment 4B',
      phone: '0712 345 678',
      notes: '',
    });
  });
});
