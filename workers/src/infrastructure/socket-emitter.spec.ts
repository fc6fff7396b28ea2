import { once } from 'node:events';
import { Redis } from 'ioredis';
import { SOCKET_ROOMS, socketChannelKey } from '@shop/contracts';
import { testConfig, waitFor } from '@shop/testing';
import { socketEmitterOf } from './socket-emitter.js';

describe("the workers' socket emitter", () => {
  const config = testConfig();
  const unhandled: unknown[] = [];
  const noteUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(() => process.on('unhandledRejection', noteUnhandled));
  afterAll(() => process.off('unhandledRejection', noteUnhandled));

  it('publishes to the rooms the api instances listen on', async () => {
    const redis = new Redis(config.REDIS_URL);
    const listener = redis.duplicate();
    try {
      await listener.psubscribe(`${socketChannelKey(config.REDIS_PREFIX)}#*`);
      const heard = once(listener, 'pmessage');
      socketEmitterOf(redis, config, () => undefined)
        .to(SOCKET_ROOMS.ops)
        .emit('probe', 1);
      const [, channel] = (await heard) as [string, string];
      expect(channel).toBe(`${socketChannelKey(config.REDIS_PREFIX)}#/#${SOCKET_ROOMS.ops}#`);
    } finally {
      listener.disconnect();
      redis.disconnect();
    }
  });

  it('hands a live update whose publish fails (its client closed by a shutdown) to onLost, never to an unhandled rejection', async () => {
    const redis = new Redis(config.REDIS_URL);
    await redis.ping();
    const lost: Error[] = [];
    const emitter = socketEmitterOf(redis, config, (error) => lost.push(error));
    const ended = once(redis, 'end');
    redis.disconnect();
    await ended;
    emitter.to(SOCKET_ROOMS.ops).emit('probe', 1);

    await waitFor('the lost update to be reported', () => lost.length > 0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lost.map((error) => error.message)).toEqual(['Connection is closed.']);
    expect(unhandled).toEqual([]);
  });
});
