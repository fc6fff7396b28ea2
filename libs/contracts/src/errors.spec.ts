import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { codeOfBareStatus, ERROR_CODES, ERROR_STATUS, isErrorCode, isSuccessStatus } from './errors.js';

describe('the refusal codes', () => {
  it('are the rows of the table in docs/errors.md, with the same statuses', async () => {
    const table = await readFile(join(process.cwd(), 'docs/errors.md'), 'utf8');
    const rows = [...table.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map(([, code, status]) => [code, Number(status)]);
    expect(rows).toEqual(Object.entries(ERROR_STATUS));
  });

  it('answer with a 4xx, but for the shop’s own faults and a provider’s failure', () => {
    const notRefusals = ERROR_CODES.filter((code) => ERROR_STATUS[code] >= 500);
    expect(notRefusals).toEqual(['INTERNAL_ERROR', 'PROVIDER_FAILED', 'SERVICE_UNAVAILABLE', 'GOOGLE_SIGN_IN_UNAVAILABLE']);
    expect(ERROR_CODES.every((code) => ERROR_STATUS[code] >= 400)).toBe(true);
  });

  it("give HTTP's own failures a code whose status they answer with", () => {
    for (const status of [400, 401, 403, 404, 405, 413, 415, 429, 503]) expect(ERROR_STATUS[codeOfBareStatus(status)]).toBe(status);
    expect([codeOfBareStatus(502), codeOfBareStatus(504), codeOfBareStatus(500)]).toEqual([
      'SERVICE_UNAVAILABLE',
      'SERVICE_UNAVAILABLE',
      'INTERNAL_ERROR',
    ]);
    expect([isSuccessStatus(204), isSuccessStatus(302), isSuccessStatus(404)]).toEqual([true, false, false]);
    expect([isErrorCode('STOCK_SHORT'), isErrorCode('toString'), isErrorCode(409)]).toEqual([true, false, false]);
  });
});
