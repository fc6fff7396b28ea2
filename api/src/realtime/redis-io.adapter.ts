import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '@shop/config';
import { socketChannelKey, type HealthState } from '@shop/contracts';
import { HEALTH_CHECK_TIMEOUT_MS, probe, reportLostPublishes } from '@shop/infrastructure';
import { fromOwnPage, trustedOrigins } from '../common/request-origin.js';

/** Resolves once the client is ready; connection errors on the way are the client's to retry, not a failure. */
function whenReady(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => client.once('ready', () => resolve()));
}

/** Socket.IO rooms shared by every api instance, and reachable from the workers' emitter, through Redis. */
export class RedisIoAdapter extends IoAdapter {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channelKey: string;
  /** What the subscriber heard, by channel: hearsRooms waits here for its own publication. */
  private readonly heardChannels = new EventEmitter();

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
    this.channelKey = socketChannelKey(config.REDIS_PREFIX);
    const logger = new Logger(RedisIoAdapter.name);
    // The adapter drops the reply of what it publishes (a session's sign-out to every instance).
    this.publisher = reportLostPublishes(new Redis(config.REDIS_URL), (error) => logger.warn(`Socket.IO publish failed: ${error.message}`));
    this.subscriber = this.publisher.duplicate();
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => logger.warn(`Socket.IO's Redis connection: ${error.message}`));
    }
    this.subscriber.on('pmessage', (_pattern: string, channel: string) => this.heardChannels.emit(channel));
  }

  /**
   * Whether this instance hears what is published to its sockets' rooms, proved by publishing to a
   * room of its own and hearing it back. The client's state cannot tell: after redis/ioredis#2037 it
   * says `ready` while Redis holds no subscription for it, and its sockets receive nothing.
   */
  hearsRooms(): Promise<HealthState> {
    return probe(async () => {
      // The adapter's channel for a room of the default namespace; no socket is in this room, so every
      // instance's adapter drops what comes on it.
      const channel = `${this.channelKey}#/#hearing-check:${randomUUID()}#`;
      const heard = once(this.heardChannels, channel, { signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS) });
      await Promise.all([this.publisher.publish(channel, ''), heard]);
    });
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const trusted = trustedOrigins(this.config);
    const server: Server = super.createIOServer(port, {
      ...options,
      cors: { origin: this.config.WEB_ORIGINS, credentials: true },
      // A WebSocket is not bound by CORS: another site's page could open one with the shopper's cookie.
      allowRequest: (request, answer) => answer(null, fromOwnPage(request.headers, trusted)),
    } as ServerOptions);
    // ioredis can lose a subscription made while a duplicated client is still connecting
    // (redis/ioredis#2037): the instance would then hear no event at all. So the adapter subscribes
    // only once both clients are ready, and sockets wait for it before they join their rooms.
    const adapterReady = Promise.all([whenReady(this.publisher), whenReady(this.subscriber)]).then(() => {
      server.adapter(createAdapter(this.publisher, this.subscriber, { key: this.channelKey }));
    });
    server.use((_socket, next) => {
      void adapterReady.then(() => next());
    });
    return server;
  }

  override async dispose(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
