import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, delay, fork, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { OPS_API, type ApiSuccess, type FailedJobAction, type FailedJobPage, type QueuesSnapshot, type RetriedJobs } from '@shop/contracts';
import { apiClient, messageOfError } from '../../../lib/api-client';
import { loggedOut } from '../../auth/auth.slice';
import { toastRequested } from '../../notifications/notifications.slice';
import { getCancellable } from '../../orders/order-requests';
import { opsWatchStarted, opsWatchStopped, queueStatsReceived, socketReconnected } from '../../realtime/realtime.slice';
import {
  consoleClockTicked,
  FAILED_JOBS_PAGE_SIZE,
  failedJobActionFailed,
  failedJobCleared,
  failedJobRemoveRequested,
  failedJobRetryRequested,
  failedJobsFailed,
  failedJobsLoaded,
  failedJobsRefreshRequested,
  failedJobsRequested,
  retryAllRequested,
  retryAllSettled,
  selectQueueConsole,
  snapshotFailed,
  snapshotLoaded,
  snapshotRequested,
  type FailedJobsState,
  type QueueConsoleState,
} from './queueConsole.slice';

/** The console's clock only ages what is on screen ("figures 8 s old"); it asks the server nothing. */
export const CONSOLE_CLOCK_TICK_MS = 1000;

export function failedJobsPath({ queue, page }: Pick<FailedJobsState, 'queue' | 'page'>): string {
  return `${OPS_API.failedJobs(queue)}?${new URLSearchParams({ page: String(page), pageSize: String(FAILED_JOBS_PAGE_SIZE) })}`;
}

/** How far the browser's clock runs ahead of the server's, learnt from the snapshot. */
interface ServerClock {
  skewMs: number;
}

function* readSnapshot(clock: ServerClock): SagaIterator {
  yield put(snapshotRequested());
  try {
    const answer: ApiSuccess<QueuesSnapshot> = yield call(getCancellable<ApiSuccess<QueuesSnapshot>>, OPS_API.snapshot);
    clock.skewMs = Date.now() - answer.data.serverTime;
    yield put(consoleClockTicked(answer.data.serverTime));
    yield put(snapshotLoaded(answer.data));
  } catch (error) {
    yield put(snapshotFailed(messageOfError(error)));
  }
}

function* tickClock(clock: ServerClock): SagaIterator {
  while (true) {
    yield put(consoleClockTicked(Date.now() - clock.skewMs));
    yield delay(CONSOLE_CLOCK_TICK_MS);
  }
}

/** Requests and refreshes share one latest-wins worker, so an older page never lands over a newer one. */
function* loadFailedJobs(action: ReturnType<typeof failedJobsRequested> | ReturnType<typeof failedJobsRefreshRequested>): SagaIterator {
  const { failed }: QueueConsoleState = yield select(selectQueueConsole);
  const { queue, page } = failed;
  try {
    const answer: FailedJobPage = yield call(getCancellable<FailedJobPage>, failedJobsPath(failed));
    const lastPage = Math.max(1, Math.ceil(answer.pagination.total / FAILED_JOBS_PAGE_SIZE));
    // Retries emptied the page on show: the last page that has jobs takes its place.
    if (answer.data.length === 0 && page > lastPage) {
      yield put(failedJobsRequested({ queue, page: lastPage }));
      return;
    }
    yield put(failedJobsLoaded({ queue, page, items: answer.data, total: answer.pagination.total }));
  } catch (error) {
    const { failed: now }: QueueConsoleState = yield select(selectQueueConsole);
    if (failedJobsRequested.match(action) || now.isLoading) yield put(failedJobsFailed(messageOfError(error)));
  }
}

/** A push says the failed set of the queue on show changed size: its list is read again. */
function* refreshWhenFailedCountMoves(): SagaIterator {
  const { queues, failed }: QueueConsoleState = yield select(selectQueueConsole);
  const shown = queues.find((stats) => stats.queue === failed.queue);
  if (shown && failed.hasLoaded && !failed.isLoading && shown.failed !== failed.total) yield put(failedJobsRefreshRequested());
}

/** What the socket missed while away is read again. */
function* catchUp(clock: ServerClock): SagaIterator {
  yield fork(readSnapshot, clock);
  yield put(failedJobsRefreshRequested());
}

function* followConsole(): SagaIterator {
  const clock: ServerClock = { skewMs: 0 };
  yield fork(readSnapshot, clock);
  yield fork(tickClock, clock);
  const { failed }: QueueConsoleState = yield select(selectQueueConsole);
  yield put(failedJobsRequested({ queue: failed.queue, page: 1 }));
  yield takeEvery(queueStatsReceived.type, refreshWhenFailedCountMoves);
  yield takeLatest(socketReconnected.type, catchUp, clock);
}

type JobAction = ReturnType<typeof failedJobRetryRequested> | ReturnType<typeof failedJobRemoveRequested>;

/** Retry or Remove: either way the job leaves the failed set, and the list is read again for what moved meanwhile. */
function* actOnJob(action: JobAction): SagaIterator {
  const { queue, jobId } = action.payload;
  try {
    const answer: FailedJobAction = failedJobRetryRequested.match(action)
      ? yield call(apiClient.post<FailedJobAction>, OPS_API.retryFailedJob(queue, jobId))
      : yield call(apiClient.delete<FailedJobAction>, OPS_API.removeFailedJob(queue, jobId));
    yield put(failedJobCleared(jobId));
    if (answer.message) yield put(toastRequested('success', answer.message));
  } catch (error) {
    yield put(failedJobActionFailed(jobId));
    yield put(toastRequested('error', messageOfError(error)));
  }
  yield put(failedJobsRefreshRequested());
}

function* retryAll(action: ReturnType<typeof retryAllRequested>): SagaIterator {
  try {
    const answer: RetriedJobs = yield call(apiClient.post<RetriedJobs>, OPS_API.retryAllFailed(action.payload));
    if (answer.message) yield put(toastRequested('success', answer.message));
  } catch (error) {
    yield put(toastRequested('error', messageOfError(error)));
  }
  yield put(retryAllSettled());
  yield put(failedJobsRefreshRequested());
}

/**
 * The console's figures arrive by push (`queues:stats`, `pipeline:heartbeat`) while it is open;
 * the snapshot paints it first and again after a reconnect. Nothing here polls the server.
 */
export function* queueConsoleSaga(): SagaIterator {
  yield takeLatest([failedJobsRequested.type, failedJobsRefreshRequested.type], loadFailedJobs);
  yield takeEvery([failedJobRetryRequested.type, failedJobRemoveRequested.type], actOnJob);
  yield takeLeading(retryAllRequested.type, retryAll);
  while (true) {
    yield take(opsWatchStarted.type);
    const session: Task = yield fork(followConsole);
    yield take([opsWatchStopped.type, loggedOut.type]);
    yield cancel(session);
  }
}
