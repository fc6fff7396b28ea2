import { ROUTES } from '@shop/contracts';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/NotFoundPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { UnauthorizedPage } from '../components/UnauthorizedPage';
import { AdminDashboardPage } from '../features/admin/dashboard/AdminDashboardPage';
import { AdminFeaturesPage } from '../features/admin/AdminFeaturesPage';
import { AdminLayout } from '../features/admin/AdminLayout';
import { AdminOrdersPage } from '../features/admin/orders/AdminOrdersPage';
import { AdminProductsPage } from '../features/admin/AdminProductsPage';
import { QueueConsolePage } from '../features/admin/queues/QueueConsolePage';
import { AuthLayout } from '../features/auth/AuthLayout';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { AccountPage } from '../features/shop/AccountPage';
import { CheckoutPage } from '../features/shop/CheckoutPage';
import { ListingPage } from '../features/shop/ListingPage';
import { PaymentSuccessPage } from '../features/shop/PaymentSuccessPage';
import { PaypalReturnPage } from '../features/shop/PaypalReturnPage';
import { ProductPage } from '../features/shop/ProductPage';
import { SearchPage } from '../features/shop/SearchPage';
import { ShopHomePage } from '../features/shop/ShopHomePage';
import { ShopLayout } from '../features/shop/ShopLayout';
import { AppRoot } from './AppRoot';
import { AuthGuard } from './AuthGuard';
import { AREAS } from './route-guard';

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AuthGuard />,
        children: [
          // The guard always redirects from the root by role, so the root itself renders nothing.
          { path: ROUTES.root, element: null },
          {
            path: AREAS.auth,
            element: <AuthLayout />,
            children: [
              // The bare area paths match their layout alone; send them to the area's first screen instead of an empty frame.
              { index: true, element: <Navigate to={ROUTES.login} replace /> },
              { path: ROUTES.login, element: <LoginPage /> },
              { path: ROUTES.register, element: <RegisterPage /> },
            ],
          },
          {
            path: AREAS.admin,
            element: <AdminLayout />,
            children: [
              { index: true, element: <Navigate to={ROUTES.adminDashboard} replace /> },
              { path: ROUTES.adminDashboard, element: <AdminDashboardPage /> },
              { path: ROUTES.adminProducts, element: <AdminProductsPage /> },
              { path: ROUTES.adminOrders, element: <AdminOrdersPage /> },
              { path: ROUTES.adminFeatures, element: <AdminFeaturesPage /> },
              { path: ROUTES.adminQueues, element: <QueueConsolePage /> },
            ],
          },
          {
            path: AREAS.shop,
            element: <ShopLayout />,
            children: [
              { index: true, element: <Navigate to={ROUTES.shopHome} replace /> },
              { path: ROUTES.shopHome, element: <ShopHomePage /> },
              { path: ROUTES.shopListing, element: <ListingPage /> },
              { path: ROUTES.shopSearch, element: <SearchPage /> },
              { path: ROUTES.shopCheckout, element: <CheckoutPage /> },
              { path: ROUTES.shopAccount, element: <AccountPage /> },
              { path: ROUTES.shopPaypalReturn, element: <PaypalReturnPage /> },
              { path: ROUTES.shopPaymentSuccess, element: <PaymentSuccessPage /> },
              { path: ROUTES.shopProduct(':id'), element: <ProductPage /> },
            ],
          },
        ],
      },
      { path: ROUTES.unauthorized, element: <UnauthorizedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
