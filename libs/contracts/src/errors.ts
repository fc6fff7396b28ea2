import { MESSAGES } from './messages.js';
import type { OrderStatus, PaymentStatus } from './orders.js';

/**
 * Every way the api says no, by code, with the HTTP status it answers (docs/errors.md). Clients
 * decide on the code; the status is for HTTP's own machinery (caches, proxies, retries), and the
 * exception filter is the one place that reads this table. A code keeps its meaning for good:
 * a new situation gets a new code.
 */
export const ERROR_STATUS = {
  // Any request
  VALIDATION_FAILED: 400,
  NOT_AUTHENTICATED: 401,
  FORBIDDEN: 403,
  FOREIGN_ORIGIN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  PROVIDER_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  // Accounts
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  CURRENT_PASSWORD_WRONG: 400,
  NO_PASSWORD_TO_CHANGE: 409,
  PASSWORD_REQUIRED: 400,
  CONFIRM_EMAIL_MISMATCH: 400,
  ADMIN_CANNOT_DELETE: 409,
  LINK_INVALID: 400,
  ALREADY_VERIFIED: 409,
  GOOGLE_TOKEN_REJECTED: 401,
  GOOGLE_SIGN_IN_REFUSED: 403,
  GOOGLE_SIGN_IN_UNAVAILABLE: 503,
  // Catalogue
  PRODUCT_NOT_FOUND: 404,
  FEATURE_IMAGE_NOT_FOUND: 404,
  SEARCH_KEYWORD_TOO_SHORT: 400,
  SALE_PRICE_NOT_BELOW_PRICE: 400,
  PRODUCT_IMAGE_REQUIRED: 400,
  VARIATION_LABEL_TAKEN: 400,
  VARIATION_NOT_OF_PRODUCT: 400,
  STOCK_FORM_STALE: 409,
  STOCK_BELOW_HELD: 400,
  IMAGE_REQUIRED: 400,
  IMAGE_NOT_UPLOADED: 400,
  IMAGE_UNREADABLE: 400,
  IMAGE_TYPE_NOT_ALLOWED: 415,
  IMAGE_TOO_LARGE: 413,
  IMAGE_TOO_MANY_PIXELS: 400,
  ALREADY_REVIEWED: 409,
  // Cart, addresses, checkout
  NOT_IN_CART: 404,
  CART_QUANTITY_OVER_STOCK: 400,
  CART_EMPTY: 400,
  ADDRESS_NOT_FOUND: 404,
  ADDRESS_LIMIT_REACHED: 409,
  PLACE_UNKNOWN: 400,
  PHONE_INVALID: 400,
  PHONE_NOT_ON_ACCOUNT: 400,
  NO_ADDRESS_SELECTED: 400,
  ORDER_TOO_LARGE: 400,
  STOCK_SHORT: 409,
  PRODUCT_RETIRED: 409,
  VARIATION_GONE: 409,
  PAYPAL_RETURN_INVALID: 404,
  // Orders and payments
  ORDER_NOT_FOUND: 404,
  ORDER_TRANSITION_NOT_ALLOWED: 409,
  ORDER_NOT_PAID: 409,
  SHOPPER_HAS_PENDING_ORDER: 409,
  CANCEL_NOT_ALLOWED: 409,
  ORDER_ALREADY_PAID: 409,
  CAPTURE_NOT_PENDING: 409,
  PAYMENT_TRANSITION_NOT_ALLOWED: 409,
  NO_REFUND_DUE: 409,
  REFUND_REFERENCE_REQUIRED: 400,
  PAYPAL_REFUND_REFUSED: 409,
  CALLBACK_SOURCE_REFUSED: 403,
  // Queue console
  QUEUE_NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  JOB_NOT_FAILED: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** One broken rule of a request: the field's path as sent (`items.0.quantity`, `id`) and the catalogue's words for it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** What a code carries beside its message, for a client to act on without reading the words. */
interface ErrorDataShapes {
  VALIDATION_FAILED: { fields: FieldProblem[] };
  /** Seconds until a try may succeed; null when the refusal came from in front of the api, which did not say. */
  RATE_LIMITED: { retryAfterS: number | null };
  PROVIDER_FAILED: { provider: 'mpesa' | 'paypal' };
  GOOGLE_SIGN_IN_REFUSED: { reason: 'emailNotVerified' | 'passwordAccountExists' | 'accountExistsWithOtherMethod' };
  STOCK_BELOW_HELD: { held: number };
  IMAGE_TOO_MANY_PIXELS: { maxMegapixels: number };
  CART_QUANTITY_OVER_STOCK: { available: number };
  ADDRESS_LIMIT_REACHED: { maximum: number };
  ORDER_TOO_LARGE: { maximum: number; productTitle: string | null };
  STOCK_SHORT: { productTitle: string; available: number };
  PRODUCT_RETIRED: { productTitle: string };
  VARIATION_GONE: { productTitle: string };
  ORDER_TRANSITION_NOT_ALLOWED: { from: OrderStatus; to: OrderStatus };
  PAYMENT_TRANSITION_NOT_ALLOWED: { from: PaymentStatus; to: PaymentStatus };
}

/** The data a code carries: `{}` for a code that needs nothing beside its words. */
export type ErrorData<C extends ErrorCode = ErrorCode> = C extends keyof ErrorDataShapes ? ErrorDataShapes[C] : Record<string, never>;

/** Codes that carry no data: their data argument may be left out. */
export type PlainErrorCode = Exclude<ErrorCode, keyof ErrorDataShapes>;

export type BareErrorCode = PlainErrorCode | 'VALIDATION_FAILED' | 'RATE_LIMITED';

/**
 * The code HTTP's own failures amount to when nothing more is known: the api's router, body parser
 * or a proxy in front of it answered (413 from the edge, 502 while the api restarts).
 */
const CODE_OF_BARE_STATUS: Partial<Record<number, BareErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'NOT_AUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'SERVICE_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
  504: 'SERVICE_UNAVAILABLE',
};

