import { BullModule } from '@nestjs/bullmq';
import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleInit,
  type Provider,
} from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { QUEUE_NAMES } from '@shop/contracts';
import { assertSchemaCurrent, configuredImageStorage, dataSourceOptions, IMAGE_STORAGE, ShopDataSource } from '@shop/db';
import { OutboxPublishing } from './outbox-publisher.js';
import { ShopWindowVersion } from './shop-window-version.js';
import { APP_CONFIG, REDIS_CLIENT } from './tokens.js';

class RedisClientCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}
  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

/**
 * The api and the workers start only against the schema they were built for: migrations are a step
 * of their own (`npm run migrate`, a one-shot service, a Kubernetes Job), never a side effect of a
 * replica starting.
 */
@Injectable()
class SchemaGuard implements OnModuleInit {
  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): Promise<void> {
    return assertSchemaCurrent(this.dataSource);
  }
}

/**
 * The app's own Redis client. While Redis is away it reconnects on its own and every command says
 * so to its caller (health answers 503); the connection errors themselves are logged once per
 * outage, not printed by ioredis as unhandled at each reconnect.
 */
function redisClient(url: string, retriesPerCommand: number | null): Redis {
  const logger = new Logger('Redis');
  const redis = new Redis(url, { maxRetriesPerRequest: retriesPerCommand });
  let away = false;
  redis.on('error', (error: Error) => {
    if (!away) logger.warn(`Redis connection lost, reconnecting: ${error.message}`);
    away = true;
  });
  redis.on('ready', () => {
    if (away) logger.log('Redis connection restored');
    away = false;
  });
  return redis;
}

/**
 * The queues' reconnect pace once Redis is away: every 250 ms more, at most 2 s apart. BullMQ's own
 * grows to 20 s, so after an outage of ten seconds or so the workers sat idle up to 20 s after Redis
 * was back, and a shutdown waited for those late reconnects (workers/src/health/health.spec.ts).
 */
export function queueReconnectDelayMs(failedAttempts: number): number {
  return Math.min(failedAttempts * 250, 2000);
}

export interface InfrastructureOptions {
  /**
   * ioredis' retries of one command while Redis is away: the api answers a request or a health
   * check with a failure rather than let it pile up (1); a worker waits for Redis to come back (null).
   */
  redisRetriesPerCommand: number | null;
  /** What one app adds to the shared ground, available to all its modules too. */
  providers?: Provider[];
}

/**
 * Configuration, MySQL, Redis, the BullMQ queues, image storage and the outbox's publisher: the shared
 * ground of every module of the api and of the workers, registered once by each app.
 */
@Global()
@Module({})
export class InfrastructureModule {
  static register(config: AppConfig, { redisRetriesPerCommand, providers = [] }: InfrastructureOptions): DynamicModule {
    return {
      module: InfrastructureModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => config] }),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(config), retryAttempts: 2, retryDelay: 1000 }),
          dataSourceFactory: async (options) => new ShopDataSource(options!).initialize(),
        }),
        BullModule.forRoot({ connection: { url: config.REDIS_URL, retryStrategy: queueReconnectDelayMs }, prefix: config.REDIS_PREFIX }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: REDIS_CLIENT, useFactory: () => redisClient(config.REDIS_URL, redisRetriesPerCommand) },
        { provide: IMAGE_STORAGE, useValue: configuredImageStorage(config) },
        RedisClientCloser,
        SchemaGuard,
        // Committed outbox rows go to their queues at once, from the process that wrote them.
        OutboxPublishing,
        // Changes of what guests see are counted, from whichever process commits them.
        ShopWindowVersion,
        ...providers,
      ],
      exports: [APP_CONFIG, REDIS_CLIENT, IMAGE_STORAGE, BullModule, OutboxPublishing, ShopWindowVersion, ...providers],
    };
  }
}
