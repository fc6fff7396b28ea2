/** Client routes of spec §2, shared by the web's router and the api's SPA fallback. */
export const ROUTES = {
  root: '/',
  login: '/auth/login',
  register: '/auth/register',
  adminDashboard: '/admin/dashboard',
  adminProducts: '/admin/products',
  adminOrders: '/admin/orders',
  adminFeatures: '/admin/features',
  shopHome: '/shop/home',
  shopListing: '/shop/listing',
  shopSearch: '/shop/search',
  shopCheckout: '/shop/checkout',
  shopAccount: '/shop/account',
  shopPaypalReturn: '/shop/paypal-return',
  shopPaymentSuccess: '/shop/payment-success',
  shopProduct: (id: number | string) => `/shop/product/${id}`,
  unauthorized: '/unauth-page',
} as const;

/** Paths the api owns; everything else under the web origin is the single-page app. */
export const SERVER_PATH_PREFIXES = ['/api', '/socket.io', '/uploads'] as const;

/** Server paths the browser is sent to (not fetched), and the one the identity provider redirects back to. */
export const AUTH_API_PATHS = {
  googleSignIn: '/api/auth/google',
  googleCallback: '/api/auth/google/callback',
} as const;
