import { createBrowserRouter, Navigate, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { AREAS, ROUTES } from '@shop/contracts';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { RouteSkeleton } from '../components/RouteSkeleton';
import { catalogueApi } from '../features/catalogue/catalogue.api';
import { listingOnEntry } from '../features/catalogue/listing-request';
import { productIdOf } from '../features/catalogue/product-presentation';
import { productPageOpened } from '../features/catalogue/productView.slice';
import { isSearchableKeyword, searchOnEntry } from '../features/catalogue/search-keyword';
import { featureImagesApi } from '../features/feature-images/feature-images.api';
import { getShopInfo } from '../features/shop-info/shop-info.api';
import { ShopHomePage } from '../features/shop/ShopHomePage';
import { ShopLayout } from '../features/shop/ShopLayout';
import { AppRoot } from './AppRoot';
import { AuthGuard } from './AuthGuard';
import { listingTitle, productTitle, type RouteHandle } from './document-title';
import type { AppStore, LazyFeature } from './store';

/*
 * Only the shop's frame and its home are in the first download: they are what a shopper opening a
 * shared link or the installed app sees first. Every other screen is a chunk of its own, fetched the
 * first time its route matches, so that shoppers never download the admin screens and nobody pays
 * for checkout before they check out.
 */

function titled(title: RouteHandle['title']): RouteHandle {
  return { title };
}

/** Where the routes run: in the browser, or in a server render, whose loaders the page waits for (entry-server.tsx). */
export type RoutesPlace = 'browser' | 'server';

/**
 * The route table of docs/product.md, Web routes.
 *
 * The shop window's routes name the reads their screens draw from, with the same arguments the
 * screens' hooks use: a server render waits for them and draws the page with its data; in the browser
 * they only start the reads as the navigation starts, and the screen shows its loading state meanwhile.
 */
export function appRoutes(store: AppStore, place: RoutesPlace = 'browser'): RouteObject[] {
  /**
   * A route's loader, run when a page is arrived at, and not again when the page itself writes its
   * query into the address (a filter, a typed keyword): the page reads those itself, a keyword only
   * once typing rests, and its loader would read each keystroke's at once.
   */
  function reading(reads: (args: LoaderFunctionArgs) => PromiseLike<unknown>[]): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
    return {
      loader: async (args: LoaderFunctionArgs) => {
        const started = Promise.all(reads(args));
        if (place === 'server') await started;
        return null;
      },
      shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    };
  }
  const once = { subscribe: false } as const;
  const addressOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;

  /** A screen whose feature's state and sagas come in its chunk: the store has them before the screen first renders. */
  async function withFeature<Screen>(screen: Promise<Screen>, feature: Promise<LazyFeature>): Promise<Screen> {
    const [loadedScreen, loadedFeature] = await Promise.all([screen, feature]);
    store.loadFeature(loadedFeature);
    return loadedScreen;
  }
  const ordering = () => import('../features/orders/ordering.feature').then((module) => module.orderingFeature);
  const admin = () => import('../features/admin/admin.feature').then((module) => module.adminFeature);

  return [
    {
      element: <AppRoot />,
      errorElement: <RouteErrorPage />,
      // Shown instead of the whole tree while a cold start waits for the matched screen's chunk.
      HydrateFallback: RouteSkeleton,
      children: [
        {
          element: <AuthGuard />,
          children: [
            // The guard always redirects from the root by role, so the root itself renders nothing.
            { path: ROUTES.root, element: null },
            {
              path: AREAS.auth,
              lazy: { Component: async () => (await import('../features/auth/AuthLayout')).AuthLayout },
              children: [
                // The bare area paths match their layout alone; send them to the area's first screen instead of an empty frame.
                { index: true, element: <Navigate to={ROUTES.login} replace /> },
                {
                  path: ROUTES.login,
                  handle: titled('Sign in'),
                  lazy: { Component: async () => (await import('../features/auth/LoginPage')).LoginPage },
                },
                {
                  path: ROUTES.register,
                  handle: titled('Create an account'),
                  lazy: { Component: async () => (await import('../features/auth/RegisterPage')).RegisterPage },
                },
                {
                  path: ROUTES.forgotPassword,
                  handle: titled('Forgot password'),
                  lazy: { Component: async () => (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage },
                },
                {
                  path: ROUTES.resetPassword,
                  handle: titled('Set a new password'),
                  lazy: { Component: async () => (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage },
                },
                {
                  path: ROUTES.verifyEmail,
                  handle: titled('Verify your e-mail'),
                  lazy: { Component: async () => (await import('../features/auth/VerifyEmailPage')).VerifyEmailPage },
                },
              ],
            },
            {
              path: AREAS.admin,
              handle: titled('Admin'),
              lazy: { Component: async () => (await withFeature(import('../features/admin/AdminLayout'), admin())).AdminLayout },
              children: [
                { index: true, element: <Navigate to={ROUTES.adminDashboard} replace /> },
                {
                  path: ROUTES.adminDashboard,
                  handle: titled('Dashboard'),
                  lazy: { Component: async () => (await import('../features/admin/dashboard/AdminDashboardPage')).AdminDashboardPage },
                },
                {
                  path: ROUTES.adminProducts,
                  handle: titled('Products'),
                  lazy: { Component: async () => (await import('../features/admin/AdminProductsPage')).AdminProductsPage },
                },
                {
                  path: ROUTES.adminOrders,
                  handle: titled('Orders'),
                  lazy: { Component: async () => (await import('../features/admin/orders/AdminOrdersPage')).AdminOrdersPage },
                },
                {
                  path: ROUTES.adminFeatures,
                  handle: titled('Feature images'),
                  lazy: { Component: async () => (await import('../features/admin/AdminFeaturesPage')).AdminFeaturesPage },
                },
                {
                  path: ROUTES.adminQueues,
                  handle: titled('Queues'),
                  lazy: { Component: async () => (await import('../features/admin/queues/QueueConsolePage')).QueueConsolePage },
                },
              ],
            },
            {
              path: AREAS.shop,
              element: <ShopLayout />,
              ...reading(() => [store.dispatch(getShopInfo.initiate(undefined, once))]),
              children: [
                { index: true, element: <Navigate to={ROUTES.shopHome} replace /> },
                // The home is the shop itself: its tab reads the shop's name alone, as the index.html the api sends does.
                {
                  path: ROUTES.shopHome,
                  element: <ShopHomePage />,
                  ...reading(() => [
                    store.dispatch(featureImagesApi.endpoints.getFeatureImages.initiate(undefined, once)),
                    store.dispatch(catalogueApi.endpoints.getFeaturedProducts.initiate(undefined, once)),
                  ]),
                },
                {
                  path: ROUTES.shopListing,
                  handle: titled(listingTitle),
                  ...reading((args) => [store.dispatch(catalogueApi.endpoints.getListing.initiate(listingOnEntry(addressOf(args)), once))]),
                  lazy: { Component: async () => (await import('../features/shop/ListingPage')).ListingPage },
                },
                {
                  path: ROUTES.shopSearch,
                  handle: titled('Search'),
                  ...reading((args) => {
                    const search = searchOnEntry(addressOf(args));
                    return isSearchableKeyword(search.keyword)
                      ? [store.dispatch(catalogueApi.endpoints.searchProducts.initiate(search, once))]
                      : [];
                  }),
                  lazy: { Component: async () => (await import('../features/shop/SearchPage')).SearchPage },
                },
                {
                  path: ROUTES.shopCheckout,
                  handle: titled('Checkout'),
                  lazy: { Component: async () => (await withFeature(import('../features/shop/CheckoutPage'), ordering())).CheckoutPage },
                },
                {
                  path: ROUTES.shopAccount,
                  handle: titled('My account'),
                  lazy: { Component: async () => (await withFeature(import('../features/shop/AccountPage'), ordering())).AccountPage },
                },
                {
                  path: ROUTES.shopPaypalReturn,
                  handle: titled('PayPal payment'),
                  lazy: {
                    Component: async () => (await withFeature(import('../features/shop/PaypalReturnPage'), ordering())).PaypalReturnPage,
                  },
                },
                {
                  path: ROUTES.shopPaymentSuccess,
                  handle: titled('Payment successful'),
                  lazy: { Component: async () => (await import('../features/shop/PaymentSuccessPage')).PaymentSuccessPage },
                },
                {
                  path: ROUTES.shopProduct(':id'),
                  handle: titled(productTitle),
                  ...reading(({ params }) => {
                    const productId = productIdOf(params.id);
                    if (productId === null) return [];
                    store.dispatch(productPageOpened(productId));
                    return [store.dispatch(catalogueApi.endpoints.getProduct.initiate(productId, once))];
                  }),
                  lazy: { Component: async () => (await import('../features/shop/ProductPage')).ProductPage },
                },
              ],
            },
          ],
        },
        {
          path: ROUTES.unauthorized,
          handle: titled('No access'),
          lazy: { Component: async () => (await import('../components/UnauthorizedPage')).UnauthorizedPage },
        },
        {
          path: '*',
          handle: titled('Page not found'),
          lazy: { Component: async () => (await import('../components/NotFoundPage')).NotFoundPage },
        },
      ],
    },
  ];
}

/** The browser's router; over a page the server drew, it starts from that render's loader data rather than loading again. */
export function createAppRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}
