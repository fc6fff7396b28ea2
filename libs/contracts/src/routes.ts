import type { CategoryId } from './catalogue.js';

/** The query parameter the e-mailed links (ROUTES.verifyEmail, ROUTES.resetPassword) carry their single-use token in. */
export const ACCOUNT_LINK_TOKEN_PARAM = 'token';

/** The guarded areas (docs/product.md, Roles and access); /unauth-page and unknown paths are open to everyone. */
export const AREAS = {
  auth: '/auth',
  admin: '/admin',
  shop: '/shop',
} as const;

/** Client routes (docs/product.md, Web routes), shared by the web's router and the api's SPA fallback. */
export const ROUTES = {
  root: '/',
  login: '/auth/login',
  register: '/auth/register',
  /** The e-mailed links land here with `?${ACCOUNT_LINK_TOKEN_PARAM}=`. */
  verifyEmail: '/auth/verify-email',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  adminDashboard: '/admin/dashboard',
  adminProducts: '/admin/products',
  adminOrders: '/admin/orders',
  adminFeatures: '/admin/features',
  adminQueues: '/admin/queues',
  shopHome: '/shop/home',
  shopListing: '/shop/listing',
  shopSearch: '/shop/search',
  shopCheckout: '/shop/checkout',
  shopAccount: '/shop/account',
  shopPaypalReturn: '/shop/paypal-return',
  shopPaymentSuccess: '/shop/payment-success',
  shopProduct: (id: number | string) => `/shop/product/${id}`,
  /** The listing of these categories' toys, as its preview, its trail and the sitemap name it. */
  shopCategoryListing: (categories: readonly CategoryId[]) => `/shop/listing?${new URLSearchParams({ category: categories.join(',') })}`,
  /** The account page with one order's details open: the link messages about an order carry. */
  shopAccountOrder: (orderId: number | string) => `/shop/account?order=${orderId}`,
  unauthorized: '/unauth-page',
} as const;

/** Where stored images are read from (the api serves them, or redirects to the bucket). */
export const UPLOADS_PATH = '/uploads';

/** Where the api's routes are: every Nest route sits under it (app.setup.ts). */
export const API_PATH = '/api';

/** What crawlers read at the site's root, written by the api: the sitemap from the catalogue as it is now. */
export const CRAWLER_PATHS = { robots: '/robots.txt', sitemap: '/sitemap.xml' } as const;

/** Paths the api owns; everything else under the web origin is the single-page app. */
export const SERVER_PATH_PREFIXES = [API_PATH, '/socket.io', UPLOADS_PATH, CRAWLER_PATHS.robots, CRAWLER_PATHS.sitemap] as const;

/** Server paths the browser is sent to (not fetched), and the one the identity provider redirects back to. */
export const AUTH_API_PATHS = {
  googleSignIn: '/api/auth/google',
  googleCallback: '/api/auth/google/callback',
} as const;

/** The catalogue's api routes (docs/product.md, Api routes), shared by the web's sagas, the tests and the benches. */
export const CATALOGUE_API = {
  uploadImage: '/api/admin/products/upload-image',
  adminProducts: '/api/admin/products/get',
  addProduct: '/api/admin/products/add',
  editProduct: (id: number | string) => `/api/admin/products/edit/${id}`,
  deleteProduct: (id: number | string) => `/api/admin/products/delete/${id}`,
  featureImages: '/api/common/feature/get',
  addFeatureImage: '/api/common/feature/add',
  deleteFeatureImage: (id: number | string) => `/api/common/feature/delete/${id}`,
  shopProducts: '/api/shop/products/get',
  shopProduct: (id: number | string) => `/api/shop/products/get/${id}`,
  search: (keyword: string) => `/api/shop/search/${encodeURIComponent(keyword)}`,
  addReview: '/api/shop/review/add',
  reviews: (productId: number | string) => `/api/shop/review/${productId}`,
} as const;

/** The multipart field an upload carries its file in (the old client's name for it). */
export const UPLOAD_FIELD = 'my_file';

type Id = number | string;

