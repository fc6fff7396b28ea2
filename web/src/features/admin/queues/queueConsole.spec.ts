import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import {
  MESSAGES,
  OPS_API,
  QUEUE_NAMES,
  type FailedJobView,
  type PipelineHeartbeatEvent,
  type QueueName,
  type QueueStatsEvent,
  type SessionUser,
} from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { authReducer, loggedOut, signedInAs } from '../../auth/auth.slice';
import { notificationsReducer } from '../../notifications/notifications.slice';
import {
  opsWatchStarted,
  opsWatchStopped,
  pipelineHeartbeatReceived,
  queueStatsReceived,
  realtimeReducer,
  socketReconnected,
} from '../../realtime/realtime.slice';
import { failedJobsPath, queueConsoleSaga } from './queueConsole.saga';
import {
  FAILED_JOBS_PAGE_SIZE,
  failedJobRemoveRequested,
  failedJobRetryRequested,
  failedJobsRequested,
  heartbeatIsLate,
  queueConsoleReducer,
  retryAllRequested,
  STATS_STALE_MS,
  statsAreStale,
} from './queueConsole.slice';

const admin: SessionUser = { id: 1, userName: 'Achieng', email: 'achieng@example.test', role: 'admin' };
/** The server's clock runs an hour behind the browser's in these tests. */
const SERVER_BEHIND_MS = 3_600_000;

function statsOf(queue: QueueName, fields: Partial<QueueStatsEvent> = {}): QueueStatsEvent {
  return {
    queue,
    waiting: 0,
    active: 0,
    delayed: 0,
    failed: 0,
    completed: 10,
    processedPerMinute: 1.5,
    p50Ms: 40,
    p95Ms: 200,
    workers: 1,
    measuredAt: Date.now() - SERVER_BEHIND_MS,
    ...fields,
  };
}

function jobOf(id: string, fields: Partial<FailedJobView> = {}): FailedJobView {
  return {
    id,
    name: 'image.resize',
    summary: 'imageId: 7',
    error: 'the original is missing',
    stack: 'Error: the original is missing\n    at render',
    attemptsMade: 1,
    attempts: 3,
    createdAt: 1,
    processedAt: 2,
    failedAt: 3,
    ...fields,
  };
}

