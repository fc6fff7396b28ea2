import { Logger, type INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '@shop/config';
import { socketChannelKey } from '@shop/contracts';

/** Socket.IO rooms shared by every api instance, and reachable from the workers' emitter, through Redis. */
export class RedisIoAdapter extends IoAdapter {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(app: INestApplicationContext, private readonly config: AppConfig) {
    super(app);
    this.publisher = new Redis(config.REDIS_URL);
    this.subscriber = this.publisher.duplicate();
    const logger = new Logger(RedisIoAdapter.name);
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => logger.warn(`Socket.IO's Redis connection: ${error.message}`));
    }
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, { ...options, cors: { origin: this.config.WEB_ORIGINS, credentials: true } } as ServerOptions);
    server.adapter(createAdapter(this.publisher, this.subscriber, { key: socketChannelKey(this.config.REDIS_PREFIX) }));
    return server;
  }

  override async dispose(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
