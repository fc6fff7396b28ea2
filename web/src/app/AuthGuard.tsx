import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectAuth } from '../features/auth/auth.selectors';
import { useAppSelector } from './hooks';
import { guardRedirect, rememberedTarget } from './route-guard';

/** The route guard of spec §2 around /, /auth, /admin and /shop. */
export function AuthGuard() {
  const location = useLocation();
  const auth = useAppSelector(selectAuth);
  const redirect = guardRedirect(location.pathname, auth, rememberedTarget(location));
  if (redirect) {
    return <Navigate to={redirect.to} replace state={redirect.rememberFrom ? { from: location } : undefined} />;
  }
  return <Outlet />;
}
