import type { SessionUser } from '@shop/contracts';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { apiClient } from '../../lib/api-client';
import { authChecked, checkAuthRequested, loggedOut, logoutRequested } from './auth.slice';

export const AUTH_PATHS = {
  checkAuth: '/api/auth/check-auth',
  logout: '/api/auth/logout',
} as const;

interface CheckAuthAnswer {
  success: boolean;
  user?: SessionUser | null;
}

function* checkAuth(): SagaIterator {
  try {
    const answer: CheckAuthAnswer = yield call(apiClient.get<CheckAuthAnswer>, AUTH_PATHS.checkAuth, { noCache: true });
    yield put(authChecked(answer.success && answer.user ? answer.user : null));
  } catch {
    // 401 is the normal guest answer; until the auth endpoints exist a 404 or an absent api means guest too.
    yield put(authChecked(null));
  }
}

function* logout(): SagaIterator {
  try {
    yield call(apiClient.post<unknown>, AUTH_PATHS.logout);
  } catch {
    // The user asked to leave: forget the session here even if the server could not be told.
  }
  yield put(loggedOut());
}

export function* authSaga(): SagaIterator {
  yield all([takeLatest(checkAuthRequested.type, checkAuth), takeLeading(logoutRequested.type, logout)]);
}
