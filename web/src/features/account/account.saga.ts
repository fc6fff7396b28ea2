import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ACCOUNT_API, MESSAGES, type AccountProfile, type ApiSuccess } from '@shop/contracts';
import { apiClient, isRefusedWith, messageOfError } from '../../lib/api-client';
import { toastRequested } from '../notifications/notifications.slice';
import {
  accountDeleted,
  accountDeletionFailed,
  accountDeletionRequested,
  passwordChanged,
  passwordChangeFailed,
  passwordChangeRequested,
  profileFailed,
  profileLoaded,
  profileRequested,
  profileSaved,
  profileSaveFailed,
  profileSaveRequested,
  verificationResendFailed,
  verificationResendRequested,
  verificationResent,
} from './account.slice';

/** The api's words for a change it made, or the fallback when an answer carries none. */
function saidOf(answer: { message?: string }, fallback: string): string {
  return answer.message ?? fallback;
}

function* loadProfile(): SagaIterator {
  try {
    const answer: ApiSuccess<AccountProfile> = yield call(apiClient.get<ApiSuccess<AccountProfile>>, ACCOUNT_API.profile, {
      noCache: true,
    });
    yield put(profileLoaded(answer.data));
  } catch (error) {
    yield put(profileFailed(messageOfError(error)));
  }
}

function* saveProfile(action: ReturnType<typeof profileSaveRequested>): SagaIterator {
  try {
    const answer: ApiSuccess<AccountProfile> = yield call(apiClient.patch<ApiSuccess<AccountProfile>>, ACCOUNT_API.profile, action.payload);
    yield put(profileSaved(answer.data));
    yield put(toastRequested('success', saidOf(answer, MESSAGES.account.profileUpdated)));
  } catch (error) {
    const message = messageOfError(error);
    yield put(profileSaveFailed(message));
    yield put(toastRequested('error', message));
  }
}

/** The refusal stays in the form beside the fields it is about (a wrong current password, above all). */
function* changePassword(action: ReturnType<typeof passwordChangeRequested>): SagaIterator {
  try {
    const answer: ApiSuccess<null> = yield call(apiClient.post<ApiSuccess<null>>, ACCOUNT_API.changePassword, action.payload);
    yield put(passwordChanged());
    yield put(toastRequested('success', saidOf(answer, MESSAGES.account.passwordChanged)));
  } catch (error) {
    yield put(passwordChangeFailed(messageOfError(error)));
  }
}

function* resendVerification(): SagaIterator {
  try {
    const answer: ApiSuccess<null> = yield call(apiClient.post<ApiSuccess<null>>, ACCOUNT_API.resendVerification);
    yield put(verificationResent());
    yield put(toastRequested('success', saidOf(answer, MESSAGES.account.verificationSent)));
  } catch (error) {
    const message = messageOfError(error);
    yield put(verificationResendFailed(message));
    yield put(toastRequested('error', message));
    // Verified meanwhile (the link opened in another browser): the tag shows it.
    if (isRefusedWith(error, ['ALREADY_VERIFIED'])) yield put(profileRequested());
  }
}

/**
 * The api has ended every session of the account by its answer; the page leaves for the shop's home
 * before the session is forgotten here (AccountPage), or the route guard would send a guest to sign in.
 */
function* deleteAccount(action: ReturnType<typeof accountDeletionRequested>): SagaIterator {
  try {
    const answer: ApiSuccess<null> = yield call(apiClient.post<ApiSuccess<null>>, ACCOUNT_API.deleteAccount, action.payload);
    yield put(toastRequested('success', saidOf(answer, MESSAGES.account.deleted)));
    yield put(accountDeleted());
  } catch (error) {
    yield put(accountDeletionFailed(messageOfError(error)));
  }
}

export function* accountSaga(): SagaIterator {
  yield all([
    takeLatest(profileRequested.type, loadProfile),
    takeLeading(profileSaveRequested.type, saveProfile),
    takeLeading(passwordChangeRequested.type, changePassword),
    takeLeading(verificationResendRequested.type, resendVerification),
    takeLeading(accountDeletionRequested.type, deleteAccount),
  ]);
}
