import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { returnStateOf } from '../../app/route-guard';
import { selectIsAuthenticated } from './auth.selectors';
import { signInAskedFor } from './auth.slice';
import type { GuestIntent } from './guest-intent';

/**
 * For the buttons a guest may see but not use (add to cart, the heart, the cart and wishlist sheets):
 * a signed-in visitor's click acts at once; a guest's is remembered and they are sent to sign in,
 * coming back to this page with the thing done. Until the session check has answered everyone counts
 * as a guest, which costs a signed-in shopper one hop through the sign-in screen and nothing more.
 */
export function useSignInFirst(): (intent: GuestIntent, act: () => void) => void {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const dispatch = useAppDispatch();
  const goToSignIn = useGoToSignIn();
  return (intent, act) => {
    if (isAuthenticated) {
      act();
      return;
    }
    dispatch(signInAskedFor(intent));
    goToSignIn();
  };
}

/** To the sign-in (or registration) screen, which brings the visitor back to this page afterwards. */
export function useGoToSignIn(): (screen?: typeof ROUTES.login | typeof ROUTES.register) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (screen = ROUTES.login) => navigate(screen, { state: returnStateOf(location) });
}
