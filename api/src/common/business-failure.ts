import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * An expected refusal (wrong password, e-mail taken) returned by a service as a value; the
 * controller turns it into a 4xx with the catalogue's message. Only the unexpected is thrown.
 */
export class BusinessFailure {
  constructor(
    readonly status: HttpStatus,
    readonly message: string,
  ) {}
}

export function orRefuse<T>(outcome: T | BusinessFailure): T {
  if (outcome instanceof BusinessFailure) throw new HttpException({ message: outcome.message }, outcome.status);
  return outcome;
}
