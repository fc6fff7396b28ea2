import type { SagaIterator } from 'redux-saga';
import { call, cancelled } from 'redux-saga/effects';
import { apiClient } from '../../lib/api-client';

/**
 * A GET aborted when its saga is cancelled: a list or dialog that moves on (another page, another
 * order, closed) must not have an older answer land after the newer one.
 */
export function* getCancellable<T>(path: string): SagaIterator<T> {
  const controller = new AbortController();
  try {
    return (yield call(apiClient.get<T>, path, { signal: controller.signal })) as T;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}
