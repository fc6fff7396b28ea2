import { BadRequestException, ParseIntPipe, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';

/** Ids are auto-increment numbers from 1; anything else in a path is refused before it reaches a query. */
class IdPipe implements PipeTransform<string, Promise<number>> {
  private readonly wholeNumber: ParseIntPipe;

  constructor(private readonly message: string) {
    this.wholeNumber = new ParseIntPipe({ exceptionFactory: () => new BadRequestException({ message }) });
  }

  async transform(value: string, metadata: ArgumentMetadata): Promise<number> {
    const id = await this.wholeNumber.transform(value, metadata);
    // Without `optional`, ParseIntPipe answers a number or throws.
    if (id === null || id === undefined || id < 1) throw new BadRequestException({ message: this.message });
    return id;
  }
}

/** A record's id in a path: a whole number from 1, or a 400 with the catalogue message naming what was wrong. */
export function idPipe(message: string): PipeTransform<string, Promise<number>> {
  return new IdPipe(message);
}
