import fc from 'fast-check';
import { parsePhoneNumberFromString as parseWithWorldData } from 'libphonenumber-js/mobile';
import worldMetadata from 'libphonenumber-js/mobile/metadata';
import { KENYA_PHONE_METADATA } from './kenya-phone-metadata.js';
import { kenyanMobileNumber } from './phone.js';

/** What kenyanMobileNumber answered when it carried every country's data (the package's own mobile build). */
function answerWithWorldData(input: string): string | null {
  const typed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return null;
  const parsed = parseWithWorldData(typed, 'KE');
  if (!parsed || parsed.country !== 'KE' || !parsed.isValid()) return null;
  return `${parsed.countryCallingCode}${parsed.nationalNumber}`;
}

describe("Kenya's phone metadata", () => {
  it('is the Kenyan entry of the installed libphonenumber-js mobile metadata (run web/scripts/generate-kenya-phone-metadata.mjs after an upgrade)', () => {
    const kenya = worldMetadata.countries.KE;
    expect(kenya).toBeDefined();
    const callingCode = kenya![0];
    expect(KENYA_PHONE_METADATA).toEqual({
      version: worldMetadata.version,
      country_calling_codes: { [callingCode]: ['KE'] },
      countries: { KE: kenya },
      nonGeographic: {},
    });
    expect(worldMetadata.country_calling_codes[callingCode]).toEqual(['KE']);
  });

  it.each([
    '0712345678',
    '0712 345 678',
    '+254712345678',
    '254712345678',
    '+254 (0) 712 345 678',
    '0110345678',
    '0100 345 678',
    '0201234567',
    '0800 123 456',
    '+255712345678',
    '+1 202 555 0143',
    '000254712345678',
    '00254712345678',
    '712345678',
    '07123',
    '+',
  ])('reads %p as it did with every country known', (typed) => {
    expect(kenyanMobileNumber(typed)).toBe(answerWithWorldData(typed));
  });

  it('reads anything a shopper may type as it did with every country known', () => {
    const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const prefix = fc.constantFrom('', '0', '07', '01', '+254', '254', '+2547', '+255', '+256', '+1', '+44', '00', '000');
    const separator = fc.constantFrom('', ' ', '-', '.', '(', ')');
    const typed = fc
      .tuple(prefix, separator, digits(0, 4), separator, digits(0, 4), separator, digits(0, 5))
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(typed, (input) => kenyanMobileNumber(input) === answerWithWorldData(input)),
      { numRuns: 5000 },
    );
  });
});
