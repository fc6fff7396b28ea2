import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min, ValidateBy } from 'class-validator';
import { LIMITS, MESSAGES } from '@shop/contracts';

/** Surrounding spaces are no part of a name, a label or a message: they are cut before the rules look. */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
}

/** Whole Kenyan shillings or a count: an integer from 0 up to a sane maximum. Strings are not numbers. */
export function WholeAmount(message: string): PropertyDecorator {
  return applyDecorators(
    IsInt({ message }),
    Min(0, { message }),
    Max(LIMITS.amountMax, { message: MESSAGES.products.amountTooLarge(LIMITS.amountMax) }),
  );
}

/** An id in a body: a JSON whole number an id column can hold (INT UNSIGNED), else `message`. */
export function RecordId(message: string): PropertyDecorator {
  return applyDecorators(IsInt({ message }), Min(1, { message }), Max(LIMITS.idMax, { message }));
}

/** How many of a product: at least one, and never more than any stock can be. */
export function Quantity(): PropertyDecorator {
  return applyDecorators(
    IsInt({ message: MESSAGES.cart.quantityInvalid }),
    Min(1, { message: MESSAGES.cart.quantityInvalid }),
    Max(LIMITS.amountMax, { message: MESSAGES.cart.quantityTooLarge(LIMITS.amountMax) }),
  );
}

/** Decimal digits only: the one way the shop writes a number in a URL. Too many of them is for Max to say. */
const DECIMAL_DIGITS = /^\d+$/;

/**
 * A whole number from a query string. Number() would read "0x10" as 16, "1e3" as 1000 and " 7" as
 * 7: only decimal digits become a number, anything else stays text for IsInt to refuse.
 */
export function DecimalQueryNumber(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value));
}

/**
 * At most `max` characters as a utf8mb4 VARCHAR(max) counts them: code points. class-validator's
 * MaxLength counts 'x' + U+FE0F as one, so text it passes could still overflow the column and fail
 * as a 500. Every text the shop stores is checked with this; non-strings are left to IsString.
 */
export function MaxCharacters(max: number, message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxCharacters',
      constraints: [max],
      validator: { validate: (value: unknown) => typeof value !== 'string' || [...value].length <= max },
    },
    { message },
  );
}