const heartbeatAt = (processedAt: number): PipelineHeartbeatEvent => ({
  outboxId: processedAt,
  emittedAt: processedAt - 30,
  processedAt,
  latencyMs: 30,
});
const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the queue console', () => {
  const real = { get: apiClient.get, post: apiClient.post, delete: apiClient.delete };
  let calls: string[];
  let failedImages: FailedJobView[];
  let refuseNext: ApiError | null;

  beforeEach(() => {
    calls = [];
    refuseNext = null;
    failedImages = [jobOf('outbox-1'), jobOf('outbox-2')];
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      if (path === OPS_API.snapshot) {
        const serverTime = Date.now() - SERVER_BEHIND_MS;
        return {
          success: true,
          data: {
            queues: QUEUE_NAMES.map((queue) => statsOf(queue, { measuredAt: serverTime - 1000 })),
            heartbeat: heartbeatAt(serverTime - 2000),
            serverTime,
          },
        };
      }
      const jobs = path.startsWith(OPS_API.failedJobs('images')) ? failedImages : [];
      return { success: true, data: jobs, pagination: { total: jobs.length, page: 1, pageSize: FAILED_JOBS_PAGE_SIZE } };
    }) as typeof apiClient.get;
    const act = (method: string) => async (path: string) => {
      calls.push(`${method} ${path}`);
      if (refuseNext) throw refuseNext;
      return {
        success: true,
        message: method === 'DELETE' ? MESSAGES.operations.jobRemoved : MESSAGES.operations.jobRetried,
        data: { jobId: 'outbox-1' },
      };
    };
    apiClient.post = act('POST') as typeof apiClient.post;
    apiClient.delete = act('DELETE') as typeof apiClient.delete;
  });
  afterEach(() => Object.assign(apiClient, real));

  function startConsole() {
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: { auth: authReducer, notifications: notificationsReducer, realtime: realtimeReducer, queueConsole: queueConsoleReducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
    });
    store.dispatch(signedInAs(admin));
    const task = sagaMiddleware.run(queueConsoleSaga);
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }) => ({ kind, text }));
    return { store, stop: () => task.cancel(), toasts, state: () => store.getState().queueConsole };
  }

  async function openOnImages() {
    const started = startConsole();
    started.store.dispatch(opsWatchStarted());
    started.store.dispatch(failedJobsRequested({ queue: 'images', page: 1 }));
    await settle();
    calls = [];
    return started;
  }

  it('asks for one page of one queue’s failed jobs', () => {
    expect(failedJobsPath({ queue: 'payments', page: 3 })).toBe(
      `${OPS_API.failedJobs('payments')}?page=3&pageSize=${FAILED_JOBS_PAGE_SIZE}`,
    );
  });

  it('paints the snapshot and the first queue’s failed jobs when opened, and asks nothing while closed', async () => {
    const { store, state, stop } = startConsole();
    store.dispatch(queueStatsReceived([statsOf('orders')]));
    store.dispatch(socketReconnected());
    await settle();
    expect(calls).toEqual([]);

    store.dispatch(opsWatchStarted());
    await settle();
    expect(calls).toEqual([`GET ${OPS_API.snapshot}`, `GET ${failedJobsPath({ queue: QUEUE_NAMES[0]!, page: 1 })}`]);
    expect(state().queues.map((stats) => stats.queue)).toEqual([...QUEUE_NAMES]);
    expect(state().heartbeat?.latencyMs).toBe(30);
    expect(state().failed).toMatchObject({ queue: QUEUE_NAMES[0], hasLoaded: true, items: [], total: 0 });
    stop();
  });

  it('judges the figures by the server’s clock, whatever the browser’s says', async () => {
    const { state, stop } = await openOnImages();
    // The browser is an hour ahead: by its own clock everything would look an hour old.
    expect(Math.abs(state().now - (Date.now() - SERVER_BEHIND_MS))).toBeLessThan(1000);
    expect(statsAreStale(state())).toBe(false);
    expect(heartbeatIsLate(state())).toBe(false);
    expect(statsAreStale({ ...state(), now: state().now + STATS_STALE_MS + 2000 })).toBe(true);
    expect(heartbeatIsLate({ ...state(), now: state().now + 60_000 })).toBe(true);
    stop();
  });

  it('takes pushed figures and heartbeats, and never lets an older one replace a newer', async () => {
    const { store, state, stop } = await openOnImages();
    const later = state().queues[0]!.measuredAt + 2000;
    store.dispatch(queueStatsReceived(QUEUE_NAMES.map((queue) => statsOf(queue, { waiting: 7, measuredAt: later }))));
    store.dispatch(queueStatsReceived(QUEUE_NAMES.map((queue) => statsOf(queue, { waiting: 1, measuredAt: later - 5000 }))));
    expect(state().queues.map((stats) => stats.waiting)).toEqual(QUEUE_NAMES.map(() => 7));

    const heartbeat = state().heartbeat!;
    store.dispatch(pipelineHeartbeatReceived(heartbeatAt(heartbeat.processedAt + 5000)));
    store.dispatch(pipelineHeartbeatReceived(heartbeatAt(heartbeat.processedAt - 5000)));
    expect(state().heartbeat!.processedAt).toBe(heartbeat.processedAt + 5000);
    stop();
  });

  it('reads the failed jobs again when a push says the count moved, and only then', async () => {
    const { store, stop } = await openOnImages();
    const measuredAt = Date.now();
    store.dispatch(queueStatsReceived(QUEUE_NAMES.map((queue) => statsOf(queue, { failed: queue === 'images' ? 2 : 5, measuredAt }))));
    await settle();
    expect(calls).toEqual([]);

    failedImages = [jobOf('outbox-3'), ...failedImages];
    store.dispatch(
      queueStatsReceived(QUEUE_NAMES.map((queue) => statsOf(queue, { failed: queue === 'images' ? 3 : 5, measuredAt: measuredAt + 2000 }))),
    );
    await settle();
    expect(calls).toEqual([`GET ${failedJobsPath({ queue: 'images', page: 1 })}`]);
    expect(store.getState().queueConsole.failed.items.map((job) => job.id)).toEqual(['outbox-3', 'outbox-1', 'outbox-2']);
    stop();
  });

  it('retries one job: the row leaves, the admin is told, the list is read again', async () => {
    const { store, state, toasts, stop } = await openOnImages();
    failedImages = [jobOf('outbox-2')];
    store.dispatch(failedJobRetryRequested({ queue: 'images', jobId: 'outbox-1' }));
    expect(state().busyJobIds).toEqual(['outbox-1']);
    await settle();
    expect(calls).toEqual([`POST ${OPS_API.retryFailedJob('images', 'outbox-1')}`, `GET ${failedJobsPath({ queue: 'images', page: 1 })}`]);
    expect(state().failed.items.map((job) => job.id)).toEqual(['outbox-2']);
    expect(state().busyJobIds).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.operations.jobRetried }]);
    stop();
  });

  it('removes one job, and says why when the server refuses', async () => {
    const { store, state, toasts, stop } = await openOnImages();
    store.dispatch(failedJobRemoveRequested({ queue: 'images', jobId: 'outbox-1' }));
    await settle();
    expect(calls[0]).toBe(`DELETE ${OPS_API.removeFailedJob('images', 'outbox-1')}`);

    refuseNext = new ApiError(MESSAGES.operations.jobNotFailed, 'JOB_NOT_FAILED');
    store.dispatch(failedJobRetryRequested({ queue: 'images', jobId: 'outbox-2' }));
    await settle();
    expect(toasts()).toEqual([
      { kind: 'success', text: MESSAGES.operations.jobRemoved },
      { kind: 'error', text: MESSAGES.operations.jobNotFailed },
    ]);
    expect(state().busyJobIds).toEqual([]);
    // The refusal means the job moved meanwhile: the list is read again either way.
    expect(calls.at(-1)).toBe(`GET ${failedJobsPath({ queue: 'images', page: 1 })}`);
    stop();
  });

  it('retries all of the queue on show', async () => {
    const { store, state, stop } = await openOnImages();
    store.dispatch(retryAllRequested('images'));
    expect(state().isRetryingAll).toBe(true);
    await settle();
    expect(calls[0]).toBe(`POST ${OPS_API.retryAllFailed('images')}`);
    expect(state().isRetryingAll).toBe(false);
    stop();
  });

  it('reads everything again after a reconnect, and nothing once the console closed', async () => {
    const { store, stop } = await openOnImages();
    store.dispatch(socketReconnected());
    await settle();
    expect(calls).toEqual([`GET ${OPS_API.snapshot}`, `GET ${failedJobsPath({ queue: 'images', page: 1 })}`]);

    calls = [];
    store.dispatch(opsWatchStopped());
    store.dispatch(socketReconnected());
    store.dispatch(queueStatsReceived(QUEUE_NAMES.map((queue) => statsOf(queue, { failed: 9, measuredAt: Date.now() }))));
    await settle();
    expect(calls).toEqual([]);
    stop();
  });

  it('shows why the failed jobs could not be read, and forgets everything on sign-out', async () => {
    const { store, state, stop } = await openOnImages();
    apiClient.get = (async () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    }) as typeof apiClient.get;
    store.dispatch(failedJobsRequested({ queue: 'payments', page: 1 }));
    await settle();
    expect(state().failed).toMatchObject({ queue: 'payments', items: [], error: MESSAGES.server.serviceUnavailable });

    store.dispatch(loggedOut());
    expect(state()).toMatchObject({ isOpen: false, queues: [], heartbeat: null, failed: { queue: QUEUE_NAMES[0], items: [] } });
    stop();
  });
});
