export interface PaypalErrorDetails {
  /** PayPal's HTTP status; null when no answer came. */
  status: number | null;
  /** PayPal's error name (UNPROCESSABLE_ENTITY, INVALID_REQUEST, …), or NETWORK_ERROR / UNREADABLE_ANSWER. */
  name: string;
  /** The first detail's issue (ORDER_NOT_APPROVED, DECIMAL_PRECISION, …), or the OAuth error; null when none was given. */
  issue: string | null;
  description: string;
  debugId: string | null;
}

/** A PayPal call that did not give the answer asked for. */
export class PaypalError extends Error implements PaypalErrorDetails {
  readonly status: number | null;
  readonly issue: string | null;
  readonly description: string;
  readonly debugId: string | null;
  /**
   * True when the same call may succeed later: PayPal failed (5xx), asked us to slow down (429),
   * or never answered. Calls carrying a PayPal-Request-Id are safe to repeat with the same id.
   */
  readonly retryable: boolean;

  constructor({ status, name, issue, description, debugId }: PaypalErrorDetails) {
    super(`PayPal ${status ?? 'unreachable'} ${issue ?? name}: ${description}${debugId ? ` (debug id ${debugId})` : ''}`);
    this.name = name;
    this.status = status;
    this.issue = issue;
    this.description = description;
    this.debugId = debugId;
    this.retryable = status === null || status === 429 || status >= 500;
  }
}
