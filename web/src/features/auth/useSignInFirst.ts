import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { returnStateOf } from '../../app/route-guard';
import { selectAuth } from './auth.selectors';
import { signInAskedFor } from './auth.slice';
import type { GuestIntent } from './guest-intent';

/**
 * For the buttons a guest may see but not use (add to cart, the heart, the cart and wishlist sheets):
 * a signed-in visitor's click acts at once; a guest's is remembered and they are sent to sign in,
 * coming back to this page with the thing done. A click before the session check has answered (a
 * page the server drew is live before it) waits for the answer, so that a signed-in shopper is not
 * sent through the sign-in screen.
 */
export function useSignInFirst(): (intent: GuestIntent, act: () => void) => void {
  const { isAuthenticated, authChecked } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const goToSignIn = useGoToSignIn();
  const [waiting, setWaiting] = useState<{ intent: GuestIntent; act: () => void } | null>(null);
  const signInFirst = (intent: GuestIntent, act: () => void) => {
    if (isAuthenticated) act();
    else if (!authChecked) setWaiting({ intent, act });
    else {
      dispatch(signInAskedFor(intent));
      goToSignIn();
    }
  };
  useEffect(() => {
    if (!waiting || !authChecked) return;
    setWaiting(null);
    signInFirst(waiting.intent, waiting.act);
  });
  return signInFirst;
}

/** To the sign-in (or registration) screen, which brings the visitor back to this page afterwards. */
export function useGoToSignIn(): (screen?: typeof ROUTES.login | typeof ROUTES.register) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (screen = ROUTES.login) => navigate(screen, { state: returnStateOf(location) });
}
