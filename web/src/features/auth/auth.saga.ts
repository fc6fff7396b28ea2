import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { GOOGLE_SIGN_IN_ERRORS, GOOGLE_SIGN_IN_RESULT, MESSAGES, type SessionUser } from '@shop/contracts';
import { apiClient, ApiError, messageOfError } from '../../lib/api-client';
import { toastRequested } from '../notifications/notifications.slice';
import {
  authChecked,
  checkAuthRequested,
  loggedOut,
  loginRequested,
  logoutRequested,
  registrationRequested,
  signedInAs,
  signInFailed,
  type Credentials,
  type GoogleSignInReturn,
  type Registration,
} from './auth.slice';

export const AUTH_PATHS = {
  checkAuth: '/api/auth/check-auth',
  login: '/api/auth/login',
  register: '/api/auth/register',
  logout: '/api/auth/logout',
} as const;

interface CheckAuthAnswer {
  success: boolean;
  user?: SessionUser | null;
}

interface SignInAnswer {
  success: boolean;
  message: string;
  user?: SessionUser;
}

/** The api's verdict on a Google round trip, from the query string of the page it sent the browser back to. */
export function googleSignInReturnOf(search: string): GoogleSignInReturn | undefined {
  const parameters = new URLSearchParams(search);
  if (parameters.get(GOOGLE_SIGN_IN_RESULT.outcomeParam) === GOOGLE_SIGN_IN_RESULT.signedIn) return 'signed-in';
  const error = parameters.get(GOOGLE_SIGN_IN_RESULT.errorParam);
  return GOOGLE_SIGN_IN_ERRORS.find((known) => known === error) ?? (error ? 'failed' : undefined);
}

function* checkAuth(action: ReturnType<typeof checkAuthRequested>): SagaIterator {
  let user: SessionUser | null = null;
  try {
    const answer: CheckAuthAnswer = yield call(apiClient.get<CheckAuthAnswer>, AUTH_PATHS.checkAuth, { noCache: true });
    user = answer.success && answer.user ? answer.user : null;
  } catch {
    // 401 is the normal guest answer; an unreachable api leaves the visitor a guest too.
  }
  yield put(authChecked(user));

  const google = action.payload.googleSignIn;
  if (google === 'signed-in') {
    yield put(user ? toastRequested('success', MESSAGES.login.succeeded) : toastRequested('error', MESSAGES.login.syncFailed));
  } else if (google) {
    yield put(toastRequested('error', MESSAGES.googleSignIn[google]));
  }
}

function* login(action: PayloadAction<Credentials>): SagaIterator {
  try {
    const answer: SignInAnswer = yield call(apiClient.post<SignInAnswer>, AUTH_PATHS.login, action.payload);
    if (!answer.user) {
      yield put(signInFailed());
      yield put(toastRequested('error', MESSAGES.login.incomplete));
      return;
    }
    yield put(signedInAs(answer.user));
    yield put(toastRequested('success', MESSAGES.login.succeeded));
  } catch (error) {
    yield put(signInFailed());
    yield put(toastRequested('error', messageOfError(error, MESSAGES.login.failed)));
  }
}

function* register(action: PayloadAction<Registration>): SagaIterator {
  try {
    const answer: SignInAnswer = yield call(apiClient.post<SignInAnswer>, AUTH_PATHS.register, action.payload);
    if (!answer.user) throw new ApiError(MESSAGES.login.incomplete, 'INTERNAL_ERROR');
    yield put(signedInAs(answer.user));
    yield put(toastRequested('success', MESSAGES.registration.succeeded));
  } catch (error) {
    yield put(signInFailed());
    yield put(toastRequested('error', MESSAGES.registration.failed, messageOfError(error, '')));
  }
}

function* logout(): SagaIterator {
  try {
    yield call(apiClient.post<unknown>, AUTH_PATHS.logout);
  } catch {
    // The user asked to leave: forget the session here even if the server could not be told.
  }
  yield put(loggedOut());
  // A page open to guests stays on screen after sign-out, so the change is said in words.
  yield put(toastRequested('success', MESSAGES.login.loggedOut));
}

export function* authSaga(): SagaIterator {
  yield all([
    takeLatest(checkAuthRequested.type, checkAuth),
    takeLeading(loginRequested.type, login),
    takeLeading(registrationRequested.type, register),
    takeLeading(logoutRequested.type, logout),
  ]);
}
