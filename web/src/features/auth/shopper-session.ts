import type { SagaIterator, Task } from 'redux-saga';
import { cancel, fork, select, take } from 'redux-saga/effects';
import type { SessionUser } from '@shop/contracts';
import type { RootState } from '../../app/store';
import { authChecked, loggedOut, signedInAs } from './auth.slice';

/** The actions after which the signed-in user may be someone else (or nobody). */
const SESSION_CHANGES = [authChecked.type, signedInAs.type, loggedOut.type];

type SessionChange = ReturnType<typeof authChecked> | ReturnType<typeof signedInAs> | ReturnType<typeof loggedOut>;

function sessionUserOf(action: SessionChange): SessionUser | null {
  return loggedOut.match(action) ? null : action.payload;
}

/**
 * Runs `follow` for the signed-in user (or nobody) and again at each change of user, cancelling the
 * last run: takeLatest over SESSION_CHANGES that also starts from the session as it stands, since a
 * saga that comes with a lazily loaded screen starts after the session check has answered.
 */
export function followEachSession<Args extends unknown[]>(follow: (...args: [...Args, SessionUser | null]) => SagaIterator, ...args: Args) {
  return fork(function* followSessions(): SagaIterator {
    const { authChecked: sessionKnown, user }: RootState['auth'] = yield select((state: RootState) => state.auth);
    let running: Task | null = sessionKnown ? yield fork(follow, ...args, user) : null;
    for (;;) {
      const change: SessionChange = yield take(SESSION_CHANGES);
      if (running) yield cancel(running);
      running = yield fork(follow, ...args, sessionUserOf(change));
    }
  });
}

/** Shoppers keep a cart and a wishlist; admins and guests have neither. */
export function isShopper(user: SessionUser | null): user is SessionUser {
  return user !== null && user.role !== 'admin';
}

/** Whose cart and wishlist the screens show: null for a guest or an admin, for whom nothing is asked. */
export const selectShopperId = ({ auth: { user } }: RootState): number | null => (isShopper(user) ? user.id : null);
