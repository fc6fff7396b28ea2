import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import type { AppConfig } from '@shop/config';
import { MESSAGES, type SessionUser } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { refuse } from '../common/refusals.js';
import { ADMIN_ROUTE, PUBLIC_ROUTE } from './access.decorators.js';
import { SESSION_COOKIE, sessionCookieOptions, sessionTokenOfRequest } from './session-token.js';
import { SessionService } from './session.service.js';
import type { ShopRequest } from './shop-request.js';

/** Admin-only by path, so no admin route can forget to say so. */
const ADMIN_PATH_PREFIX = '/api/admin/';

/**
 * A user id the request names in its path or body; a route may only name its caller. A body's
 * userId may be any JSON: an object or array names nobody, and String() of `{"toString": 1}` throws.
 */
function namedUserIds(request: ShopRequest): (string | undefined)[] {
  const body = request.body as Record<string, unknown> | undefined;
  return [request.params?.userId, body && typeof body === 'object' ? body.userId : undefined]
    .filter((value) => value !== undefined)
    .map((value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined));
}

/**
 * The one door of every HTTP route: who is calling (session cookie or bearer), whether the route
 * needs someone signed in or an admin, and whether a user id in the request is the caller's own.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<ShopRequest>();
    await this.identify(request, context.switchToHttp().getResponse<Response>());

    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    if (!request.user) refuse('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated);
    // Express matches routes case-insensitively: /API/Admin/… reaches the same handlers.
    const adminOnly =
      request.path.toLowerCase().startsWith(ADMIN_PATH_PREFIX) || this.reflector.getAllAndOverride<boolean>(ADMIN_ROUTE, targets);
    if (adminOnly && request.user.role !== 'admin') refuse('FORBIDDEN', MESSAGES.auth.adminRequired);
    this.assertOwnData(request, request.user);
    return true;
  }

  private async identify(request: ShopRequest, response: Response): Promise<void> {
    const token = sessionTokenOfRequest(request);
    const session = token ? await this.sessions.resume(token) : undefined;
    if (!session) return;
    request.user = session.user;
    request.sessionId = session.id;
    if (session.renewed && request.cookies?.[SESSION_COOKIE] === token) {
      response.cookie(SESSION_COOKIE, token, sessionCookieOptions(this.config.NODE_ENV));
    }
  }

  private assertOwnData(request: ShopRequest, caller: SessionUser): void {
    if (namedUserIds(request).some((userId) => userId !== String(caller.id))) {
      refuse('FORBIDDEN', MESSAGES.auth.notYourAccount);
    }
  }
}
