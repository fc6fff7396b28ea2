import {
  MESSAGES,
  OPS_API,
  PIPELINE_HEARTBEAT_LATE_MS,
  QUEUE_NAMES,
  type FailedJobView,
  type PipelineHeartbeatEvent,
  type QueueName,
  type QueueStatsEvent,
} from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { startApiStore } from '../../../testing/api-store';
import { notificationsReducer, type Toast } from '../../notifications/notifications.slice';
import { pipelineHeartbeatReceived, queueStatsReceived, socketReconnected } from '../../realtime/realtime.slice';
import {
  heartbeatIsLate,
  lastPageWithJobs,
  laterHeartbeat,
  mergeStats,
  serverTimeAt,
  STATS_STALE_MS,
  statsAreStale,
} from './queue-figures';
import { queueConsoleSaga } from './queueConsole.saga';
import { queuesApi, type FailedJobsPage } from './queues.api';

/** The server's clock runs an hour behind the browser's in these tests. */
const SERVER_BEHIND_MS = 3_600_000;
const IMAGES_FIRST_PAGE: FailedJobsPage = { queue: 'images', page: 1 };

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
const everyQueue = (fields: (queue: QueueName) => Partial<QueueStatsEvent>) => QUEUE_NAMES.map((queue) => statsOf(queue, fields(queue)));

function jobOf(id: string): FailedJobView {
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
  };
}

const heartbeatAt = (processedAt: number): PipelineHeartbeatEvent => ({
  outboxId: processedAt,
  emittedAt: processedAt - 30,
  processedAt,
  latencyMs: 30,
});

describe("the queue console's figures", () => {
  const toldAt = 1_800_000_000_000;
  const told = { serverTime: toldAt - SERVER_BEHIND_MS, receivedAt: toldAt };

  it('reckons the server’s time from what it told, whatever the browser’s clock says', () => {
    expect(serverTimeAt(toldAt + 4000, told)).toBe(told.serverTime + 4000);
    // The clock ticked last just before the answer came: it does not go back before the server's word.
    expect(serverTimeAt(toldAt - 800, told)).toBe(told.serverTime);
  });

  it('calls figures stale, and the heartbeat late, only by the server’s clock and only once it is known', () => {
    const now = told.serverTime;
    const queues = everyQueue(() => ({ measuredAt: now - 1000 }));
    expect(statsAreStale(queues, now)).toBe(false);
    expect(statsAreStale(queues, now + STATS_STALE_MS)).toBe(true);
    expect(statsAreStale(queues, 0)).toBe(false);
    expect(statsAreStale([], now + STATS_STALE_MS)).toBe(false);

    const heartbeat = heartbeatAt(now - 1000);
    expect(heartbeatIsLate(heartbeat, now)).toBe(false);
    expect(heartbeatIsLate(heartbeat, now + PIPELINE_HEARTBEAT_LATE_MS)).toBe(true);
    expect(heartbeatIsLate(heartbeat, 0)).toBe(false);
    expect(heartbeatIsLate(null, now + PIPELINE_HEARTBEAT_LATE_MS)).toBe(false);
  });

  it('keeps, per queue, the later measurement and the later heartbeat, whichever arrived last', () => {
    const held = [statsOf('orders', { waiting: 1, measuredAt: 2000 }), statsOf('images', { waiting: 2, measuredAt: 5000 })];
    const arrived = [statsOf('images', { waiting: 9, measuredAt: 4000 }), statsOf('payments', { waiting: 3, measuredAt: 3000 })];
    expect(mergeStats(held, arrived).map(({ queue, waiting }) => [queue, waiting])).toEqual([
      ['orders', 1],
      ['payments', 3],
      ['images', 2],
    ]);

    expect(laterHeartbeat(heartbeatAt(5000), heartbeatAt(4000))?.processedAt).toBe(5000);
    expect(laterHeartbeat(heartbeatAt(5000), heartbeatAt(6000))?.processedAt).toBe(6000);
    expect(laterHeartbeat(heartbeatAt(5000), null)?.processedAt).toBe(5000);
  });

  it('sends a list that retries emptied to the last page that still has jobs', () => {
    expect(lastPageWithJobs(41, 20)).toBe(3);
    expect(lastPageWithJobs(40, 20)).toBe(2);
    expect(lastPageWithJobs(0, 20)).toBe(1);
  });
});

