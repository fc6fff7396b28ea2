import { ROUTES, type SessionUser } from '@shop/contracts';
import { guardRedirect, rememberedTarget } from './route-guard';

const shopper: SessionUser = { id: 7, userName: 'Akinyi', email: 'akinyi@example.test', role: 'user' };
const admin: SessionUser = { id: 1, userName: 'Mama Toy', email: 'admin@example.test', role: 'admin' };
const guest = { isAuthenticated: false, user: null };
const signedIn = (user: SessionUser) => ({ isAuthenticated: true, user });

describe('route guard (spec §2, intended behaviour)', () => {
  it('sends / by role: admin to the dashboard, shopper to the shop, guest to sign-in', () => {
    expect(guardRedirect('/', signedIn(admin))?.to).toBe(ROUTES.adminDashboard);
    expect(guardRedirect('/', signedIn(shopper))?.to).toBe(ROUTES.shopHome);
    expect(guardRedirect('/', guest)?.to).toBe(ROUTES.login);
  });

  it('sends a guest outside /auth to sign-in and remembers where they were going', () => {
    expect(guardRedirect(ROUTES.shopListing, guest)).toEqual({ to: ROUTES.login, rememberFrom: true });
    expect(guardRedirect(ROUTES.register, guest)).toBeNull();
  });

  it('sends a shopper at /admin to /unauth-page, not to the old app\'s missing /unauthorized', () => {
    expect(guardRedirect(ROUTES.adminProducts, signedIn(shopper))?.to).toBe(ROUTES.unauthorized);
  });

  it('sends an admin at /shop to the dashboard', () => {
    expect(guardRedirect(ROUTES.shopListing, signedIn(admin))?.to).toBe(ROUTES.adminDashboard);
  });

  it('returns a user who just signed in to the remembered place when it is open to them, else home', () => {
    expect(guardRedirect(ROUTES.login, signedIn(shopper), '/shop/listing?category=pretend-play')?.to).toBe('/shop/listing?category=pretend-play');
    expect(guardRedirect(ROUTES.login, signedIn(shopper), ROUTES.adminOrders)?.to).toBe(ROUTES.shopHome);
    expect(guardRedirect(ROUTES.login, signedIn(admin), ROUTES.shopListing)?.to).toBe(ROUTES.adminDashboard);
    expect(guardRedirect(ROUTES.login, signedIn(admin), ROUTES.adminOrders)?.to).toBe(ROUTES.adminOrders);
    expect(guardRedirect(ROUTES.login, signedIn(shopper))?.to).toBe(ROUTES.shopHome);
  });

  it('remembers from the router state first, then from the returnTo the api sends back, and never off-site', () => {
    expect(rememberedTarget({ search: '', state: { from: { pathname: '/shop/listing', search: '?category=under-100' } } })).toBe('/shop/listing?category=under-100');
    expect(rememberedTarget({ search: '?google=signed-in&returnTo=%2Fshop%2Fcheckout', state: null })).toBe('/shop/checkout');
    expect(rememberedTarget({ search: '?returnTo=%2F%2Fevil.example%2Fx', state: null })).toBeUndefined();
    expect(rememberedTarget({ search: '?returnTo=https%3A%2F%2Fevil.example', state: null })).toBeUndefined();
  });
});
