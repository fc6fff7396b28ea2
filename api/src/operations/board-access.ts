import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '@shop/contracts';
import { sessionTokenOfRequest } from '../access/session-token.js';
import type { SessionService } from '../access/session.service.js';
import { answerRefusal } from '../common/refusals.js';

/**
 * Bull Board is an Express app mounted beside Nest's router, so the AccessGuard (which guards Nest
 * routes) never sees its requests: this middleware, mounted in front of it, asks the same questions.
 */
export function boardAccess(sessions: SessionService) {
  const logger = new Logger('BullBoard');
  return (request: Request, response: Response, next: NextFunction): void => {
    const token = sessionTokenOfRequest(request);
    (token ? sessions.resume(token) : Promise.resolve(undefined)).then(
      (session) => {
        if (!session) return answerRefusal(response, 'NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated);
        if (session.user.role !== 'admin') return answerRefusal(response, 'FORBIDDEN', MESSAGES.auth.adminRequired);
        next();
      },
      (error: Error) => {
        logger.warn(`Session check failed: ${error.message}`);
        answerRefusal(response, 'SERVICE_UNAVAILABLE', MESSAGES.server.serviceUnavailable);
      },
    );
  };
}
