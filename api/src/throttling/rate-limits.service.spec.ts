import { Redis } from 'ioredis';
import { RATE_LIMITS } from '@shop/contracts';
import { DisposableRedis, testConfig } from '@shop/testing';
import { RefusalException } from '../common/refusals.js';
import { RateLimitsService } from './rate-limits.service.js';

describe('abuse limits while Redis is away', () => {
  let server: DisposableRedis;
  let redis: Redis;
  beforeAll(async () => {
    server = await DisposableRedis.start();
    redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => redis?.disconnect());

  it("keeps counting in the instance's memory, so a checkout is neither refused for the outage nor let through past the limit", async () => {
    const config = testConfig();
    await redis.ping();
    const limits = new RateLimitsService(redis, config);
    const refusal = (waitMs: number) => `wait ${waitMs}`;
    await limits.consume('checkoutPerShopper', ['shopper-1'], refusal);
    expect(await redis.keys(`${config.REDIS_PREFIX}:limit:checkoutPerShopper*`)).toHaveLength(1);

    await server.stop();
    // The instance's own count starts afresh: a whole window's worth goes through, and no more.
    for (let checkout = 0; checkout < RATE_LIMITS.checkoutPerShopper.points; checkout += 1)
      await limits.consume('checkoutPerShopper', ['shopper-1'], refusal);
    const refused = await limits.consume('checkoutPerShopper', ['shopper-1'], refusal).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefusalException);
    expect((refused as RefusalException).refusal.code).toBe('RATE_LIMITED');
    expect((refused as RefusalException).getStatus()).toBe(429);
  });
});
