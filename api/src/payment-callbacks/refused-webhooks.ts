import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { LIMITS } from '@shop/contracts';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';

/** What is kept of a webhook refused unstored: enough to tell a forger's probing from PayPal's own trouble, nothing of its body. */
export interface RefusedWebhook {
  at: string;
  from: string;
  reason: 'unreadable' | 'unverified';
  eventId: string | null;
  bytes: number;
}

/**
 * The bounded record of webhook deliveries nobody verified: the newest LIMITS.refusedWebhooksKept,
 * for LIMITS.refusedWebhooksKeptMs, in one Redis list. Forged traffic can fill neither MySQL nor Redis.
 */
@Injectable()
export class RefusedWebhooks {
  private readonly key: string;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = `${config.REDIS_PREFIX}:paypal-webhooks:refused`;
  }

  async record(refused: RefusedWebhook): Promise<void> {
    await this.redis
      .multi()
      .lpush(this.key, JSON.stringify(refused))
      .ltrim(this.key, 0, LIMITS.refusedWebhooksKept - 1)
      .pexpire(this.key, LIMITS.refusedWebhooksKeptMs)
      .exec();
  }

  async newestFirst(): Promise<RefusedWebhook[]> {
    return (await this.redis.lrange(this.key, 0, -1)).map((entry) => JSON.parse(entry) as RefusedWebhook);
  }
}
