import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { CATALOGUE_API, MESSAGES, type AdminProduct, type ApiSuccess } from '@shop/contracts';
import { apiClient, ApiError, isRefusedWith, messageOfError } from '../../../lib/api-client';
import { toastRequested } from '../../notifications/notifications.slice';
import {
  adminProductsFailed,
  adminProductsLoaded,
  adminProductsRequested,
  productDeleted,
  productDeleteFailed,
  productDeleteRequested,
  productSaved,
  productSaveFailed,
  productSaveRequested,
  type ProductSave,
} from './adminProducts.slice';

/** The server's reason, when it gave one, under the catalogue's headline for the failed step. */
function* toastFailure(headline: string, error: unknown): SagaIterator {
  const reason = error instanceof ApiError ? error.message : undefined;
  yield put(toastRequested('error', headline, reason));
}

function* loadProducts(): SagaIterator {
  try {
    const answer: ApiSuccess<AdminProduct[]> = yield call(apiClient.get<ApiSuccess<AdminProduct[]>>, CATALOGUE_API.adminProducts, {
      noCache: true,
    });
    yield put(adminProductsLoaded(answer.data));
  } catch (error) {
    yield put(adminProductsFailed(messageOfError(error)));
  }
}

function* saveProduct(action: PayloadAction<ProductSave>): SagaIterator {
  const { productId, input } = action.payload;
  const adding = productId === null;
  try {
    const answer: ApiSuccess<AdminProduct> = adding
      ? yield call(apiClient.post<ApiSuccess<AdminProduct>>, CATALOGUE_API.addProduct, input)
      : yield call(apiClient.put<ApiSuccess<AdminProduct>>, CATALOGUE_API.editProduct(productId), input);
    yield put(productSaved());
    yield put(toastRequested('success', answer.message ?? (adding ? MESSAGES.products.added : MESSAGES.products.updated)));
    // After a save the list is fetched again rather than patched, so it shows what the server stored.
    yield put(adminProductsRequested());
  } catch (error) {
    yield put(productSaveFailed());
    yield* toastFailure(adding ? MESSAGES.products.addFailed : MESSAGES.products.updateFailed, error);
    // The stock changed since the sheet was read: the list is fetched again, and the open sheet takes its new count and version.
    if (isRefusedWith(error, ['STOCK_FORM_STALE'])) yield put(adminProductsRequested());
  }
}

function* deleteProduct(action: PayloadAction<number>): SagaIterator {
  const productId = action.payload;
  if (!Number.isInteger(productId) || productId <= 0) {
    yield put(productDeleteFailed(productId));
    yield put(toastRequested('error', MESSAGES.products.invalidId));
    return;
  }
  try {
    const answer: ApiSuccess<{ id: number }> = yield call(
      apiClient.delete<ApiSuccess<{ id: number }>>,
      CATALOGUE_API.deleteProduct(productId),
    );
    yield put(productDeleted(productId));
    yield put(toastRequested('success', answer.message ?? MESSAGES.products.deleted));
  } catch (error) {
    yield put(productDeleteFailed(productId));
    yield* toastFailure(MESSAGES.products.deleteFailed, error);
  }
}

export function* adminProductsSaga(): SagaIterator {
  yield all([
    takeLatest(adminProductsRequested.type, loadProducts),
    takeLeading(productSaveRequested.type, saveProduct),
    takeEvery(productDeleteRequested.type, deleteProduct),
  ]);
}
