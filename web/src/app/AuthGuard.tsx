import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteSkeleton } from '../components/RouteSkeleton';
import { selectAuth } from '../features/auth/auth.selectors';
import { guestBrowsing } from '../features/auth/auth.slice';
import { useAppDispatch, useAppSelector } from './hooks';
import { guardRedirect, isSignInScreen, opensBeforeSessionCheck, rememberedTarget, returnStateOf } from './route-guard';

/** The route guard (docs/product.md, Roles and access) around /, /auth, /admin and /shop; guests may see the shop window. */
export function AuthGuard() {
  const location = useLocation();
  const auth = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const isGuestBrowsing = auth.authChecked && !auth.isAuthenticated && !isSignInScreen(location.pathname);
  useEffect(() => {
    if (isGuestBrowsing) dispatch(guestBrowsing());
  }, [dispatch, isGuestBrowsing, location.pathname]);
  if (!auth.authChecked && !opensBeforeSessionCheck(location.pathname)) return <RouteSkeleton />;
  const redirect = guardRedirect(location.pathname, auth, rememberedTarget(location));
  if (redirect) {
    return <Navigate to={redirect.to} replace state={redirect.rememberFrom ? returnStateOf(location) : undefined} />;
  }
  return <Outlet />;
}
