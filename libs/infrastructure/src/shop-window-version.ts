import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { shopWindowVersionKey } from '@shop/contracts';
import { watchShopWindow } from '@shop/db';
import { withinTimeout } from './timeouts.js';
import { APP_CONFIG, REDIS_CLIENT } from './tokens.js';

/** How long a change's commit waits for Redis to count it. */
const SHOP_WINDOW_COUNT_TIMEOUT_MS = 500;

/**
 * How many times what a guest sees of the shop has changed, counted in Redis by every api and worker
 * whose transactions change it (markShopWindowChanged): a page an api drew at an older count is
 * stale, whichever process made the change.
 */
@Injectable()
export class ShopWindowVersion {
  private readonly logger = new Logger(ShopWindowVersion.name);
  private readonly key: string;

  constructor(
    dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = shopWindowVersionKey(config.REDIS_PREFIX);
    watchShopWindow(dataSource, { changed: () => this.count() });
  }

  /** The count now; rejects while Redis is away. */
  async current(): Promise<string> {
    return (await this.redis.get(this.key)) ?? '0';
  }

  private async count(): Promise<void> {
    try {
      // A commit waits for this: a worker's Redis client retries for ever while Redis is away.
      await withinTimeout(this.redis.incr(this.key), SHOP_WINDOW_COUNT_TIMEOUT_MS, 'Redis');
    } catch (error) {
      // Pages drawn before the change are then kept until they expire (WEB_PAGE_CACHE_MS), no longer.
      this.logger.warn(`a change of the shop window went uncounted: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
