import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ERROR_STATUS, MESSAGES, type ErrorData } from '@shop/contracts';
import { Refusal } from '@shop/db';
import { bareRefusal, failureOf, RefusalException } from './refusals.js';

/** Error codes of MySQL (mysql2) and of sockets that mean the database or Redis is away, not that the request was wrong. */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
]);

/**
 * A dependency outage: its error (or the driver's error TypeORM wraps) carries one of those codes,
 * or mysql2 marked it fatal (the connection itself is gone, e.g. "Can't add new command when
 * connection is in closed state", which has no code), or ioredis gave up on a command.
 */
function isOutage(exception: unknown): boolean {
  const { code, fatal, driverError, name } = (exception ?? {}) as {
    code?: unknown;
    fatal?: unknown;
    driverError?: { code?: unknown; fatal?: unknown };
    name?: string;
  };
  return (
    OUTAGE_CODES.has(String(code)) ||
    OUTAGE_CODES.has(String(driverError?.code)) ||
    fatal === true ||
    driverError?.fatal === true ||
    name === 'MaxRetriesPerRequestError'
  );
}

/** What a failure amounts to as the api answers it, wherever it was thrown. */
export function refusalOf(exception: unknown): Refusal {
  if (exception instanceof RefusalException) return exception.refusal;
  // Every refusal of the shop's own is a RefusalException: the rest are HTTP's own, in Express's or Nest's words.
  if (exception instanceof HttpException) return bareRefusal(exception.getStatus());
  // MySQL or Redis away (a restart, a failover): the request may be sent again once it is back.
  if (isOutage(exception)) return new Refusal('SERVICE_UNAVAILABLE', MESSAGES.server.serviceUnavailable);
  return new Refusal('INTERNAL_ERROR', MESSAGES.server.internalError);
}

/**
 * Every failure leaves the api as `{ success: false, code, message, data }`: a refusal with its own
 * code, HTTP's own failures (an unknown route, a body too large) with the code their status amounts
 * to, and the status always the code's (libs/contracts, errors.ts), so clients decide on the code.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const refusal = refusalOf(exception);
    if (refusal.code === 'INTERNAL_ERROR') this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    const { retryAfterS } = refusal.data as Partial<ErrorData<'RATE_LIMITED'>>;
    if (refusal.code === 'RATE_LIMITED' && retryAfterS) response.setHeader('Retry-After', retryAfterS);
    response.status(ERROR_STATUS[refusal.code]).json(failureOf(refusal));
  }
}
