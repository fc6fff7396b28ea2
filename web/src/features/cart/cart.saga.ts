import type { SagaIterator } from 'redux-saga';
import { all, call, fork, put, select, takeEvery, takeLatest, type CallEffect } from 'redux-saga/effects';
import { MESSAGES, SHOPPER_API, type ApiSuccess, type Cart, type CartItem, type CartLineInput, type SessionUser } from '@shop/contracts';
import { apiClient, messageOfError } from '../../lib/api-client';
import { followEachSession, isShopper } from '../auth/shopper-session';
import { toastRequested } from '../notifications/notifications.slice';
import { stockRefusal } from './cart-lines';
import { selectCartItems, selectCartLine, selectCartLineIsBusy } from './cart.selectors';
import {
  addToCartRequested,
  cartCleared,
  cartFailed,
  cartLineChanged,
  cartLineChangeFailed,
  cartLineChangeStarted,
  cartLineDeleteRequested,
  cartLoaded,
  cartQuantityChangeRequested,
  cartRequested,
} from './cart.slice';

type CartAnswer = ApiSuccess<Cart>;

function* loadCart(userId: number): SagaIterator {
  try {
    const answer: CartAnswer = yield call(apiClient.get<CartAnswer>, SHOPPER_API.cart(userId));
    yield put(cartLoaded(answer.data));
  } catch (error) {
    yield put(cartFailed(messageOfError(error)));
  }
}

/** Sends one line's change; on refusal the server's reason is shown and the cart is left as it was. */
function* sendLineChange(productId: number, request: CallEffect, successText: string): SagaIterator {
  yield put(cartLineChangeStarted(productId));
  try {
    const answer: CartAnswer = yield request;
    yield put(cartLineChanged({ productId, cart: answer.data }));
    yield put(toastRequested('success', successText));
  } catch (error) {
    yield put(cartLineChangeFailed(productId));
    yield put(toastRequested('error', messageOfError(error)));
  }
}

/** More than the shop holds is refused here, before any request (stockRefusal). */
function* refusedBeyondStock(productId: number, added: number, totalStock: number): SagaIterator<boolean> {
  const refusal = stockRefusal((yield select(selectCartItems)) as CartItem[], productId, added, totalStock);
  if (refusal) yield put(toastRequested('error', refusal));
  return refusal !== null;
}

/** The stock is the product's: every variation's line counts against it. */
function* addToCart(userId: number, action: ReturnType<typeof addToCartRequested>): SagaIterator {
  const { productId, variationId, totalStock } = action.payload;
  // The product's buttons are disabled meanwhile; a second add from a card must not race the first.
  if ((yield select(selectCartLineIsBusy, productId)) as boolean) return;
  if ((yield call(refusedBeyondStock, productId, 1, totalStock)) as boolean) return;
  const body: CartLineInput = { userId, productId, variationId, quantity: 1 };
  yield call(sendLineChange, productId, call(apiClient.post<CartAnswer>, SHOPPER_API.addToCart, body), MESSAGES.cart.productAdded);
}

function* changeQuantity(userId: number, action: ReturnType<typeof cartQuantityChangeRequested>): SagaIterator {
  const { productId, variationId, quantity } = action.payload;
  if ((yield select(selectCartLineIsBusy, productId)) as boolean) return;
  const line: CartItem | undefined = yield select(selectCartLine, productId, variationId);
  if (!line || quantity < 1 || quantity === line.quantity) return;
  if ((yield call(refusedBeyondStock, productId, quantity - line.quantity, line.totalStock)) as boolean) return;
  const body: CartLineInput = { userId, productId, variationId, quantity };
  yield call(sendLineChange, productId, call(apiClient.put<CartAnswer>, SHOPPER_API.updateCart, body), MESSAGES.cart.itemUpdated);
}

function* deleteLine(userId: number, action: ReturnType<typeof cartLineDeleteRequested>): SagaIterator {
  const { productId, variationId } = action.payload;
  if ((yield select(selectCartLineIsBusy, productId)) as boolean) return;
  yield call(
    sendLineChange,
    productId,
    call(apiClient.delete<CartAnswer>, SHOPPER_API.deleteCartLine(userId, productId, variationId)),
    MESSAGES.cart.itemDeleted,
  );
}

function* watchShopperCart(userId: number): SagaIterator {
  yield all([
    takeLatest(cartRequested.type, loadCart, userId),
    takeEvery(addToCartRequested.type, addToCart, userId),
    takeEvery(cartQuantityChangeRequested.type, changeQuantity, userId),
    takeEvery(cartLineDeleteRequested.type, deleteLine, userId),
  ]);
}

/**
 * Each sign-in starts the shopper's cart work and each change of user cancels it, so that an answer
 * still on its way when the shopper signs out never lands in the next user's state.
 */
function* followSession(user: SessionUser | null): SagaIterator {
  yield put(cartCleared());
  if (!isShopper(user)) return;
  yield fork(watchShopperCart, user.id);
  yield put(cartRequested());
}

export function* cartSaga(): SagaIterator {
  yield followEachSession(followSession);
}
