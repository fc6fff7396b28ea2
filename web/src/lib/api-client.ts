import { MESSAGES } from '@shop/contracts';

/** A failed api call, carrying the text to show the user (a catalogue message whenever the server sent one). */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when the server could not be reached at all. */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The words to show for a failed call: the server's (or the network's) message, else the screen's own fallback. */
export function messageOfError(error: unknown, fallback: string = MESSAGES.server.internalError): string {
  return error instanceof ApiError ? error.message : fallback;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart (uploads). */
  body?: unknown;
  /** Ask every cache on the way for a fresh answer (auth checks must never see a stale session). */
  noCache?: boolean;
  signal?: AbortSignal;
}

function messageForStatus(status: number): string {
  if (status === 401) return MESSAGES.auth.notAuthenticated;
  if (status === 403) return MESSAGES.auth.forbidden;
  if (status === 404) return MESSAGES.server.notFound;
  // Only uploads are large enough to be refused by a proxy before the api sees them.
  if (status === 413) return MESSAGES.variation.imageTooLarge;
  if (status === 429) return MESSAGES.server.tooManyRequests;
  if (status === 502 || status === 503 || status === 504) return MESSAGES.server.serviceUnavailable;
  return MESSAGES.server.internalError;
}

function failureMessage(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'success' in body && body.success === false && 'message' in body) {
    return typeof body.message === 'string' && body.message !== '' ? body.message : null;
  }
  return null;
}

/** The body of an answer: null when empty, undefined when it is not JSON. */
export function parseAnswerBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The ApiError an answer amounts to, or null when it is a success; shared with the upload helper, which cannot use fetch. */
export function errorOfAnswer(status: number, body: unknown): ApiError | null {
  const serverMessage = failureMessage(body);
  const ok = status >= 200 && status < 300;
  if (!ok || serverMessage !== null) return new ApiError(serverMessage ?? messageForStatus(status), status);
  // A 2xx that is not JSON is not the api (e.g. an HTML fallback page where no api is running).
  if (body === undefined) return new ApiError(MESSAGES.server.serviceUnavailable, status);
  return null;
}

/**
 * The one way the web talks to the api: same origin, session cookie included, JSON both ways.
 * Resolves with the parsed body of a successful answer; throws ApiError for everything else.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, noCache = false, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (noCache) {
    headers['Cache-Control'] = 'no-cache';
    headers.Pragma = 'no-cache';
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'include',
      cache: noCache ? 'no-store' : 'default',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    // fetch rejects only when no answer arrived: offline, DNS, refused connection.
    throw new ApiError(MESSAGES.server.networkError, null);
  }

  const parsed = parseAnswerBody(await response.text());
  const failure = errorOfAnswer(response.status, parsed);
  if (failure) throw failure;
  return parsed as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
