import type { SerializedError, UnknownAction } from '@reduxjs/toolkit';
import { createApi, retry, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { MESSAGES, type ErrorCode, type ErrorData, type ServerRenderRequest } from '@shop/contracts';
import { toastRequested } from '../features/notifications/notifications.slice';
import { apiClient, ApiError, type ApiRequestOptions } from '../lib/api-client';
import { serverStateArrived } from './server-state';

/** A failed call as the cache keeps it: plain data (the cache lives in the store), the facts of an ApiError. */
export interface ApiFailure {
  code: ErrorCode | null;
  message: string;
  data: Partial<ErrorData>;
}

/** Whether a failed call is the api's refusal (or the network's failure), rather than a fault of the web's own. */
export function isApiFailure(error: ApiFailure | SerializedError | undefined): error is ApiFailure {
  return error !== undefined && 'data' in error;
}

/** Whether a failed call is the api's refusal with one of these codes: screens decide on the code, never on words or a status (ADR 0035). */
export function isRefusalOf(error: ApiFailure | SerializedError | undefined, codes: readonly ErrorCode[]): error is ApiFailure {
  return isApiFailure(error) && error.code !== null && codes.includes(error.code);
}

/** The words a screen shows for a failed call: the api's (or the network's), else the screen's own fallback. */
export function messageOfFailure(
  error: ApiFailure | SerializedError | undefined,
  fallback: string = MESSAGES.server.internalError,
): string | null {
  if (!error) return null;
  return isApiFailure(error) ? error.message : fallback;
}

/** The api's (or the network's) words for a write whose `queryFulfilled` rejected. */
function reasonOfRejection(rejection: unknown): string | undefined {
  const failure = (rejection as { error?: ApiFailure | SerializedError }).error;
  return isApiFailure(failure) ? failure.message : undefined;
}

/** How a write's outcome is told. */
export interface WriteOutcome<Answer> {
  /** The success toast, when the api's answer has no words of its own. */
  success: string | ((answer: Answer) => string);
  /**
   * The failure toast's headline, with the api's reason under it; without one the reason is the toast; false
   * when the screen shows the refusal itself, beside the fields it is about.
   */
  failure?: string | false;
  /** What the success changes before it is told (a shown list patched in place). */
  whenDone?: (answer: Answer) => unknown;
}

/** A mutation's `onQueryStarted`: once its outcome is known, the screen is told by a toast (Toaster). */
export async function toastOutcome<Answer extends { message?: string }>(
  { dispatch, queryFulfilled }: { dispatch: (action: UnknownAction) => unknown; queryFulfilled: Promise<{ data: Answer }> },
  { success, failure, whenDone }: WriteOutcome<Answer>,
): Promise<void> {
  try {
    const { data: answer } = await queryFulfilled;
    whenDone?.(answer);
    dispatch(toastRequested('success', answer.message ?? (typeof success === 'string' ? success : success(answer))));
  } catch (rejection) {
    if (failure === false) return;
    const reason = reasonOfRejection(rejection);
    dispatch(failure ? toastRequested('error', failure, reason) : toastRequested('error', reason ?? MESSAGES.server.internalError));
  }
}

/** One call of the api: a path for a GET, or the method and body too. */
export type ApiCall = string | { url: string; method?: NonNullable<ApiRequestOptions['method']>; body?: unknown; noCache?: boolean };

/** Through the one client (lib/api-client: same origin, session cookie, refusal codes), so every read and write speaks alike. */
function send(call: Exclude<ApiCall, string>, signal: AbortSignal): Promise<unknown> {
  const options = { noCache: call.noCache, signal };
  switch (call.method ?? 'GET') {
    case 'GET':
      return apiClient.get(call.url, options);
    case 'DELETE':
      return apiClient.delete(call.url, options);
    case 'POST':
      return apiClient.post(call.url, call.body, options);
    case 'PUT':
      return apiClient.put(call.url, call.body, options);
    case 'PATCH':
      return apiClient.patch(call.url, call.body, options);
  }
}

/** What the store's thunks are given: on the server, the api's reads in its own process (entry-server.tsx). */
export interface ApiExtra {
  serverRead?: ServerRenderRequest['read'];
}

/**
 * The reads a server render makes: the api's answer, or its refusal as a browser's request would have
 * it, never tried again: the page is not held back, and the browser reads again what the render could not.
 */
async function readOnServer(call: ApiCall, serverRead: NonNullable<ApiExtra['serverRead']>) {
  if (typeof call !== 'string') throw new Error(`a server render only reads: ${call.method ?? 'GET'} ${call.url}`);
  const answer = await serverRead(call);
  if ('failure' in answer) retry.fail({ ...answer.failure, data: {} } satisfies ApiFailure);
  return { data: answer.body };
}

/** RTK Query's way to the api: an answer's body as the data, a refusal or a network failure as an ApiFailure. */
export const apiBaseQuery: BaseQueryFn<ApiCall, unknown, ApiFailure> = async (call, { signal, extra }) => {
  const { serverRead } = (extra ?? {}) as ApiExtra;
  if (serverRead) return readOnServer(call, serverRead);
  try {
    return { data: await send(typeof call === 'string' ? { url: call } : call, signal) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: { code: error.code, message: error.message, data: error.data } };
  }
};

/**
 * The shop's server state: every read of the api is an endpoint here, cached by its argument and
 * told apart by tags that writes and Socket.IO events invalidate (ADR 0039). Each area adds its
 * endpoints from its own folder (`shopApi.injectEndpoints`), so an admin's or checkout's come with
 * their chunk. Nothing is retried unless its endpoint asks (`extraOptions.maxRetries`).
 */
export const shopApi = createApi({
  reducerPath: 'api',
  baseQuery: retry(apiBaseQuery, { maxRetries: 0 }),
  tagTypes: [
    'ShopInfo',
    'FeatureImage',
    'Dashboard',
    'Product',
    'ProductList',
    'Review',
    'AdminProduct',
    'Profile',
    'Cart',
    'Wishlist',
    'QueueSnapshot',
    'FailedJobs',
    'AdminOrderPage',
    'OrderRow',
    'Order',
  ],
  endpoints: () => ({}),
  // The payload is what a render of this same api kept (entry-server.tsx), so its shape is this reducer's.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extractRehydrationInfo: (action): any => (serverStateArrived.match(action) ? action.payload.api : undefined),
});
