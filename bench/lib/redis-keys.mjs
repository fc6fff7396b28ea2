// A bench's queues live under a Redis prefix of their own, emptied before and after each run.
import { Redis } from 'ioredis';

/**
 * Deletes every key under `prefix:`. Needed before a run, not only tidy: a recreated database
 * numbers its outbox rows from 1 again, and BullMQ would take `outbox-1` for a job it already has.
 */
export async function deleteKeysUnder(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
