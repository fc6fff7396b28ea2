import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '@shop/config';
import { MESSAGES } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { bearerToken } from '../access/session-token.js';
import { refuse } from '../common/refusals.js';
import { sameSecret } from '../common/secrets.js';

/**
 * METRICS_TOKEN in front of /api/metrics: the api serves the whole site on one port, so without it
 * the route and its traffic figures are anyone's who reaches that port. Production refuses to start
 * without the token (libs/config); in development and test an unset token leaves the route open.
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.METRICS_TOKEN;
    if (!expected) return true;
    const http = context.switchToHttp();
    const given = bearerToken(http.getRequest<Request>().headers.authorization);
    if (given !== undefined && sameSecret(given, expected)) return true;
    // RFC 6750: a 401 names the scheme it wants, so a misconfigured scraper's log says what is missing.
    http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    refuse('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated);
  }
}
