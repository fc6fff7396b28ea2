/**
 * What a browser may send over its socket. The web sends 'ops:watch' or 'ops:unwatch' when the queue
 * console opens or closes and after a reconnect: a handful a minute. Private to the gateway, as no
 * client needs to know them.
 */
export const CLIENT_EVENT_LIMITS = {
  /** Events a socket may send at once. */
  burst: 10,
  /** Events a socket earns back per second. */
  perSecond: 2,
  /** Events sent over the budget, not yet earned back, after which the socket is closed. */
  floodTolerance: 40,
  /** One message's size: the client events carry no payload, so anything bigger is abuse. */
  messageMaxBytes: 16 * 1024,
} as const;

export type Verdict = 'pass' | 'drop' | 'flood';

export interface BudgetLimits {
  burst: number;
  perSecond: number;
  floodTolerance: number;
}

/**
 * A token bucket per socket. Dropped events are charged too, so a socket that keeps sending over its
 * rate sinks ever deeper into debt until it is closed, while one that pauses earns its budget back.
 */
export class ClientEventBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly limits: BudgetLimits = CLIENT_EVENT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limits.burst;
    this.refilledAt = now();
  }

  spend(): Verdict {
    const now = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.limits.perSecond);
    this.refilledAt = now;
    this.tokens -= 1;
    if (this.tokens >= 0) return 'pass';
    return this.tokens > -this.limits.floodTolerance ? 'drop' : 'flood';
  }
}
