import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { CATALOGUE_API, MESSAGES, type ApiSuccess, type FeatureImage } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { toastRequested } from '../notifications/notifications.slice';
import {
  featureImageAdded,
  featureImageAddFailed,
  featureImageAddRequested,
  featureImageDeleted,
  featureImageDeleteFailed,
  featureImageDeleteRequested,
  featureImagesFailed,
  featureImagesLoaded,
  featureImagesRequested,
} from './featureImages.slice';

function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined;
}

function* loadFeatureImages(): SagaIterator {
  try {
    const answer: ApiSuccess<FeatureImage[]> = yield call(apiClient.get<ApiSuccess<FeatureImage[]>>, CATALOGUE_API.featureImages);
    yield put(featureImagesLoaded(answer.data));
  } catch (error) {
    yield put(featureImagesFailed(reasonOf(error) ?? MESSAGES.server.internalError));
  }
}

function* addFeatureImage(action: PayloadAction<string>): SagaIterator {
  try {
    const answer: ApiSuccess<FeatureImage> = yield call(apiClient.post<ApiSuccess<FeatureImage>>, CATALOGUE_API.addFeatureImage, {
      image: action.payload,
    });
    yield put(featureImageAdded(answer.data));
    yield put(toastRequested('success', answer.message ?? MESSAGES.featureImages.added));
  } catch (error) {
    yield put(featureImageAddFailed());
    yield put(toastRequested('error', MESSAGES.adminCatalogue.featureImageAddFailed, reasonOf(error)));
  }
}

function* deleteFeatureImage(action: PayloadAction<number>): SagaIterator {
  const featureImageId = action.payload;
  try {
    const answer: ApiSuccess<unknown> = yield call(apiClient.delete<ApiSuccess<unknown>>, CATALOGUE_API.deleteFeatureImage(featureImageId));
    yield put(featureImageDeleted(featureImageId));
    yield put(toastRequested('success', answer.message ?? MESSAGES.featureImages.deleted));
  } catch (error) {
    yield put(featureImageDeleteFailed(featureImageId));
    yield put(toastRequested('error', MESSAGES.adminCatalogue.featureImageDeleteFailed, reasonOf(error)));
  }
}

export function* featureImagesSaga(): SagaIterator {
  yield all([
    takeLatest(featureImagesRequested.type, loadFeatureImages),
    takeLeading(featureImageAddRequested.type, addFeatureImage),
    takeEvery(featureImageDeleteRequested.type, deleteFeatureImage),
  ]);
}
