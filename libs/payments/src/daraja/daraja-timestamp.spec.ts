import fc from 'fast-check';
import { darajaPassword, darajaTimestamp, parseDarajaTimestamp } from './daraja-timestamp.js';

describe('Daraja timestamps', () => {
  const newYearInNairobi = new Date('2024-12-31T21:30:05Z');

  it('reads the time on Nairobi’s clocks, three hours ahead of UTC', () => {
    expect(darajaTimestamp(newYearInNairobi)).toBe('20250101003005');
  });

  it('agrees with Nairobi’s clock as the time-zone database keeps it, at any instant of this century', () => {
    const nairobi = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Africa/Nairobi', dateStyle: 'short', timeStyle: 'medium' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), (at) => {
        expect(darajaTimestamp(at)).toBe(nairobi.format(at).replace(/\D/g, ''));
      }),
    );
  });

  it('reads a callback’s TransactionDate back as the same instant', () => {
    expect(parseDarajaTimestamp(20250101003005)).toEqual(newYearInNairobi);
    expect(parseDarajaTimestamp('20250101003005')).toEqual(newYearInNairobi);
  });

  it.each(['2025-01-01', '2025010100300', '20250231120000', '20251301000000', '20250101250000'])('finds no instant in %p', (value) => {
    expect(parseDarajaTimestamp(value)).toBeNull();
  });

  it('makes the STK password from shortcode, passkey and timestamp', () => {
    expect(darajaPassword('174379', 'toyduka-local-daraja-passkey', '20250101003005')).toBe(
      'MTc0Mzc5dG95ZHVrYS1sb2NhbC1kYXJhamEtcGFzc2tleTIwMjUwMTAxMDAzMDA1',
    );
  });
});
