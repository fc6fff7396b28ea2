import { HttpException } from '@nestjs/common';
import { Refusal } from '@shop/db';

/**
 * An expected refusal (wrong password, e-mail taken) returned by a service as a value; the
 * controller turns it into a 4xx with the catalogue's message. Only the unexpected is thrown.
 * Answered from a transaction's work, it rolls the transaction back (inTransaction).
 */
export class BusinessFailure extends Refusal {}

export function orRefuse<T>(outcome: T | BusinessFailure): T {
  if (outcome instanceof BusinessFailure) throw new HttpException({ message: outcome.message }, outcome.status);
  return outcome;
}
