// The live bench's baseline worker, a process of its own as the shop's workers are: a bare BullMQ
// Worker with the payments queue's concurrency whose processor only emits the job's event through
// @socket.io/redis-emitter, to the rooms the shop's OrderUpdates emits to. The bench adds the jobs.
//
//   REDIS_URL=… REDIS_PREFIX=… CHANNEL_KEY=… BASELINE_QUEUE=… node bench/lib/live-baseline-worker.mjs
//
// Prints one JSON line {"ready":true} once it listens for jobs.
import { Emitter } from '@socket.io/redis-emitter';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_SETTINGS, SOCKET_EVENTS, SOCKET_ROOMS } from '@shop/contracts';

const redis = new Redis(process.env.REDIS_URL);
const emitter = new Emitter(redis, { key: process.env.CHANNEL_KEY });
const worker = new Worker(
  process.env.BASELINE_QUEUE,
  async (job) => {
    emitter.to(SOCKET_ROOMS.user(job.data.userId)).to(SOCKET_ROOMS.admins).emit(SOCKET_EVENTS.orderUpdated, job.data.event);
  },
  { connection: { url: process.env.REDIS_URL }, prefix: process.env.REDIS_PREFIX, concurrency: QUEUE_SETTINGS.payments.concurrency },
);
worker.on('failed', (job, error) => {
  process.stderr.write(`baseline job ${job?.id} failed: ${error.message}\n`);
  process.exit(1);
});
await worker.waitUntilReady();
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.once('SIGTERM', () => {
  void worker.close().then(() => {
    redis.disconnect();
    process.exit(0);
  });
});
