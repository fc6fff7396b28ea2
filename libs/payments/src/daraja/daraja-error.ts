export interface DarajaErrorDetails {
  /** Daraja's HTTP status; null when no answer came. */
  status: number | null;
  /** Daraja's errorCode ('400.002.02', '404.001.03', …); null when the answer had none. */
  errorCode: string | null;
  errorMessage: string;
  /**
   * True when Daraja may have acted on the request without us learning it (a timeout, a dropped
   * connection, an unreadable answer): an STK push may then be on the shopper's phone. False when
   * Daraja refused it or it never left this machine.
   */
  outcomeUnknown: boolean;
}

/** A Daraja call that did not give the answer asked for. */
export class DarajaError extends Error implements DarajaErrorDetails {
  readonly status: number | null;
  readonly errorCode: string | null;
  readonly errorMessage: string;
  readonly outcomeUnknown: boolean;

  constructor({ status, errorCode, errorMessage, outcomeUnknown }: DarajaErrorDetails) {
    super(`Daraja ${errorCode ?? status ?? 'unreachable'}: ${errorMessage}`);
    this.name = 'DarajaError';
    this.status = status;
    this.errorCode = errorCode;
    this.errorMessage = errorMessage;
    this.outcomeUnknown = outcomeUnknown;
  }
}
