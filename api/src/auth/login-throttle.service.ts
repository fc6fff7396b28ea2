import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { LIMITS } from '@shop/contracts';
import type { AppConfig } from '@shop/config';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';

/**
 * Counts failed sign-ins per e-mail and per client address in Redis (shared by every api
 * instance). Only failures count, so a shopper who signs in often is never slowed down.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byEmail: RateLimiterRedis;
  private readonly byAddress: RateLimiterRedis;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const duration = LIMITS.loginFailureWindowMs / 1000;
    this.byEmail = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${config.REDIS_PREFIX}:login-failures:email`, points: LIMITS.loginFailuresPerEmail, duration });
    this.byAddress = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${config.REDIS_PREFIX}:login-failures:address`, points: LIMITS.loginFailuresPerAddress, duration });
  }

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  async waitBeforeAttempt(email: string, address: string): Promise<number> {
    const [emailFailures, addressFailures] = await Promise.all([this.byEmail.get(email), this.byAddress.get(address)]);
    const waits = [
      emailFailures && emailFailures.consumedPoints >= LIMITS.loginFailuresPerEmail ? emailFailures.msBeforeNext : 0,
      addressFailures && addressFailures.consumedPoints >= LIMITS.loginFailuresPerAddress ? addressFailures.msBeforeNext : 0,
    ];
    return Math.max(...waits);
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.all([this.byEmail.consume(email), this.byAddress.consume(address)].map((consumed) => consumed.catch(rejectedOnlyWhenOverLimit)));
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byEmail.delete(email);
  }
}

/** `consume` rejects with a RateLimiterRes once the limit is passed; that is expected here, anything else is not. */
function rejectedOnlyWhenOverLimit(reason: unknown): void {
  if (!(reason instanceof RateLimiterRes)) throw reason;
}