describe('the queue console on the api', () => {
  const real = { get: apiClient.get, post: apiClient.post, delete: apiClient.delete };
  const failedImagesPath = (page = 1) => `${OPS_API.failedJobs('images')}?page=${page}&pageSize=20`;
  let calls: string[];
  let failedImages: FailedJobView[];
  let snapshotMeasuredAt: number;
  let refuseNext: ApiError | null;

  beforeEach(() => {
    calls = [];
    refuseNext = null;
    failedImages = [jobOf('outbox-1'), jobOf('outbox-2')];
    snapshotMeasuredAt = Date.now() - SERVER_BEHIND_MS - 1000;
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      if (path === OPS_API.snapshot) {
        return {
          success: true,
          data: {
            queues: everyQueue((queue) => ({ failed: queue === 'images' ? failedImages.length : 0, measuredAt: snapshotMeasuredAt })),
            heartbeat: heartbeatAt(snapshotMeasuredAt),
            serverTime: Date.now() - SERVER_BEHIND_MS,
          },
        };
      }
      const jobs = path.startsWith(OPS_API.failedJobs('images')) ? failedImages : [];
      return { success: true, data: jobs, pagination: { total: jobs.length, page: 1, pageSize: 20 } };
    }) as typeof apiClient.get;
    const act = (method: 'POST' | 'DELETE') => async (path: string) => {
      calls.push(`${method} ${path}`);
      if (refuseNext) throw refuseNext;
      if (path === OPS_API.retryAllFailed('images'))
        return { success: true, message: MESSAGES.operations.jobsRetried(2), data: { retried: 2 } };
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

  /** The console on screen showing the images' failed jobs, with the socket's pushes going into the cache. */
  async function openOnImages() {
    const store = startApiStore({ notifications: notificationsReducer }, queueConsoleSaga);
    const snapshot = store.dispatch(queuesApi.endpoints.getQueuesSnapshot.initiate());
    const failedList = store.dispatch(queuesApi.endpoints.getFailedJobs.initiate(IMAGES_FIRST_PAGE));
    await Promise.all([snapshot, failedList]);
    const opened = [...calls];
    calls = [];
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    return {
      store,
      opened,
      settle,
      figures: () => queuesApi.endpoints.getQueuesSnapshot.select()(store.getState()).data,
      failedIds: () =>
        queuesApi.endpoints.getFailedJobs
          .select(IMAGES_FIRST_PAGE)(store.getState())
          .data?.items.map((job) => job.id),
      toasts: () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text })),
      close: () => {
        snapshot.unsubscribe();
        failedList.unsubscribe();
      },
    };
  }

  it('paints the snapshot and one page of a queue’s failed jobs', async () => {
    const queueConsole = await openOnImages();
    expect(queueConsole.opened).toEqual([`GET ${OPS_API.snapshot}`, `GET ${failedImagesPath()}`]);
    expect(queueConsole.figures()?.queues.map((stats) => stats.queue)).toEqual([...QUEUE_NAMES]);
    expect(queueConsole.figures()?.heartbeat?.processedAt).toBe(snapshotMeasuredAt);
    expect(queueConsole.failedIds()).toEqual(['outbox-1', 'outbox-2']);

    await queueConsole.store.dispatch(queuesApi.endpoints.getFailedJobs.initiate({ queue: 'images', page: 3 }));
    expect(calls).toEqual([`GET ${failedImagesPath(3)}`]);
    queueConsole.close();
  });

  it('takes pushed figures and heartbeats, and never lets an older one replace a newer', async () => {
    const { store, figures, close } = await openOnImages();
    const later = snapshotMeasuredAt + 2000;
    store.dispatch(queueStatsReceived(everyQueue(() => ({ waiting: 7, measuredAt: later }))));
    store.dispatch(queueStatsReceived(everyQueue(() => ({ waiting: 1, measuredAt: later - 5000 }))));
    expect(figures()?.queues.map((stats) => stats.waiting)).toEqual(QUEUE_NAMES.map(() => 7));

    store.dispatch(pipelineHeartbeatReceived(heartbeatAt(later)));
    store.dispatch(pipelineHeartbeatReceived(heartbeatAt(later - 5000)));
    expect(figures()?.heartbeat?.processedAt).toBe(later);
    close();
  });

  it('reads everything again after a reconnect, keeping pushed figures later than the answer', async () => {
    const { store, figures, settle, close } = await openOnImages();
    const pushedAt = snapshotMeasuredAt + 5000;
    store.dispatch(queueStatsReceived([statsOf('orders', { waiting: 4, measuredAt: pushedAt })]));
    snapshotMeasuredAt += 2000;

    store.dispatch(socketReconnected());
    await settle();

    expect([...calls].sort()).toEqual([`GET ${OPS_API.snapshot}`, `GET ${failedImagesPath()}`].sort());
    const [orders, ...others] = figures()!.queues;
    expect(orders).toMatchObject({ queue: 'orders', waiting: 4, measuredAt: pushedAt });
    expect(others.map((stats) => stats.measuredAt)).toEqual(others.map(() => snapshotMeasuredAt));
    close();
  });

  it('reads a failed list again when a push says its count moved, and only then', async () => {
    const { store, settle, failedIds, close } = await openOnImages();
    const measuredAt = snapshotMeasuredAt + 1000;
    store.dispatch(queueStatsReceived(everyQueue((queue) => ({ failed: queue === 'images' ? 2 : 5, measuredAt }))));
    await settle();
    expect(calls).toEqual([]);

    failedImages = [jobOf('outbox-3'), ...failedImages];
    store.dispatch(queueStatsReceived(everyQueue((queue) => ({ failed: queue === 'images' ? 3 : 5, measuredAt: measuredAt + 2000 }))));
    await settle();
    expect(calls).toEqual([`GET ${failedImagesPath()}`]);
    expect(failedIds()).toEqual(['outbox-3', 'outbox-1', 'outbox-2']);
    close();
  });

  it('retries one job: the row leaves at once, the admin is told, the list is read again', async () => {
    const { store, settle, failedIds, toasts, close } = await openOnImages();
    failedImages = [jobOf('outbox-2'), jobOf('outbox-9')];
    await store.dispatch(queuesApi.endpoints.actOnFailedJob.initiate({ queue: 'images', jobId: 'outbox-1', act: 'retry' }));
    expect(failedIds()).toEqual(['outbox-2']);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.operations.jobRetried }]);

    await settle();
    expect(calls).toEqual([`POST ${OPS_API.retryFailedJob('images', 'outbox-1')}`, `GET ${failedImagesPath()}`]);
    expect(failedIds()).toEqual(['outbox-2', 'outbox-9']);
    close();
  });

  it('removes one job, and says why when the server refuses; the list is read again either way', async () => {
    const { store, settle, failedIds, toasts, close } = await openOnImages();
    await store.dispatch(queuesApi.endpoints.actOnFailedJob.initiate({ queue: 'images', jobId: 'outbox-1', act: 'remove' }));
    await settle();
    expect(calls).toEqual([`DELETE ${OPS_API.removeFailedJob('images', 'outbox-1')}`, `GET ${failedImagesPath()}`]);

    calls = [];
    refuseNext = new ApiError(MESSAGES.operations.jobNotFailed, 'JOB_NOT_FAILED');
    await store.dispatch(queuesApi.endpoints.actOnFailedJob.initiate({ queue: 'images', jobId: 'outbox-2', act: 'retry' }));
    expect(failedIds()).toContain('outbox-2');
    await settle();
    expect(toasts()).toEqual([
      { kind: 'success', text: MESSAGES.operations.jobRemoved },
      { kind: 'error', text: MESSAGES.operations.jobNotFailed },
    ]);
    // The refusal means the job moved meanwhile.
    expect(calls).toEqual([`POST ${OPS_API.retryFailedJob('images', 'outbox-2')}`, `GET ${failedImagesPath()}`]);
    close();
  });

  it('retries all of a queue, told in the api’s words', async () => {
    const { store, settle, toasts, close } = await openOnImages();
    await store.dispatch(queuesApi.endpoints.retryAllFailed.initiate('images'));
    await settle();
    expect(calls).toEqual([`POST ${OPS_API.retryAllFailed('images')}`, `GET ${failedImagesPath()}`]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.operations.jobsRetried(2) }]);
    close();
  });

  it('reads nothing once the console closed', async () => {
    const { store, settle, close } = await openOnImages();
    close();
    store.dispatch(socketReconnected());
    store.dispatch(queueStatsReceived(everyQueue(() => ({ failed: 9, measuredAt: Date.now() }))));
    await settle();
    expect(calls).toEqual([]);
  });

  it('keeps why a page of failed jobs could not be read', async () => {
    const { store, close } = await openOnImages();
    apiClient.get = (async () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    }) as typeof apiClient.get;
    const shown = await store.dispatch(queuesApi.endpoints.getFailedJobs.initiate({ queue: 'payments', page: 1 }, { subscribe: false }));
    expect(shown.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.server.serviceUnavailable });
    expect(shown.data).toBeUndefined();
    close();
  });
});