/** Whether an HTTP status says the request succeeded (2xx): for clients, which decide on codes and never read statuses themselves. */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

export function codeOfBareStatus(status: number): BareErrorCode {
  return CODE_OF_BARE_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED');
}

/** The catalogue's words for a code raised by HTTP's own machinery rather than by a rule of the shop. */
const WORDS_OF_BARE_CODE: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: MESSAGES.server.validationFailed,
  NOT_AUTHENTICATED: MESSAGES.auth.notAuthenticated,
  FORBIDDEN: MESSAGES.auth.forbidden,
  NOT_FOUND: MESSAGES.server.notFound,
  PAYLOAD_TOO_LARGE: MESSAGES.server.bodyTooLarge,
  UNSUPPORTED_MEDIA_TYPE: MESSAGES.server.jsonOnly,
  RATE_LIMITED: MESSAGES.server.tooManyRequests,
  SERVICE_UNAVAILABLE: MESSAGES.server.serviceUnavailable,
};

export function wordsOfBareCode(code: ErrorCode): string {
  return WORDS_OF_BARE_CODE[code] ?? MESSAGES.server.internalError;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Refusals that say the order moved on since the caller read it (paid, shipped, closed, another admin's change): read it again. */
export const ORDER_MOVED_ON_CODES: readonly ErrorCode[] = [
  'ORDER_TRANSITION_NOT_ALLOWED',
  'ORDER_NOT_PAID',
  'ORDER_ALREADY_PAID',
  'SHOPPER_HAS_PENDING_ORDER',
  'CANCEL_NOT_ALLOWED',
  'CAPTURE_NOT_PENDING',
  'PAYMENT_TRANSITION_NOT_ALLOWED',
  'NO_REFUND_DUE',
  'PAYPAL_REFUND_REFUSED',
  'STOCK_SHORT',
  'PRODUCT_RETIRED',
];

/** The shop itself failed or was away: unlike a refusal, the request may have done part of its work before it did. */
export const SHOP_FAULT_CODES: readonly ErrorCode[] = ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
