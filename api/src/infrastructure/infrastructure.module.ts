import { BullModule } from '@nestjs/bullmq';
import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Redis } from 'ioredis';
import { QUEUE_NAMES } from '@shop/contracts';
import type { AppConfig } from '@shop/config';
import { IMAGE_STORAGE, LocalDiskImageStorage, OUTBOX_WAKES, dataSourceOptions, wakeRelaysOnCommit } from '@shop/db';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

class RedisClientCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}
  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

/** Configuration, MySQL, Redis, the BullMQ queues and image storage: the shared ground of every api module. */
@Global()
@Module({})
export class InfrastructureModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: InfrastructureModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => config] }),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config), retryAttempts: 2, retryDelay: 1000 }),
        BullModule.forRoot({ connection: { url: config.REDIS_URL }, prefix: config.REDIS_PREFIX }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        // One retry per command: while Redis is away, requests and health checks fail instead of piling up.
        { provide: REDIS_CLIENT, useFactory: () => new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) },
        { provide: IMAGE_STORAGE, useValue: new LocalDiskImageStorage(config.UPLOADS_DIR) },
        RedisClientCloser,
        // Committed outbox rows wake the relays through Redis at once.
        { provide: OUTBOX_WAKES, inject: [DataSource, REDIS_CLIENT], useFactory: (dataSource: DataSource, redis: Redis) => wakeRelaysOnCommit(dataSource, redis, config.REDIS_PREFIX) },
      ],
      exports: [APP_CONFIG, REDIS_CLIENT, IMAGE_STORAGE, BullModule],
    };
  }
}
