import { BadRequestException, ParseIntPipe } from '@nestjs/common';

/** A record's id in a path: a whole number, or a 400 with the catalogue message naming what was wrong. */
export function idPipe(message: string): ParseIntPipe {
  return new ParseIntPipe({ exceptionFactory: () => new BadRequestException({ message }) });
}
