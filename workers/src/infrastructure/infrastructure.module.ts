import { BullModule } from '@nestjs/bullmq';
import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { QUEUE_NAMES, socketChannelKey } from '@shop/contracts';
import type { AppConfig } from '@shop/config';
import { IMAGE_STORAGE, LocalDiskImageStorage, OUTBOX_WAKES, dataSourceOptions, wakeRelaysOnCommit } from '@shop/db';
import { JobOutcomes } from './job-outcomes.js';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
export const SOCKET_EMITTER = Symbol('SOCKET_EMITTER');

class RedisClientCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}
  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

/** Configuration, MySQL, Redis, the queues and the Socket.IO emitter for every worker module. */
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
        { provide: REDIS_CLIENT, useFactory: () => new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }) },
        {
          provide: SOCKET_EMITTER,
          inject: [REDIS_CLIENT],
          useFactory: (redis: Redis) => new Emitter(redis, { key: socketChannelKey(config.REDIS_PREFIX) }),
        },
        { provide: IMAGE_STORAGE, useValue: new LocalDiskImageStorage(config.UPLOADS_DIR) },
        RedisClientCloser,
        // Committed outbox rows wake the relays through Redis at once.
        { provide: OUTBOX_WAKES, inject: [DataSource, REDIS_CLIENT], useFactory: (dataSource: DataSource, redis: Redis) => wakeRelaysOnCommit(dataSource, redis, config.REDIS_PREFIX) },
        JobOutcomes,
      ],
      exports: [APP_CONFIG, REDIS_CLIENT, SOCKET_EMITTER, IMAGE_STORAGE, BullModule, JobOutcomes],
    };
  }
}