/** The shopper's own data (docs/product.md, Api routes): cart, wishlist and delivery addresses, plus the zone table they are priced by. */
export const SHOPPER_API = {
  addToCart: '/api/shop/cart/add',
  cart: (userId: Id) => `/api/shop/cart/get/${userId}`,
  updateCart: '/api/shop/cart/update-cart',
  /** Every line of the product, whatever its variation. */
  deleteCartItem: (userId: Id, productId: Id) => `/api/shop/cart/${userId}/${productId}`,
  /** The one line of the product with this variation; 0 for the line without one. */
  deleteCartLine: (userId: Id, productId: Id, variationId: Id | null) =>
    `/api/shop/cart/${userId}/${productId}?variationId=${variationId ?? 0}`,
  wishlist: (userId: Id) => `/api/wishlist/${userId}`,
  addToWishlist: '/api/wishlist',
  removeFromWishlist: '/api/wishlist/remove',
  addAddress: '/api/shop/address/add',
  addresses: (userId: Id) => `/api/shop/address/get/${userId}`,
  updateAddress: (userId: Id, addressId: Id) => `/api/shop/address/update/${userId}/${addressId}`,
  deleteAddress: (userId: Id, addressId: Id) => `/api/shop/address/delete/${userId}/${addressId}`,
  deliveryZones: '/api/shop/delivery-zones',
} as const;

/** Orders and payments (docs/product.md, Api routes), shopper and admin, and the providers' callbacks. */
export const ORDER_API = {
  createPaypalOrder: '/api/shop/order/create',
  capturePaypalOrder: '/api/shop/order/capture',
  startMpesaPayment: '/api/shop/payment',
  /** The STK push's CallBackURL: the shop's secret, then the attempt's own key, so a callback names its attempt. */
  mpesaCallback: (token: string, attemptKey?: string) =>
    `/api/shop/mpesa-callback/${token}${attemptKey === undefined ? '' : `/${attemptKey}`}`,
  /** The Transaction Status API's ResultURL and QueueTimeOutURL for one attempt. */
  mpesaStatusResult: (token: string, attemptKey: string) => `/api/shop/mpesa-status-result/${token}/${attemptKey}`,
  paypalWebhook: '/api/shop/paypal-webhook',
  orders: (userId: Id) => `/api/shop/order/list/${userId}`,
  order: (orderId: Id) => `/api/shop/order/details/${orderId}`,
  /** The shopper closes their own order: while it waits for payment, or paid and not yet shipped (a refund is then due). */
  cancelOrder: (orderId: Id) => `/api/shop/order/cancel/${orderId}`,
  /** PayPal's cancel return: the shopper left PayPal's page without paying. */
  paypalCancelled: '/api/shop/order/paypal-cancel',
  /** The admin's dashboard: today's orders and money, the shelves and the shoppers. */
  adminDashboard: '/api/admin/dashboard',
  adminOrders: '/api/admin/orders/get',
  adminOrder: (orderId: Id) => `/api/admin/orders/details/${orderId}`,
  adminUpdateOrder: (orderId: Id) => `/api/admin/orders/update/${orderId}`,
  adminRecordPayment: (orderId: Id) => `/api/admin/orders/payment/${orderId}`,
  adminRefund: (orderId: Id) => `/api/admin/orders/refund/${orderId}`,
} as const;

/** The signed-in person's own account (docs/product.md, Accounts), and the e-mailed links' api. */
export const ACCOUNT_API = {
  /** GET the AccountProfile; PATCH { userName?, phone? (null clears it), notifyBySms?, notifyByEmail? }. */
  profile: '/api/account/profile',
  /** POST { currentPassword, newPassword }: every other session of the account ends. */
  changePassword: '/api/account/password',
  /** POST { confirmEmail, password? }: the password is required when the account has one. Personal data is erased, orders kept. */
  deleteAccount: '/api/account/delete',
  /** POST, signed in: a new verification link, within a limit. */
  resendVerification: '/api/auth/verify-email/resend',
  /** POST { token }: public, so the link works in another browser. */
  verifyEmail: '/api/auth/verify-email',
  /** POST { email }: the same answer whether or not the account exists. */
  forgotPassword: '/api/auth/forgot-password',
  /** POST { token, password }: every session of the account ends. */
  resetPassword: '/api/auth/reset-password',
} as const;

/** Messages sent about orders: the SMS provider's delivery reports in, and what the admin reads. */
export const NOTIFICATION_API = {
  /** Africa's Talking's delivery-report callback, behind the shop's secret (AT_DELIVERY_REPORT_TOKEN). */
  africasTalkingDeliveryReport: (token: string) => `/api/notifications/africastalking/delivery-report/${token}`,
  /** GET: every message about one order, newest first (NotificationRecord[]). */
  adminOrderMessages: (orderId: Id) => `/api/admin/orders/messages/${orderId}`,
} as const;
