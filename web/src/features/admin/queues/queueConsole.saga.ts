import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import { pipelineHeartbeatReceived, queueStatsReceived, socketReconnected } from '../../realtime/realtime.slice';
import { laterHeartbeat, mergeStats } from './queue-figures';
import { queuesApi } from './queues.api';

type CacheState = Parameters<typeof queuesApi.util.selectCachedArgsForQuery>[0];

/** The cache's patches are RTK Query's own thunks: `put` hands them to the store's dispatch, whose thunk middleware runs them. */
const asAction = (update: ReturnType<typeof queuesApi.util.updateQueryData>) => update as unknown as UnknownAction;

function* takeStats({ payload }: ReturnType<typeof queueStatsReceived>): SagaIterator {
  yield put(
    asAction(
      queuesApi.util.updateQueryData('getQueuesSnapshot', undefined, (snapshot) => {
        snapshot.queues = mergeStats(snapshot.queues, payload);
      }),
    ),
  );
  // A failed list whose count moved is read again; one on its way already is not asked twice.
  const state: CacheState = yield select();
  const figures = queuesApi.endpoints.getQueuesSnapshot.select()(state).data?.queues ?? [];
  const moved = queuesApi.util.selectCachedArgsForQuery(state, 'getFailedJobs').filter((shown) => {
    const { isSuccess, data } = queuesApi.endpoints.getFailedJobs.select(shown)(state);
    const counted = figures.find((stats) => stats.queue === shown.queue);
    return isSuccess && counted !== undefined && counted.failed !== data.total;
  });
  if (moved.length > 0) yield put(queuesApi.util.invalidateTags(moved.map(({ queue }) => ({ type: 'FailedJobs', id: queue }))));
}

function* takeHeartbeat({ payload }: ReturnType<typeof pipelineHeartbeatReceived>): SagaIterator {
  yield put(
    asAction(
      queuesApi.util.updateQueryData('getQueuesSnapshot', undefined, (snapshot) => {
        snapshot.heartbeat = laterHeartbeat(snapshot.heartbeat, payload);
      }),
    ),
  );
}

/**
 * The console's figures arrive by push (`queues:stats`, `pipeline:heartbeat`, sent to the ops room
 * while a console is open) into its cached snapshot; what the socket missed while away is read
 * again by whichever console reads are on screen. Nothing here polls the server.
 */
export function* queueConsoleSaga(): SagaIterator {
  yield takeEvery(queueStatsReceived.type, takeStats);
  yield takeEvery(pipelineHeartbeatReceived.type, takeHeartbeat);
  yield takeEvery(socketReconnected.type, function* readAgain(): SagaIterator {
    yield put(queuesApi.util.invalidateTags(['QueueSnapshot', 'FailedJobs']));
  });
}
