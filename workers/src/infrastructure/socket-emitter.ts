import type { Provider } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { socketChannelKey } from '@shop/contracts';
import { REDIS_CLIENT } from '@shop/infrastructure';

/** Workers reach browsers through the api instances' Socket.IO Redis adapter, by this emitter. */
export const SOCKET_EMITTER = Symbol('SOCKET_EMITTER');

export function socketEmitterProvider(config: AppConfig): Provider {
  return { provide: SOCKET_EMITTER, inject: [REDIS_CLIENT], useFactory: (redis: Redis) => new Emitter(redis, { key: socketChannelKey(config.REDIS_PREFIX) }) };
}
