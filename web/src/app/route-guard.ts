import { ROUTES, type SessionUser } from '@shop/contracts';
import { homePathFor } from '../features/auth/auth.selectors';

/** The guarded areas of spec §2; /unauth-page and unknown paths are open to everyone. */
export const AREAS = {
  auth: '/auth',
  admin: '/admin',
  shop: '/shop',
} as const;

export interface GuardRedirect {
  to: string;
  /** Keep the visited location in `state.from` so that sign-in can return there. */
  rememberFrom: boolean;
}

export interface GuardInput {
  isAuthenticated: boolean;
  user: SessionUser | null;
}

function isInArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

/** Where the route guard sends a visitor of `pathname`, or null to let them in (spec §2, intended behaviour). */
export function guardRedirect(pathname: string, auth: GuardInput): GuardRedirect | null {
  const user = auth.isAuthenticated ? auth.user : null;
  if (pathname === ROUTES.root) {
    return { to: user ? homePathFor(user) : ROUTES.login, rememberFrom: false };
  }
  if (!user) {
    return isInArea(pathname, AREAS.auth) ? null : { to: ROUTES.login, rememberFrom: true };
  }
  if (isInArea(pathname, AREAS.auth)) {
    return { to: homePathFor(user), rememberFrom: false };
  }
  // The old app sent shoppers to /unauthorized, a route that never existed; the intended target is /unauth-page.
  if (isInArea(pathname, AREAS.admin) && user.role !== 'admin') {
    return { to: ROUTES.unauthorized, rememberFrom: false };
  }
  if (isInArea(pathname, AREAS.shop) && user.role === 'admin') {
    return { to: ROUTES.adminDashboard, rememberFrom: false };
  }
  return null;
}
