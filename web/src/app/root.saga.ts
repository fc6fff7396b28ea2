import { all, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { dashboardSaga } from '../features/admin/dashboard/dashboard.saga';
import { authSaga } from '../features/auth/auth.saga';

export function* rootSaga(): SagaIterator {
  yield all([fork(authSaga), fork(dashboardSaga)]);
}
