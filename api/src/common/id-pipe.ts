import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { LIMITS } from '@shop/contracts';
import { refuse } from './refusals.js';

/** Decimal digits, no sign, no more than an INT UNSIGNED has (10). */
const DECIMAL_ID = /^\d{1,10}$/;

/**
 * An id as a path writes it, or undefined. parseInt and Number read "0x10", "1e3", "+5", " 7" and
 * "7.0" as numbers, and ParseIntPipe lets 99999999999999999999 through: only plain decimal digits
 * from 1 up to what an id column holds are ids.
 */
export function idOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DECIMAL_ID.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= LIMITS.idMax ? id : undefined;
}

/** Ids are auto-increment numbers from 1; anything else in a path is refused before it reaches a query. */
class IdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly message: string) {}

  transform(value: unknown, { data: field = 'id' }: ArgumentMetadata): number {
    const id = idOf(value);
    if (id === undefined) refuse('VALIDATION_FAILED', this.message, { fields: [{ field, message: this.message }] });
    return id;
  }
}

/** A record's id in a path: a whole number from 1, or a 400 with the catalogue message naming what was wrong. */
export function idPipe(message: string): PipeTransform<unknown, number> {
  return new IdPipe(message);
}
