import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '@shop/contracts';
import { answerRefusal } from '../common/refusals.js';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * /uploads is read, never written: the static file server would answer any other method with a bare
 * 405, so it is refused here first, with a code, as every other refusal of the api is.
 */
export function refuseUploadWrites(request: Request, response: Response, next: NextFunction): void {
  if (READ_METHODS.has(request.method)) return next();
  response.setHeader('Allow', 'GET, HEAD');
  answerRefusal(response, 'METHOD_NOT_ALLOWED', MESSAGES.server.readOnly);
}
