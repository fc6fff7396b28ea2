import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '@shop/config';
import { RATE_LIMITS, type RateLimitName } from '@shop/contracts';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { refuse } from '../common/refusals.js';

/** A RATE_LIMITED refusal whose message says when to try again; the exception filter also sends its wait as Retry-After. */
export function refuseForLimit(message: string, waitMs: number): never {
  return refuse('RATE_LIMITED', message, { retryAfterS: Math.ceil(waitMs / 1000) });
}

/**
 * A counter every api instance shares through Redis. While Redis is away each instance counts in
 * its own memory instead: the limits still hold (per instance), and a checkout or a sign-in does
 * not fail for a counter's sake when MySQL, which they need, is there.
 */
export function sharedCounter(redis: Redis, keyPrefix: string, points: number, windowMs: number): RateLimiterRedis {
  const duration = windowMs / 1000;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
}

/**
 * The shop's abuse limits (RATE_LIMITS), counted in Redis so every api instance shares them. Each
 * key expires with its window, so an attacker inventing keys fills nothing for long.
 */
@Injectable()
export class RateLimitsService {
  private readonly limiters: Record<RateLimitName, RateLimiterRedis>;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.limiters = Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([name, policy]) => [
        name,
        sharedCounter(redis, `${config.REDIS_PREFIX}:limit:${name}`, policy.points, policy.windowMs),
      ]),
    ) as Record<RateLimitName, RateLimiterRedis>;
  }

  /**
   * Counts one use of `name` by each key, all or none refused: a refusal throws a 429 with the
   * message `refusal` writes for the longest wait. Every key is counted even when one is over, so a
   * caller who keeps trying is not let through by a key that had room.
   */
  async consume(name: RateLimitName, keys: readonly string[], refusal: (waitMs: number) => string): Promise<void> {
    const waits = await Promise.all(keys.map((key) => waitIfOverLimit(this.limiters[name].consume(key))));
    const waitMs = Math.max(0, ...waits);
    if (waitMs > 0) refuseForLimit(refusal(waitMs), waitMs);
  }
}

/** Milliseconds until a counted use is allowed again: 0 when it was, as `consume` resolves; a rejection that is no refusal (Redis away) is thrown. */
export function waitIfOverLimit(consumed: Promise<RateLimiterRes>): Promise<number> {
  return consumed.then(
    () => 0,
    (reason: unknown) => {
      if (reason instanceof RateLimiterRes) return Math.max(1, reason.msBeforeNext);
      throw reason;
    },
  );
}
