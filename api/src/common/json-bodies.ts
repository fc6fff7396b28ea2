import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CATALOGUE_API, LIMITS, MESSAGES, NOTIFICATION_API } from '@shop/contracts';
import { readCallbackBodiesAsText } from '../payment-callbacks/callback-bodies.js';
import { answerRefusal } from './refusals.js';
import { WRITE_METHODS } from './request-origin.js';

/** The one route that takes a file: the admin's image upload. */
const MULTIPART_PATHS = new Set<string>([CATALOGUE_API.uploadImage]);
/** Africa's Talking posts its delivery reports as a form, to a path below this one (the secret token). */
const FORM_PATH_PREFIX = NOTIFICATION_API.africasTalkingDeliveryReport('');
/** A delivery report is a handful of short fields. */
const FORM_BODY_LIMIT = '16kb';

/**
 * A write with a body must be JSON: a cross-site HTML form can send form fields, multipart or
 * text/plain without asking the browser's permission, but never application/json. The upload
 * route takes multipart and is left to the Origin check; the SMS delivery reports come as a form
 * from Africa's Talking, no browser's, and are guarded by the secret in their path.
 */
function refuseNonJsonWrites(request: Request, response: Response, next: NextFunction): void {
  if (!WRITE_METHODS.has(request.method) || !hasBody(request)) return next();
  if (request.path.startsWith(FORM_PATH_PREFIX)) {
    if (request.is('application/x-www-form-urlencoded')) return next();
    return answerRefusal(response, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.notifications.formOnly);
  }
  const takesFile = MULTIPART_PATHS.has(request.path);
  if (request.is(takesFile ? 'multipart/form-data' : 'application/json')) return next();
  answerRefusal(response, 'UNSUPPORTED_MEDIA_TYPE', takesFile ? MESSAGES.server.multipartOnly : MESSAGES.server.jsonOnly);
}

/** As HTTP/1.1 tells: a body is announced by its length or by chunked transfer. */
function hasBody(request: Request): boolean {
  return (
    request.headers['transfer-encoding'] !== undefined ||
    (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0')
  );
}

/** How deep a parsed value nests, counted without recursion and given up on past `limit`. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/** JSON.parse takes any depth, but validation and the DTO transform walk a body recursively. */
function refuseDeepBodies(request: Request, response: Response, next: NextFunction): void {
  if (nestsDeeperThan(request.body, LIMITS.jsonBodyMaxDepth))
    return answerRefusal(response, 'VALIDATION_FAILED', MESSAGES.server.bodyTooDeep, {
      fields: [{ field: 'body', message: MESSAGES.server.bodyTooDeep }],
    });
  next();
}

/**
 * The api's request bodies: JSON only on writes, the providers' callbacks kept as their raw text,
 * the SMS delivery reports read as flat form fields, everything else parsed as JSON and bounded in
 * depth. Registered before Nest's own parsers, which leave a body already read alone.
 */
export function readJsonBodies(app: INestApplication): void {
  app.use(refuseNonJsonWrites);
  readCallbackBodiesAsText(app);
  // Flat: a repeated field becomes an array, which validation refuses, and no nesting is built.
  app.use(NOTIFICATION_API.africasTalkingDeliveryReport(':token'), express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT }));
  app.use(express.json({ limit: LIMITS.jsonBodyMaxBytes }), refuseDeepBodies);
}
