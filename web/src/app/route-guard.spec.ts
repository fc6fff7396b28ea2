import { AREAS, ROUTES, type SessionUser } from '@shop/contracts';
import { guardRedirect, isOpenToGuests, opensBeforeSessionCheck, rememberedTarget, returnStateOf } from './route-guard';

const shopper: SessionUser = { id: 7, userName: 'Akinyi', email: 'akinyi@example.test', role: 'user' };
const admin: SessionUser = { id: 1, userName: 'Mama Toy', email: 'admin@example.test', role: 'admin' };
const guest = { isAuthenticated: false, user: null };
const signedIn = (user: SessionUser) => ({ isAuthenticated: true, user });

describe('route guard (docs/product.md, Roles and access)', () => {
  it('sends / by role: admin to the dashboard, shopper and guest to the shop', () => {
    expect(guardRedirect('/', signedIn(admin))?.to).toBe(ROUTES.adminDashboard);
    expect(guardRedirect('/', signedIn(shopper))?.to).toBe(ROUTES.shopHome);
    expect(guardRedirect('/', guest)?.to).toBe(ROUTES.shopHome);
  });

  it('lets a guest look around the shop window: home, listing, search and a product page', () => {
    for (const path of [
      AREAS.shop,
      ROUTES.shopHome,
      ROUTES.shopListing,
      ROUTES.shopSearch,
      ROUTES.shopProduct(12),
      ROUTES.login,
      ROUTES.register,
    ]) {
      expect(guardRedirect(path, guest)).toBeNull();
    }
  });

  it('sends a guest at the account pages, checkout, payment returns and admin to sign-in, remembering where they were going', () => {
    for (const path of [
      ROUTES.shopCheckout,
      ROUTES.shopAccount,
      ROUTES.shopPaypalReturn,
      ROUTES.shopPaymentSuccess,
      ROUTES.adminDashboard,
      ROUTES.adminOrders,
      '/shop/anything-else',
    ]) {
      expect(guardRedirect(path, guest)).toEqual({ to: ROUTES.login, rememberFrom: true });
    }
  });

  it('compares paths as the router matches them, whatever their case or trailing slash', () => {
    expect(guardRedirect('/Admin/Products/', signedIn(shopper))?.to).toBe(ROUTES.unauthorized);
    expect(guardRedirect('/SHOP/Checkout', guest)?.to).toBe(ROUTES.login);
    expect(guardRedirect('/Shop/Product/12/', guest)).toBeNull();
    expect(isOpenToGuests('/shop/home/')).toBe(true);
  });

  it('does not open paths that merely start like a guest page', () => {
    expect(isOpenToGuests('/shop/homework')).toBe(false);
    expect(isOpenToGuests('/shop/listings')).toBe(false);
    expect(isOpenToGuests('/shop/product')).toBe(false);
  });

  it('lets only the shop window and the root open before the session check answers', () => {
    for (const path of [ROUTES.root, ROUTES.shopHome, ROUTES.shopListing, ROUTES.shopSearch, ROUTES.shopProduct(3)])
      expect(opensBeforeSessionCheck(path)).toBe(true);
    for (const path of [ROUTES.login, ROUTES.shopCheckout, ROUTES.shopAccount, ROUTES.shopPaypalReturn, ROUTES.adminDashboard])
      expect(opensBeforeSessionCheck(path)).toBe(false);
  });

  it('opens the pages of e-mailed links to everyone, signed in or not, while sign-in itself sends a signed-in user home', () => {
    for (const path of [ROUTES.verifyEmail, ROUTES.forgotPassword, ROUTES.resetPassword, `${ROUTES.resetPassword}/`]) {
      for (const auth of [guest, signedIn(shopper), signedIn(admin)]) expect(guardRedirect(path, auth)).toBeNull();
    }
    expect(guardRedirect(ROUTES.login, signedIn(shopper))?.to).toBe(ROUTES.shopHome);
    expect(guardRedirect(ROUTES.register, signedIn(admin))?.to).toBe(ROUTES.adminDashboard);
  });

  it("sends a shopper at /admin to /unauth-page, not to the old app's missing /unauthorized", () => {
    expect(guardRedirect(ROUTES.adminProducts, signedIn(shopper))?.to).toBe(ROUTES.unauthorized);
  });

  it('sends an admin at /shop, the shop window included, to the dashboard as before', () => {
    expect(guardRedirect(ROUTES.shopListing, signedIn(admin))?.to).toBe(ROUTES.adminDashboard);
    expect(guardRedirect(ROUTES.shopProduct(5), signedIn(admin))?.to).toBe(ROUTES.adminDashboard);
  });

  it('returns a user who just signed in to the remembered place when it is open to them, else home', () => {
    expect(guardRedirect(ROUTES.login, signedIn(shopper), '/shop/listing?category=pretend-play')?.to).toBe(
      '/shop/listing?category=pretend-play',
    );
    expect(guardRedirect(ROUTES.login, signedIn(shopper), ROUTES.adminOrders)?.to).toBe(ROUTES.shopHome);
    expect(guardRedirect(ROUTES.login, signedIn(admin), ROUTES.shopListing)?.to).toBe(ROUTES.adminDashboard);
    expect(guardRedirect(ROUTES.login, signedIn(admin), ROUTES.adminOrders)?.to).toBe(ROUTES.adminOrders);
    expect(guardRedirect(ROUTES.login, signedIn(shopper))?.to).toBe(ROUTES.shopHome);
    expect(guardRedirect(ROUTES.login, signedIn(shopper), ROUTES.shopProduct(9))?.to).toBe(ROUTES.shopProduct(9));
  });

  it('remembers from the router state first, then from the returnTo the api sends back, and never off-site', () => {
    expect(rememberedTarget({ search: '', state: { from: { pathname: '/shop/listing', search: '?category=under-100' } } })).toBe(
      '/shop/listing?category=under-100',
    );
    expect(rememberedTarget({ search: '?google=signed-in&returnTo=%2Fshop%2Fcheckout', state: null })).toBe('/shop/checkout');
    expect(rememberedTarget({ search: '?returnTo=%2F%2Fevil.example%2Fx', state: null })).toBeUndefined();
    expect(rememberedTarget({ search: '?returnTo=https%3A%2F%2Fevil.example', state: null })).toBeUndefined();
  });

  it('remembers the place a guest asked to sign in from, query and fragment included', () => {
    const state = returnStateOf({ pathname: ROUTES.shopListing, search: '?category=under-100', hash: '#grid' });
    expect(rememberedTarget({ search: '', state })).toBe('/shop/listing?category=under-100#grid');
  });
});
