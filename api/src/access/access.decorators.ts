import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { SessionUser } from '@shop/contracts';
import { clientAddressKey } from './client-address.js';
import type { ShopRequest } from './shop-request.js';

export const PUBLIC_ROUTE = 'access:public';
export const ADMIN_ROUTE = 'access:admin';

/** Open to guests; a signed-in caller is still recognised. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Admins only, for the few admin actions whose paths lie outside /api/admin/ (feature images). */
export const AdminOnly = () => SetMetadata(ADMIN_ROUTE, true);

/** The signed-in caller, as the session says: the only user id a service may act for. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser => {
  const user = context.switchToHttp().getRequest<ShopRequest>().user;
  if (!user) throw new Error('CurrentUser used on a public route');
  return user;
});

/** The id of the session the caller signed in with: what a change that ends "every other session" keeps. */
export const CurrentSessionId = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const sessionId = context.switchToHttp().getRequest<ShopRequest>().sessionId;
  if (!sessionId) throw new Error('CurrentSessionId used on a public route');
  return sessionId;
});

/** On a public route: the signed-in caller, or null for a guest. */
export const CallerIfSignedIn = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionUser | null => context.switchToHttp().getRequest<ShopRequest>().user ?? null,
);

/** The client's address, as the proxies we trust (TRUST_PROXY_HOPS) report it, keyed as abuse limits count it. */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  clientAddressKey(context.switchToHttp().getRequest<ShopRequest>().ip),
);
