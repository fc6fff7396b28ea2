import { codeOfBareStatus, isErrorCode, isSuccessStatus, MESSAGES, wordsOfBareCode, type ErrorCode, type ErrorData } from '@shop/contracts';

/**
 * A failed api call: what happened (`code`, from the api's refusal or from HTTP's own failure; null
 * when nothing answered at all) and the words to show (a catalogue message whenever the server sent one).
 * Screens and sagas decide on the code, never on a status or on the words (docs/errors.md).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | null,
    /** The refusal's data (libs/contracts, errors.ts); empty when the answer was not the api's. */
    readonly data: Partial<ErrorData> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether `error` is the api's refusal with one of `codes`. */
export function isRefusedWith(error: unknown, codes: readonly ErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== null && codes.includes(error.code);
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

/** The api's refusal in an answer's body, when it is one. */
function refusalIn(body: unknown): { code: ErrorCode; message: string; data: Partial<ErrorData> } | null {
  if (typeof body !== 'object' || body === null || !('success' in body) || body.success !== false) return null;
  const { code, message, data } = body as { code?: unknown; message?: unknown; data?: unknown };
  if (!isErrorCode(code)) return null;
  return {
    code,
    message: typeof message === 'string' && message !== '' ? message : wordsOfBareCode(code),
    data: typeof data === 'object' && data !== null ? (data as Partial<ErrorData>) : {},
  };
}

/** Words for a failure that was not the api's (a proxy's page): only uploads are large enough to be refused before the api sees them. */
function wordsOfBareFailure(code: ErrorCode): string {
  return code === 'PAYLOAD_TOO_LARGE' ? MESSAGES.variation.imageTooLarge : wordsOfBareCode(code);
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
  const refusal = refusalIn(body);
  if (refusal) return new ApiError(refusal.message, refusal.code, refusal.data);
  if (!isSuccessStatus(status)) {
    const code = codeOfBareStatus(status);
    return new ApiError(wordsOfBareFailure(code), code);
  }
  // A 2xx that is not JSON is not the api (e.g. an HTML fallback page where no api is running).
  if (body === undefined) return new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
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
