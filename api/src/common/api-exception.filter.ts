import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { MESSAGES, type ApiFailure } from '@shop/contracts';
import { TooManyRequestsException } from '../throttling/rate-limits.service.js';

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

const MESSAGE_BY_STATUS: Partial<Record<number, string>> = {
  [HttpStatus.NOT_FOUND]: MESSAGES.server.notFound,
  [HttpStatus.PAYLOAD_TOO_LARGE]: MESSAGES.server.bodyTooLarge,
  [HttpStatus.TOO_MANY_REQUESTS]: MESSAGES.server.tooManyRequests,
  [HttpStatus.SERVICE_UNAVAILABLE]: MESSAGES.server.serviceUnavailable,
};

/** Every failure leaves the api as `{ success: false, message }`, the shape the shop's clients read. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (exception instanceof TooManyRequestsException) response.setHeader('Retry-After', Math.ceil(exception.retryAfterMs / 1000));
    response.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; body: ApiFailure } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const answer = exception.getResponse();
      const detail =
        typeof answer === 'object' && answer !== null ? (answer as { message?: unknown; errors?: string[] }) : { message: answer };
      // A refusal's words are the shop's own; a 500's are not meant for shoppers. 503 may say what is
      // away, and 502 that a payment provider refused (the shopper is told to try again).
      const speaksForItself = status < 500 || status === HttpStatus.SERVICE_UNAVAILABLE || status === HttpStatus.BAD_GATEWAY;
      const message =
        typeof detail.message === 'string' && speaksForItself && !this.isFromBelowNest(exception)
          ? detail.message
          : this.fallbackMessage(status);
      return { status, body: { success: false, message, ...(detail.errors ? { errors: detail.errors } : {}) } };
    }
    // MySQL or Redis away (a restart, a failover): the request may be sent again once it is back.
    if (isOutage(exception))
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { success: false, message: MESSAGES.server.serviceUnavailable } };
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: MESSAGES.server.internalError } };
  }

  /**
   * Texts written by Express, the body parser or Nest's router ("Cannot GET /x", "Unexpected end of
   * JSON input") are not the shop's words: the catalogue's replace them.
   */
  private isFromBelowNest(exception: HttpException): boolean {
    return (
      (exception.cause instanceof Error && !(exception.cause instanceof HttpException)) ||
      (exception.constructor.name === 'NotFoundException' && String(exception.message).startsWith('Cannot '))
    );
  }

  private fallbackMessage(status: number): string {
    return MESSAGE_BY_STATUS[status] ?? (status >= 500 ? MESSAGES.server.internalError : MESSAGES.server.validationFailed);
  }
}
