// The checkout bench's baseline worker, a process of its own as the shop's workers are: a bare
// BullMQ Worker with the payments queue's concurrency, whose processor does one MySQL UPDATE of
// the job's order, the least a job that settles something can do. The bench adds the jobs.
//
//   REDIS_URL=… REDIS_PREFIX=… DATABASE_URL=… BASELINE_QUEUE=… BASELINE_JOBS=1000 node bench/lib/bullmq-baseline.mjs
//
// Prints one JSON line {"ready":true} once it listens, then one each time another BASELINE_JOBS
// jobs are done (a round): { lastFinishedAt (ms since epoch), cpuMs (this process's, that round), jobs }.
import { Worker } from 'bullmq';
import { QUEUE_SETTINGS } from '@shop/contracts';
import { openPool } from '../../infra/scripts/lib/bench-database.mjs';

const jobs = Number(process.env.BASELINE_JOBS);
const pool = await openPool(process.env.DATABASE_URL, Number(process.env.DATABASE_POOL_SIZE ?? 10));
let done = 0;
let cpuBefore;

const worker = new Worker(
  process.env.BASELINE_QUEUE,
  async (job) => {
    cpuBefore ??= process.cpuUsage();
    await pool.query('UPDATE orders SET updatedAt = NOW(3) WHERE id = ?', [job.data.orderId]);
  },
  { connection: { url: process.env.REDIS_URL }, prefix: process.env.REDIS_PREFIX, concurrency: QUEUE_SETTINGS.payments.concurrency },
);
// Counted on BullMQ's own completion, after the job's state is written in Redis, as the shop's are.
worker.on('completed', () => {
  done += 1;
  if (done % jobs !== 0) return;
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(`${JSON.stringify({ lastFinishedAt: Date.now(), cpuMs: (cpu.user + cpu.system) / 1000, jobs })}\n`);
  cpuBefore = undefined;
});
worker.on('failed', (job, error) => {
  process.stderr.write(`baseline job ${job?.id} failed: ${error.message}\n`);
  process.exit(1);
});
await worker.waitUntilReady();
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
// The bench stops this process with SIGTERM once it has its rounds.
process.once(
  'SIGTERM',
  () =>
    void worker
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
