import { Logger, type Provider } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { socketChannelKey } from '@shop/contracts';
import { REDIS_CLIENT, reportLostPublishes } from '@shop/infrastructure';

/** Workers reach browsers through the api instances' Socket.IO Redis adapter, by this emitter. */
export const SOCKET_EMITTER = Symbol('SOCKET_EMITTER');

/** An emitter publishing on `redis`, whose failed publishes go to `onLost` rather than unhandled. */
export function socketEmitterOf(redis: Redis, config: AppConfig, onLost: (error: Error) => void): Emitter {
  // A publisher of its own: the app's shared client keeps its plain publish.
  const publisher = reportLostPublishes({ publish: (channel: string, message: string) => redis.publish(channel, message) }, onLost);
  return new Emitter(publisher, { key: socketChannelKey(config.REDIS_PREFIX) });
}

export function socketEmitterProvider(config: AppConfig): Provider {
  const logger = new Logger('SocketEmitter');
  return {
    provide: SOCKET_EMITTER,
    inject: [REDIS_CLIENT],
    useFactory: (redis: Redis) =>
      socketEmitterOf(redis, config, (error) => logger.warn(`A live update was not published: ${error.message}`)),
  };
}
