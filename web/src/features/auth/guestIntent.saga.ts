import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, putResolve, takeEvery } from 'redux-saga/effects';
import { MESSAGES, type CartItem, type Product, type SessionUser } from '@shop/contracts';
import { stockRefusal } from '../cart/cart-lines';
import { cartApi } from '../cart/cart.api';
import { cartSheetOpened } from '../cart/cart.slice';
import { toastRequested } from '../notifications/notifications.slice';
import { wishlistApi } from '../wishlist/wishlist.api';
import { wishlistSheetOpened } from '../wishlist/wishlist.slice';
import { guestBrowsing, signInAskedFor } from './auth.slice';
import { forgetGuestIntent, rememberGuestIntent, takeGuestIntent, type GuestIntent, type GuestIntentStorage } from './guest-intent';
import { followEachSession, isShopper } from './shopper-session';

/** Why the sign-in screen is showing: the wishlist's words, or the cart's (docs/product.md, Cart and wishlist). */
function reasonFor(intent: GuestIntent): string {
  return intent.kind === 'add-to-wishlist' || intent.kind === 'open-wishlist'
    ? MESSAGES.wishlist.loginRequired
    : MESSAGES.cart.loginRequired;
}

const { getCart, addToCart } = cartApi.endpoints;
const { getWishlist, toggleWishlist } = wishlistApi.endpoints;
/** The write's outcome is told by its toast and kept in the list's cache: nothing else of it is worth keeping. */
const UNTRACKED = { track: false };

function* rememberForSignIn(storage: GuestIntentStorage, action: ReturnType<typeof signInAskedFor>): SagaIterator {
  yield call(rememberGuestIntent, storage, action.payload);
  yield put(toastRequested('info', reasonFor(action.payload)));
}

/** A read of one of the shopper's lists, as RTK Query starts it. */
type ListRead<Item> = ThunkAction<PromiseLike<{ data?: Item[] }> & { unsubscribe(): void }, unknown, unknown, UnknownAction>;

/**
 * Reads the new shopper's cart or wishlist, then finishes the intent with it (a list that could not be read counts as
 * empty). The read comes first: an add sent before its answer would have its result overwritten by the older list, and a
 * heart could not tell whether the toy is kept already. It is held until the intent's write is answered, as the list the
 * header shows too: no read of the header's own can then bring back the list from before the write.
 */
function* withList<Item>(read: ListRead<Item>, finishWith: (items: Item[]) => SagaIterator): SagaIterator {
  const reading: ReturnType<ListRead<Item>> = yield put(read);
  try {
    const { data = [] }: { data?: Item[] } = yield call(() => reading);
    yield call(finishWith, data);
  } finally {
    reading.unsubscribe();
  }
}

function* finish(intent: GuestIntent, userId: number): SagaIterator {
  switch (intent.kind) {
    case 'add-to-cart': {
      const { productId, variationId, totalStock } = intent.request;
      yield* withList(getCart.initiate(userId), function* (items: CartItem[]) {
        const refusal = stockRefusal(items, productId, 1, totalStock);
        if (refusal) yield put(toastRequested('error', refusal));
        else yield putResolve(addToCart.initiate({ userId, productId, variationId, quantity: 1 }, UNTRACKED));
      });
      return;
    }
    case 'open-cart':
      yield* withList(getCart.initiate(userId), function* () {
        yield put(cartSheetOpened());
      });
      return;
    case 'add-to-wishlist':
      yield* withList(getWishlist.initiate(userId), function* (kept: Product[]) {
        // The heart adds; a toy the shopper had kept from an earlier visit stays kept rather than being toggled out.
        if (!kept.some((toy) => toy.id === intent.productId))
          yield putResolve(toggleWishlist.initiate({ userId, productId: intent.productId, isKept: false }, UNTRACKED));
      });
      return;
    case 'open-wishlist':
      yield* withList(getWishlist.initiate(userId), function* () {
        yield put(wishlistSheetOpened());
      });
  }
}

/**
 * A guest's intent waits in storage while they are a guest (a failed Google trip leaves it for the
 * password form); the first shopper to sign in in this tab has it finished, an admin has it dropped.
 */
function* followSession(storage: GuestIntentStorage, user: SessionUser | null): SagaIterator {
  if (user === null) return;
  const intent: GuestIntent | null = yield call(takeGuestIntent, storage);
  if (intent && isShopper(user)) yield call(finish, intent, user.id);
}

export function* guestIntentSaga(storage: GuestIntentStorage = sessionStorage): SagaIterator {
  yield all([
    takeEvery(signInAskedFor.type, rememberForSignIn, storage),
    takeEvery(guestBrowsing.type, () => forgetGuestIntent(storage)),
    followEachSession(followSession, storage),
  ]);
}
