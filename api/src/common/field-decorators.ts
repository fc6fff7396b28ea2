import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
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
