import type { SagaIterator } from 'redux-saga';
import { put, retry, select, takeLeading } from 'redux-saga/effects';
import { MESSAGES, SHOP_INFO_API, type ApiSuccess, type ShopInfo } from '@shop/contracts';
import { apiClient, messageOfError } from '../../lib/api-client';
import { selectShopInfo } from './shop-info.selectors';
import { shopInfoFailed, shopInfoLoaded, shopInfoRequested, type ShopInfoState } from './shop-info.slice';

/** A phone on a poor connection gets a few tries before the strip gives up on the details. */
export const SHOP_INFO_TRIES = { attempts: 3, delayMs: 1500 } as const;

function* loadShopInfo(): SagaIterator {
  const { info }: ShopInfoState = yield select(selectShopInfo);
  if (info !== null) return;
  try {
    const answer: ApiSuccess<ShopInfo> = yield retry(
      SHOP_INFO_TRIES.attempts,
      SHOP_INFO_TRIES.delayMs,
      apiClient.get<ApiSuccess<ShopInfo>>,
      SHOP_INFO_API.get,
    );
    yield put(shopInfoLoaded(answer.data));
  } catch (error) {
    yield put(shopInfoFailed(messageOfError(error, MESSAGES.server.internalError)));
  }
}

export function* shopInfoSaga(): SagaIterator {
  // The contact strip and the footer both ask at once: one request answers them both.
  yield takeLeading(shopInfoRequested.type, loadShopInfo);
}
