import {
  MESSAGES,
  OPS_API,
  type ApiSuccess,
  type FailedJobAction,
  type FailedJobPage,
  type FailedJobView,
  type QueueName,
  type QueuesSnapshot,
  type RetriedJobs,
} from '@shop/contracts';
import { shopApi, toastOutcome } from '../../../app/shop.api';
import { laterHeartbeat, mergeStats } from './queue-figures';

export const FAILED_JOBS_PAGE_SIZE = 20;

/** One page of one queue's failed set. */
export interface FailedJobsPage {
  queue: QueueName;
  page: number;
}

export interface FailedJobs {
  items: FailedJobView[];
  /** The whole failed set's size, every page's jobs. */
  total: number;
}

/** Retry puts the job back in its queue; Remove drops it for good. */
export interface FailedJobAct {
  queue: QueueName;
  jobId: string;
  act: 'retry' | 'remove';
}

const failedListOf = (queue: QueueName) => [{ type: 'FailedJobs' as const, id: queue }];

export const queuesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The console's first paint and its catch-up after a reconnect; between them the socket's pushes patch it (queueConsole.saga.ts). */
    getQueuesSnapshot: build.query<QueuesSnapshot, void>({
      query: () => OPS_API.snapshot,
      transformResponse: (answer: ApiSuccess<QueuesSnapshot>) => answer.data,
      // A push may have brought later figures than this answer, which crossed it on the way.
      merge: (held, arrived) => {
        held.queues = mergeStats(held.queues, arrived.queues);
        held.heartbeat = laterHeartbeat(held.heartbeat, arrived.heartbeat);
        held.serverTime = arrived.serverTime;
      },
      providesTags: ['QueueSnapshot'],
    }),
    getFailedJobs: build.query<FailedJobs, FailedJobsPage>({
      query: ({ queue, page }) =>
        `${OPS_API.failedJobs(queue)}?${new URLSearchParams({ page: String(page), pageSize: String(FAILED_JOBS_PAGE_SIZE) })}`,
      transformResponse: (answer: FailedJobPage) => ({ items: answer.data, total: answer.pagination.total }),
      providesTags: (_jobs, _failure, { queue }) => failedListOf(queue),
    }),
    /**
     * Either way the job leaves the failed set at once, and its list is read again for what moved
     * meanwhile; so it is after a refusal, which means the job had moved already.
     */
    actOnFailedJob: build.mutation<FailedJobAction, FailedJobAct>({
      query: ({ queue, jobId, act }) =>
        act === 'retry'
          ? { url: OPS_API.retryFailedJob(queue, jobId), method: 'POST' }
          : { url: OPS_API.removeFailedJob(queue, jobId), method: 'DELETE' },
      invalidatesTags: (_answer, _failure, { queue }) => failedListOf(queue),
      onQueryStarted: ({ queue, jobId, act }, api) =>
        toastOutcome(api, {
          success: act === 'retry' ? MESSAGES.operations.jobRetried : MESSAGES.operations.jobRemoved,
          whenDone: () => {
            for (const shown of queuesApi.util.selectCachedArgsForQuery(api.getState(), 'getFailedJobs')) {
              if (shown.queue !== queue) continue;
              api.dispatch(
                queuesApi.util.updateQueryData('getFailedJobs', shown, (jobs) => {
                  jobs.items = jobs.items.filter((job) => job.id !== jobId);
                  jobs.total -= 1;
                }),
              );
            }
          },
        }),
    }),
    retryAllFailed: build.mutation<RetriedJobs, QueueName>({
      query: (queue) => ({ url: OPS_API.retryAllFailed(queue), method: 'POST' }),
      invalidatesTags: (_answer, _failure, queue) => failedListOf(queue),
      onQueryStarted: (_queue, api) => toastOutcome(api, { success: (answer) => MESSAGES.operations.jobsRetried(answer.data.retried) }),
    }),
  }),
});

export const { useGetQueuesSnapshotQuery, useGetFailedJobsQuery, useActOnFailedJobMutation, useRetryAllFailedMutation } = queuesApi;
