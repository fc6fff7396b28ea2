import { parse as parseCookies } from 'cookie';
import type { CookieOptions, Request } from 'express';
import { isDevelopmentEnvironment, type AppConfig } from '@shop/config';
import { LIMITS } from '@shop/contracts';

export const SESSION_COOKIE = 'toyduka_session';

/** A session's token is a secret token like the shop's others: unguessable, opaque to the browser, stored hashed. */
export { newSecretToken as newSessionToken, secretTokenHash as sessionTokenHash } from '@shop/db';

/** Secure (https only) everywhere but development and test, which run on plain http://localhost. */
export function sessionCookieOptions(nodeEnv: AppConfig['NODE_ENV']): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: !isDevelopmentEnvironment(nodeEnv), path: '/', maxAge: LIMITS.sessionIdleTimeoutMs };
}

/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The session token of an HTTP request: `Authorization: Bearer` first, then the cookie. */
export function sessionTokenOfRequest(request: Request): string | undefined {
  return bearerToken(request.headers.authorization) ?? (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
}

/** The same for a Socket.IO handshake, where a client may also pass the token as `auth.token`. */
export function sessionTokenOfHandshake(handshake: {
  headers: Record<string, string | string[] | undefined>;
  auth: Record<string, unknown>;
}): string | undefined {
  const fromAuth = typeof handshake.auth.token === 'string' ? handshake.auth.token : undefined;
  const cookieHeader = handshake.headers.cookie;
  const fromCookie = typeof cookieHeader === 'string' ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
  return fromAuth ?? bearerToken(handshake.headers.authorization as string | undefined) ?? fromCookie;
}
