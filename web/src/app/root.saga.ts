import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/auth.saga';
import { guestIntentSaga } from '../features/auth/guestIntent.saga';
import { realtimeSaga } from '../features/realtime/realtime.saga';

/** The sagas of the first download; checkout's and the admin's start with their screens (LazyFeature). */
export function* rootSaga(): SagaIterator {
  yield all([fork(authSaga), fork(guestIntentSaga), fork(realtimeSaga)]);
}
