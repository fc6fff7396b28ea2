import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLeading } from 'redux-saga/effects';
import { ACCOUNT_API, MESSAGES, type ApiSuccess, type SessionUser } from '@shop/contracts';
import type { RootState } from '../../app/store';
import { apiClient, messageOfError } from '../../lib/api-client';
import { toastRequested } from '../notifications/notifications.slice';
import { loggedOut } from './auth.slice';
import {
  emailVerificationEnded,
  emailVerificationRequested,
  emailVerificationStarted,
  newPasswordFailed,
  newPasswordRequested,
  newPasswordSet,
  passwordResetLinkFailed,
  passwordResetLinkRequested,
  passwordResetLinkSent,
  type EmailLinksState,
} from './email-links.slice';

const selectVerification = (state: RootState): EmailLinksState['verification'] => state.emailLinks.verification;
const selectSignedIn = (state: RootState): SessionUser | null => state.auth.user;

/** The api answers alike whether or not the address has an account: its words are shown as they are. */
function* requestResetLink(action: ReturnType<typeof passwordResetLinkRequested>): SagaIterator {
  try {
    const answer: ApiSuccess<null> = yield call(apiClient.post<ApiSuccess<null>>, ACCOUNT_API.forgotPassword, action.payload);
    yield put(passwordResetLinkSent(answer.message ?? MESSAGES.account.resetRequested));
  } catch (error) {
    yield put(passwordResetLinkFailed(messageOfError(error)));
  }
}

/** The api ends every session of the account, this browser's too: it signs in again with the new password. */
function* setNewPassword(action: ReturnType<typeof newPasswordRequested>): SagaIterator {
  try {
    const answer: ApiSuccess<null> = yield call(apiClient.post<ApiSuccess<null>>, ACCOUNT_API.resetPassword, action.payload);
    const signedIn: SessionUser | null = yield select(selectSignedIn);
    if (signedIn) yield put(loggedOut());
    const message = answer.message ?? MESSAGES.account.passwordReset;
    yield put(toastRequested('success', message));
    yield put(newPasswordSet(message));
  } catch (error) {
    yield put(newPasswordFailed(messageOfError(error)));
  }
}

/** Posts a link's token once: a page rendered again (or twice, as React's strict mode does) must not spend a used token and show a failure. */
function* verifyEmail(action: ReturnType<typeof emailVerificationRequested>): SagaIterator {
  const token = action.payload;
  const { token: posted, status }: EmailLinksState['verification'] = yield select(selectVerification);
  if (posted === token && status !== 'idle') return;
  yield put(emailVerificationStarted(token));
  try {
    const answer: ApiSuccess<null> = yield call(apiClient.post<ApiSuccess<null>>, ACCOUNT_API.verifyEmail, { token });
    yield put(emailVerificationEnded({ verified: true, message: answer.message ?? MESSAGES.account.emailVerified }));
  } catch (error) {
    yield put(emailVerificationEnded({ verified: false, message: messageOfError(error) }));
  }
}

export function* emailLinksSaga(): SagaIterator {
  yield all([
    takeLeading(passwordResetLinkRequested.type, requestResetLink),
    takeLeading(newPasswordRequested.type, setNewPassword),
    takeLeading(emailVerificationRequested.type, verifyEmail),
  ]);
}
