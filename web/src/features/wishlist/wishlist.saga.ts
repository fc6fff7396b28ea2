import type { SagaIterator } from 'redux-saga';
import { all, call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { MESSAGES, SHOPPER_API, type SessionUser, type WishlistAnswer, type WishlistInput } from '@shop/contracts';
import { apiClient, messageOfError } from '../../lib/api-client';
import { followEachSession, isShopper } from '../auth/shopper-session';
import { toastRequested } from '../notifications/notifications.slice';
import { selectIsInWishlist, selectWishlistIsBusy } from './wishlist.selectors';
import {
  wishlistCleared,
  wishlistFailed,
  wishlistLoaded,
  wishlistRequested,
  wishlistToggled,
  wishlistToggleFailed,
  wishlistToggleRequested,
  wishlistToggleStarted,
} from './wishlist.slice';

function* loadWishlist(userId: number): SagaIterator {
  try {
    const answer: WishlistAnswer = yield call(apiClient.get<WishlistAnswer>, SHOPPER_API.wishlist(userId));
    yield put(wishlistLoaded(answer.wishlist.products));
  } catch (error) {
    yield put(wishlistFailed(messageOfError(error)));
  }
}

function* toggle(userId: number, action: ReturnType<typeof wishlistToggleRequested>): SagaIterator {
  const productId = action.payload;
  if ((yield select(selectWishlistIsBusy, productId)) as boolean) return;
  const isIn: boolean = yield select(selectIsInWishlist, productId);
  const body: WishlistInput = { userId, productId };
  yield put(wishlistToggleStarted(productId));
  try {
    const answer: WishlistAnswer = yield call(
      apiClient.post<WishlistAnswer>,
      isIn ? SHOPPER_API.removeFromWishlist : SHOPPER_API.addToWishlist,
      body,
    );
    yield put(wishlistToggled({ productId, products: answer.wishlist.products }));
    yield put(toastRequested('success', isIn ? MESSAGES.wishlist.removed : MESSAGES.wishlist.added));
  } catch {
    yield put(wishlistToggleFailed(productId));
    yield put(toastRequested('error', MESSAGES.wishlist.toggleFailed));
  }
}

function* watchShopperWishlist(userId: number): SagaIterator {
  yield all([takeLatest(wishlistRequested.type, loadWishlist, userId), takeEvery(wishlistToggleRequested.type, toggle, userId)]);
}

/**
 * As the cart: the shopper's wishlist work lives as long as the sign-in. A guest's heart never gets
 * here: it asks them to sign in first (guestIntent.saga.ts), with 'Please login to use wishlist.'.
 */
function* followSession(user: SessionUser | null): SagaIterator {
  yield put(wishlistCleared());
  if (!isShopper(user)) return;
  yield fork(watchShopperWishlist, user.id);
  yield put(wishlistRequested());
}

export function* wishlistSaga(): SagaIterator {
  yield followEachSession(followSession);
}
