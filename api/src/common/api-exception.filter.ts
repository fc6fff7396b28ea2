import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { MESSAGES, type ApiFailure } from '@shop/contracts';

/** Errors raised below Nest (body parser, multer) that carry an HTTP status of their own. */
interface StatusError {
  status?: number;
  statusCode?: number;
  type?: string;
}

const MESSAGE_BY_STATUS: Partial<Record<number, string>> = {
  [HttpStatus.NOT_FOUND]: MESSAGES.server.notFound,
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
    response.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; body: ApiFailure } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const answer = exception.getResponse();
      const detail = typeof answer === 'object' && answer !== null ? (answer as { message?: unknown; errors?: string[] }) : { message: answer };
      const message = typeof detail.message === 'string' && status < 500 && !this.isFrameworkDefault(exception, detail.message) ? detail.message : this.fallbackMessage(status);
      return { status, body: { success: false, message, ...(detail.errors ? { errors: detail.errors } : {}) } };
    }
    const status = (exception as StatusError)?.status ?? (exception as StatusError)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { status, body: { success: false, message: MESSAGES.server.validationFailed } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: MESSAGES.server.internalError } };
  }

  /** Nest's own texts ("Cannot GET /x") are replaced by the catalogue's. */
  private isFrameworkDefault(exception: HttpException, message: string): boolean {
    return exception.getStatus() === HttpStatus.NOT_FOUND && message.startsWith('Cannot ');
  }

  private fallbackMessage(status: number): string {
    return MESSAGE_BY_STATUS[status] ?? (status >= 500 ? MESSAGES.server.internalError : MESSAGES.server.validationFailed);
  }
}
