import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES, type ApiFailure } from '@shop/contracts';
import { sessionTokenOfRequest } from '../access/session-token.js';
import type { SessionService } from '../access/session.service.js';

/**
 * Bull Board is an Express app mounted beside Nest's router, so the AccessGuard (which guards Nest
 * routes) never sees its requests: this middleware, mounted in front of it, asks the same questions.
 */
export function boardAccess(sessions: SessionService) {
  const logger = new Logger('BullBoard');
  const refuse = (response: Response, status: number, message: string) =>
    response.status(status).json({ success: false, message } satisfies ApiFailure);
  return (request: Request, response: Response, next: NextFunction): void => {
    const token = sessionTokenOfRequest(request);
    (token ? sessions.resume(token) : Promise.resolve(undefined)).then(
      (session) => {
        if (!session) return refuse(response, 401, MESSAGES.auth.notAuthenticated);
        if (session.user.role !== 'admin') return refuse(response, 403, MESSAGES.auth.adminRequired);
        next();
      },
      (error: Error) => {
        logger.warn(`Session check failed: ${error.message}`);
        refuse(response, 503, MESSAGES.server.serviceUnavailable);
      },
    );
  };
}
