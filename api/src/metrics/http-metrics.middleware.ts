import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiMetrics } from './api-metrics.js';

/** Requests no api route took: 404s, bodies the parser refused. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The web app's fallback ("{*clientPath}", web-shell.module.ts) matches every path and passes /api
 * ones on to the 404: as a label it would only say "not found".
 */
const CATCH_ALL = /^\/?\{?\/?\*/;

function routeLabel(request: Request): string {
  // Express sets request.route once a route matched; by the response's end it is there or never will be.
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' && !CATCH_ALL.test(pattern) ? pattern : UNMATCHED_ROUTE;
}

/**
 * Times every request under /api. The route label is the pattern Express matched
 * ("/api/shop/products/get/:id"), never the URL: ids and the M-Pesa callback's secret token stay
 * out of the series, and their number stays bounded.
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: ApiMetrics) {}

  use(request: Request, response: Response, next: NextFunction): void {
    const endTimer = this.metrics.httpDuration.startTimer();
    response.once('finish', () => endTimer({ method: request.method, route: routeLabel(request), status: String(response.statusCode) }));
    next();
  }
}
