import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  PIPELINE_HEARTBEAT_LATE_MS,
  QUEUE_NAMES,
  QUEUE_STATS_INTERVAL_MS,
  type FailedJobView,
  type PipelineHeartbeatEvent,
  type QueueName,
  type QueuesSnapshot,
  type QueueStatsEvent,
} from '@shop/contracts';
import { loggedOut } from '../../auth/auth.slice';
import { opsWatchStarted, opsWatchStopped, pipelineHeartbeatReceived, queueStatsReceived } from '../../realtime/realtime.slice';

export const FAILED_JOBS_PAGE_SIZE = 20;
/** Figures older than a few pushes mean no worker process is publishing. */
export const STATS_STALE_MS = 3 * QUEUE_STATS_INTERVAL_MS;

export interface FailedJobsState {
  queue: QueueName;
  page: number;
  items: FailedJobView[];
  total: number;
  isLoading: boolean;
  hasLoaded: boolean;
  error: string | null;
}

export interface QueueConsoleState {
  /** The console is on screen (the page said so through opsWatchStarted). */
  isOpen: boolean;
  /** Per queue, in QUEUE_NAMES order; empty until the snapshot or the first push. */
  queues: QueueStatsEvent[];
  heartbeat: PipelineHeartbeatEvent | null;
  isLoading: boolean;
  error: string | null;
  /** The server's time as the console reckons it (its saga ticks it), to tell figures and heartbeats that went quiet; 0 before the first tick. */
  now: number;
  failed: FailedJobsState;
  /** Jobs with a Retry or Remove under way. */
  busyJobIds: string[];
  isRetryingAll: boolean;
}

const initialFailed: FailedJobsState = {
  queue: QUEUE_NAMES[0]!,
  page: 1,
  items: [],
  total: 0,
  isLoading: false,
  hasLoaded: false,
  error: null,
};

const initialState: QueueConsoleState = {
  isOpen: false,
  queues: [],
  heartbeat: null,
  isLoading: false,
  error: null,
  now: 0,
  failed: initialFailed,
  busyJobIds: [],
  isRetryingAll: false,
};

/** A snapshot and a push may cross on the way: per queue, the later measurement wins. */
function mergeStats(held: QueueStatsEvent[], arrived: QueueStatsEvent[]): QueueStatsEvent[] {
  return QUEUE_NAMES.flatMap((queue) => {
    const before = held.find((stats) => stats.queue === queue);
    const after = arrived.find((stats) => stats.queue === queue);
    const later = !before || (after && after.measuredAt >= before.measuredAt) ? after : before;
    return later ? [later] : [];
  });
}

function laterHeartbeat(held: PipelineHeartbeatEvent | null, arrived: PipelineHeartbeatEvent | null): PipelineHeartbeatEvent | null {
  if (!arrived) return held;
  return !held || arrived.processedAt >= held.processedAt ? arrived : held;
}

function dropJob(state: QueueConsoleState, jobId: string): void {
  state.busyJobIds = state.busyJobIds.filter((id) => id !== jobId);
}

const queueConsoleSlice = createSlice({
  name: 'queueConsole',
  initialState,
  reducers: {
    snapshotRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    snapshotLoaded(state, action: PayloadAction<QueuesSnapshot>) {
      state.isLoading = false;
      state.queues = mergeStats(state.queues, action.payload.queues);
      state.heartbeat = laterHeartbeat(state.heartbeat, action.payload.heartbeat);
    },
    snapshotFailed(state, action: PayloadAction<string>) {
      state.isLoading = false;
      state.error = action.payload;
    },
    consoleClockTicked(state, action: PayloadAction<number>) {
      state.now = action.payload;
    },
    /** A queue picked, or a page of its failed jobs: the saga reads it. */
    failedJobsRequested(state, action: PayloadAction<{ queue: QueueName; page: number }>) {
      const changedQueue = action.payload.queue !== state.failed.queue;
      state.failed = {
        ...state.failed,
        ...action.payload,
        isLoading: true,
        error: null,
        ...(changedQueue ? { items: [], total: 0, hasLoaded: false } : {}),
      };
    },
    failedJobsLoaded(state, action: PayloadAction<{ queue: QueueName; page: number; items: FailedJobView[]; total: number }>) {
      const { queue, page, items, total } = action.payload;
      if (queue !== state.failed.queue || page !== state.failed.page) return;
      state.failed = { ...state.failed, items, total, isLoading: false, hasLoaded: true, error: null };
    },
    failedJobsFailed(state, action: PayloadAction<string>) {
      state.failed = { ...state.failed, items: [], total: 0, isLoading: false, hasLoaded: true, error: action.payload };
    },
    failedJobRetryRequested(state, action: PayloadAction<{ queue: QueueName; jobId: string }>) {
      state.busyJobIds.push(action.payload.jobId);
    },
    failedJobRemoveRequested(state, action: PayloadAction<{ queue: QueueName; jobId: string }>) {
      state.busyJobIds.push(action.payload.jobId);
    },
    /** Retried or removed: either way it has left the failed set. */
    failedJobCleared(state, action: PayloadAction<string>) {
      dropJob(state, action.payload);
      const before = state.failed.items.length;
      state.failed.items = state.failed.items.filter((job) => job.id !== action.payload);
      state.failed.total -= before - state.failed.items.length;
    },
    failedJobActionFailed(state, action: PayloadAction<string>) {
      dropJob(state, action.payload);
    },
    retryAllRequested(state, _action: PayloadAction<QueueName>) {
      state.isRetryingAll = true;
    },
    retryAllSettled(state) {
      state.isRetryingAll = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(opsWatchStarted, (state) => {
      state.isOpen = true;
    });
    builder.addCase(opsWatchStopped, (state) => {
      state.isOpen = false;
    });
    builder.addCase(queueStatsReceived, (state, action) => {
      state.queues = mergeStats(state.queues, action.payload);
    });
    builder.addCase(pipelineHeartbeatReceived, (state, action) => {
      state.heartbeat = laterHeartbeat(state.heartbeat, action.payload);
    });
    builder.addCase(loggedOut, () => initialState);
  },
});

/** The failed jobs on show are read again without a spinner: the failed count moved, or the socket came back. */
export const failedJobsRefreshRequested = createAction('queueConsole/failedJobsRefreshRequested');

export const {
  snapshotRequested,
  snapshotLoaded,
  snapshotFailed,
  consoleClockTicked,
  failedJobsRequested,
  failedJobsLoaded,
  failedJobsFailed,
  failedJobRetryRequested,
  failedJobRemoveRequested,
  failedJobCleared,
  failedJobActionFailed,
  retryAllRequested,
  retryAllSettled,
} = queueConsoleSlice.actions;
export const queueConsoleReducer = queueConsoleSlice.reducer;

export const selectQueueConsole = (state: { queueConsole: QueueConsoleState }): QueueConsoleState => state.queueConsole;

/** The newest figures are older than a few pushes: no worker process is publishing them. */
export function statsAreStale(state: Pick<QueueConsoleState, 'queues' | 'now'>): boolean {
  if (state.queues.length === 0 || state.now === 0) return false;
  const newest = Math.max(...state.queues.map((stats) => stats.measuredAt));
  return state.now - newest > STATS_STALE_MS;
}

/** The last heartbeat is too old: something between the outbox and the workers is stuck. */
export function heartbeatIsLate(state: Pick<QueueConsoleState, 'heartbeat' | 'now'>): boolean {
  return state.heartbeat !== null && state.now !== 0 && state.now - state.heartbeat.processedAt > PIPELINE_HEARTBEAT_LATE_MS;
}
