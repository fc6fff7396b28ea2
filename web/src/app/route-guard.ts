import { AREAS, GOOGLE_SIGN_IN_RESULT, ROUTES, safeReturnPath, type SessionUser } from '@shop/contracts';
import { homePathFor } from '../features/auth/auth.selectors';

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

interface VisitedLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** The router state that sends a visitor to sign in and brings them back to `from` afterwards. */
export interface ReturnState {
  from: VisitedLocation;
}

/**
 * The router matches paths case-insensitively and with or without a trailing slash, so the guard
 * compares them the same way: /Admin/Orders/ must not slip past the admin check.
 */
function routeKey(pathname: string): string {
  return pathname.length > 1 ? pathname.toLowerCase().replace(/\/+$/, '') : pathname;
}

function isInArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

/** The sign-in and registration screens, where a guest's request waits for them to sign in. */
export function isSignInScreen(pathname: string): boolean {
  return isInArea(routeKey(pathname), AREAS.auth);
}

/**
 * The shop window, open to guests (decision: Guests may browse): home, listing, search and a product's page, so that a
 * toy link shared on WhatsApp shows the toy. The cart, wishlist, checkout and account need a shopper.
 */
const GUEST_PATHS: readonly string[] = [AREAS.shop, ROUTES.shopHome, ROUTES.shopListing];
const PRODUCT_PAGES = ROUTES.shopProduct('');

export function isOpenToGuests(pathname: string): boolean {
  const key = routeKey(pathname);
  return GUEST_PATHS.includes(key) || isInArea(key, ROUTES.shopSearch) || key.startsWith(PRODUCT_PAGES);
}

/**
 * Whether the guard may let the visitor in before the session check has answered. The shop window
 * shows nothing personal, so a guest's first paint does not wait on the api; the root's redirect is
 * decided at once for the same reason (a signed-in admin takes one more hop, from the shop to the
 * dashboard). Every other screen waits, so that none flashes for the wrong audience.
 */
export function opensBeforeSessionCheck(pathname: string): boolean {
  return routeKey(pathname) === ROUTES.root || isOpenToGuests(pathname);
}

/** The path of a remembered target, without its query or fragment. */
export function pathnameOf(target: string): string {
  return new URL(target, 'http://shop.invalid').pathname;
}

/** The state to navigate to sign-in with, from the place the visitor is now. */
export function returnStateOf(location: VisitedLocation): ReturnState {
  return { from: { pathname: location.pathname, search: location.search ?? '', hash: location.hash ?? '' } };
}

/**
 * Where a guest was going before the guard sent them to sign in: remembered in the router's state,
 * or, after the round trip through Google, in the `returnTo` parameter the api sends back.
 */
export function rememberedTarget(location: RememberingLocation): string | undefined {
  const from = (location.state as Partial<ReturnState> | null)?.from;
  if (from) return safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
  return safeReturnPath(new URLSearchParams(location.search).get(GOOGLE_SIGN_IN_RESULT.returnToParam));
}

/**
 * The pages an e-mailed link opens, and the one that asks for a reset link: whoever opens them, signed
 * in or not, since a link is opened in whichever browser reads the mail, and a Google-only shopper
 * sets a first password through a reset link.
 */
const EMAIL_LINK_PAGES: readonly string[] = [ROUTES.verifyEmail, ROUTES.forgotPassword, ROUTES.resetPassword];

export function isEmailLinkPage(pathname: string): boolean {
  return EMAIL_LINK_PAGES.includes(routeKey(pathname));
}

/** Where the route guard sends a visitor of `visitedPath`, or null to let them in (docs/product.md, Roles and access). */
export function guardRedirect(visitedPath: string, auth: GuardInput, remembered?: string): GuardRedirect | null {
  const user = auth.isAuthenticated ? auth.user : null;
  const pathname = routeKey(visitedPath);
  if (pathname === ROUTES.root) {
    // A guest at the bare address is a shopper to be: the shop window, with sign-in one click away in its header.
    return { to: user ? homePathFor(user) : ROUTES.shopHome, rememberFrom: false };
  }
  if (!user) {
    return isInArea(pathname, AREAS.auth) || isOpenToGuests(pathname) ? null : { to: ROUTES.login, rememberFrom: true };
  }
  if (isEmailLinkPage(pathname)) return null;
  if (isInArea(pathname, AREAS.auth)) {
    // Back to where the guest was going, if that place is open to who they turned out to be.
    const rememberedPath = remembered ? pathnameOf(remembered) : undefined;
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
