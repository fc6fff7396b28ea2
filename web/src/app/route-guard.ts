import { GOOGLE_SIGN_IN_RESULT, ROUTES, safeReturnPath, type SessionUser } from '@shop/contracts';
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

interface RememberingLocation {
  search: string;
  state: unknown;
}

function isInArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

/**
 * Where a guest was going before the guard sent them to sign in: remembered in the router's state,
 * or, after the round trip through Google, in the `returnTo` parameter the api sends back.
 */
export function rememberedTarget(location: RememberingLocation): string | undefined {
  const from = (location.state as { from?: { pathname: string; search?: string; hash?: string } } | null)?.from;
  if (from) return safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
  return safeReturnPath(new URLSearchParams(location.search).get(GOOGLE_SIGN_IN_RESULT.returnToParam));
}

/** Where the route guard sends a visitor of `pathname`, or null to let them in (spec §2, intended behaviour). */
export function guardRedirect(pathname: string, auth: GuardInput, remembered?: string): GuardRedirect | null {
  const user = auth.isAuthenticated ? auth.user : null;
  if (pathname === ROUTES.root) {
    return { to: user ? homePathFor(user) : ROUTES.login, rememberFrom: false };
  }
  if (!user) {
    return isInArea(pathname, AREAS.auth) ? null : { to: ROUTES.login, rememberFrom: true };
  }
  if (isInArea(pathname, AREAS.auth)) {
    // Back to where the guest was going, if that place is open to who they turned out to be.
    const rememberedPath = remembered ? new URL(remembered, 'http://shop.invalid').pathname : undefined;
    const open = rememberedPath !== undefined && rememberedPath !== ROUTES.root && guardRedirect(rememberedPath, auth) === null;
    return { to: open ? remembered! : homePathFor(user), rememberFrom: false };
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
