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

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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

  const parsed = await readJson(response);
  const serverMessage = failureMessage(parsed);
  if (!response.ok || serverMessage !== null) {
    throw new ApiError(serverMessage ?? messageForStatus(response.status), response.status);
  }
  // A 2xx that is not JSON is not the api (e.g. an HTML fallback page where no api is running).
  if (parsed === undefined) throw new ApiError(MESSAGES.server.serviceUnavailable, response.status);
  return parsed as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
