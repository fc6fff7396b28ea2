import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, take, takeEvery } from 'redux-saga/effects';
import { MESSAGES, type SessionUser } from '@shop/contracts';
import { addToCartRequested, cartFailed, cartLoaded, cartSheetOpened } from '../cart/cart.slice';
import { toastRequested } from '../notifications/notifications.slice';
import { selectIsInWishlist } from '../wishlist/wishlist.selectors';
import { wishlistFailed, wishlistLoaded, wishlistSheetOpened, wishlistToggleRequested } from '../wishlist/wishlist.slice';
import { guestBrowsing, signInAskedFor } from './auth.slice';
import { forgetGuestIntent, rememberGuestIntent, takeGuestIntent, type GuestIntent, type GuestIntentStorage } from './guest-intent';
import { followEachSession, isShopper } from './shopper-session';

/** Why the sign-in screen is showing: the wishlist's words, or the cart's (docs/product.md, Cart and wishlist). */
function reasonFor(intent: GuestIntent): string {
  return intent.kind === 'add-to-wishlist' || intent.kind === 'open-wishlist'
    ? MESSAGES.wishlist.loginRequired
    : MESSAGES.cart.loginRequired;
}

function* rememberForSignIn(storage: GuestIntentStorage, action: ReturnType<typeof signInAskedFor>): SagaIterator {
  yield call(rememberGuestIntent, storage, action.payload);
  yield put(toastRequested('info', reasonFor(action.payload)));
}

/**
 * The cart and wishlist sagas load the new shopper's lists on the same session change. Their answer
 * is awaited first: an add sent before it would have its result overwritten by the older list, and a
 * heart could not tell whether the toy is in the wishlist already.
 */
function* finish(intent: GuestIntent): SagaIterator {
  switch (intent.kind) {
    case 'add-to-cart':
      yield take([cartLoaded.type, cartFailed.type]);
      yield put(addToCartRequested(intent.request));
      return;
    case 'open-cart':
      yield take([cartLoaded.type, cartFailed.type]);
      yield put(cartSheetOpened());
      return;
    case 'add-to-wishlist': {
      yield take([wishlistLoaded.type, wishlistFailed.type]);
      // The heart adds; a toy the shopper had kept from an earlier visit stays kept rather than being toggled out.
      const isIn: boolean = yield select(selectIsInWishlist, intent.productId);
      if (!isIn) yield put(wishlistToggleRequested(intent.productId));
      return;
    }
    case 'open-wishlist':
      yield take([wishlistLoaded.type, wishlistFailed.type]);
      yield put(wishlistSheetOpened());
  }
}

/**
 * A guest's intent waits in storage while they are a guest (a failed Google trip leaves it for the
 * password form); the first shopper to sign in in this tab has it finished, an admin has it dropped.
 */
function* followSession(storage: GuestIntentStorage, user: SessionUser | null): SagaIterator {
  if (user === null) return;
  const intent: GuestIntent | null = yield call(takeGuestIntent, storage);
  if (intent && isShopper(user)) yield call(finish, intent);
}

export function* guestIntentSaga(storage: GuestIntentStorage = sessionStorage): SagaIterator {
  yield all([
    takeEvery(signInAskedFor.type, rememberForSignIn, storage),
    takeEvery(guestBrowsing.type, () => forgetGuestIntent(storage)),
    followEachSession(followSession, storage),
  ]);
}
