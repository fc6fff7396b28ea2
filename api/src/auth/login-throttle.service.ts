import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import type { AppConfig } from '@shop/config';
import { LIMITS } from '@shop/contracts';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { sharedCounter, waitIfOverLimit } from '../throttling/rate-limits.service.js';

/**
 * Counts sign-in attempts in Redis (shared by every api instance): per e-mail from one client
 * address, per client address, and per e-mail from every address. An attempt takes its point
 * before the password is checked, so parallel guesses cannot all pass while the count still reads
 * zero; a right password gives its point back, so a shopper who signs in often is never slowed down.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byEmailFromAddress: RateLimiterRedis;
  private readonly byAddress: RateLimiterRedis;
  private readonly byEmail: RateLimiterRedis;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const prefix = `${config.REDIS_PREFIX}:login-attempts`;
    this.byEmailFromAddress = sharedCounter(
      redis,
      `${prefix}:email-from-address`,
      LIMITS.loginFailuresPerEmailFromAddress,
      LIMITS.loginFailureWindowMs,
    );
    this.byAddress = sharedCounter(redis, `${prefix}:address`, LIMITS.loginFailuresPerAddress, LIMITS.loginFailureWindowMs);
    this.byEmail = sharedCounter(redis, `${prefix}:email`, LIMITS.loginFailuresPerEmail, LIMITS.loginFailurePerEmailWindowMs);
  }

  /**
   * Counts one attempt; milliseconds until another is allowed when this one is refused, else 0. A
   * refused attempt still counts against its own address, so one who keeps trying stays refused.
   */
  async beginAttempt(email: string, address: string): Promise<number> {
    const fromAddress = await Promise.all(
      [this.byEmailFromAddress.consume(emailFromAddressKey(email, address)), this.byAddress.consume(address)].map(waitIfOverLimit),
    );
    const waitMs = Math.max(...fromAddress);
    if (waitMs > 0) return waitMs;
    // Only attempts their own address let through reach the e-mail's ceiling: otherwise one network
    // hammering away would use it up and lock the owner out from everywhere.
    return waitIfOverLimit(this.byEmail.consume(email));
  }

  /** The password was right: the attempt's points come back, and this address's typos for the e-mail are forgotten. */
  async attemptSucceeded(email: string, address: string): Promise<void> {
    await Promise.all([
      this.byEmailFromAddress.delete(emailFromAddressKey(email, address)),
      this.byAddress.reward(address),
      this.byEmail.reward(email),
    ]);
  }
}

/** An address never holds a space (IPv4, IPv6 or 'unknown'), so the pair cannot be mistaken for another. */
function emailFromAddressKey(email: string, address: string): string {
  return `${address} ${email}`;
}
