import { HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { codeOfBareStatus, ERROR_STATUS, wordsOfBareCode, type ApiFailure, type ErrorCode } from '@shop/contracts';
import { Refusal, type RefusalData } from '@shop/db';

/**
 * A refusal on its way out of a controller, guard or pipe: the exception filter answers its code,
 * message and data with the code's status (libs/contracts, errors.ts). Services return a Refusal
 * as a value instead (inTransaction rolls back on one); only the unexpected is thrown.
 */
export class RefusalException extends HttpException {
  constructor(readonly refusal: Refusal) {
    super({ message: refusal.message }, ERROR_STATUS[refusal.code]);
  }
}

/** Throws the refusal of `code` with its words and data: for guards, pipes and controllers, which have no value to return. */
export function refuse<C extends ErrorCode>(code: C, message: string, ...data: RefusalData<C>): never {
  throw new RefusalException(new Refusal(code, message, ...data));
}

/** A service's outcome, or its refusal thrown as the api's answer. */
export function orRefuse<T>(outcome: T | Refusal): T {
  if (outcome instanceof Refusal) throw new RefusalException(outcome);
  return outcome;
}

/** The body every refusal is answered with. */
export function failureOf({ code, message, data }: Refusal): ApiFailure {
  return { success: false, code, message, data } as ApiFailure;
}

/** Answers a refusal from Express middleware in front of Nest, where the exception filter does not reach. */
export function answerRefusal<C extends ErrorCode>(response: Response, code: C, message: string, ...data: RefusalData<C>): void {
  response.status(ERROR_STATUS[code]).json(failureOf(new Refusal(code, message, ...data)));
}

/**
 * What HTTP's own failure of `status` amounts to (an unknown route, a body that is no JSON, a path
 * that does not decode): the code the status stands for, in the catalogue's words, never the words
 * of Express or Nest.
 */
export function bareRefusal(status: number): Refusal {
  const code = codeOfBareStatus(status);
  const message = wordsOfBareCode(code);
  if (code === 'VALIDATION_FAILED') return new Refusal(code, message, { fields: [{ field: 'request', message }] });
  if (code === 'RATE_LIMITED') return new Refusal(code, message, { retryAfterS: null });
  return new Refusal(code, message);
}
