// npm run bench:images: derivatives per second of the real image worker (outbox → relay → BullMQ
// → sharp → storage → database) against sharp alone making the same derivatives in a bare script.
//
//   BENCH_IMAGES=40         originals to resize
//   BENCH_ROUNDS=3          rounds of baseline then worker; each side's best round counts
//   BENCH_PORT=3300         first of the bench's ports (the worker's health port is BENCH_PORT+1)
//   BENCH_SKIP_BUILD=1      reuse the dist/ builds
//   BENCH_KEEP_FILES=1      keep the temporary uploads folder (its path is printed)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, say } from '../infra/scripts/lib/bootstrap.mjs';
import { abortBench, onCleanUp, runBench } from '../infra/scripts/lib/lifecycle.mjs';
import { benchPorts, databaseUrlNamed, prepareBench } from '../infra/scripts/lib/workspace.mjs';
import { childRunning, cpuMillisOf } from './lib/cpu.mjs';

const TARGET_RATIO = 0.9;
const DATABASE_NAME = 'toyduka_bench_images';
const REDIS_PREFIX = 'toyduka-bench-images';
/** How often the bench asks MySQL whether the worker is done: fine enough for rounds of seconds, rare enough to cost MySQL nothing that shows. */
const POLL_INTERVAL_MS = 50;
const WORKER_MAIN = 'workers/dist/main.js';

await runBench(async () => {
  const workspace = await prepareBench(['@shop/workers']);
  const [{ openPool, recreateDatabase }, { makePhoto }, { deleteKeysUnder }, report] = await Promise.all([
    import('../infra/scripts/lib/bench-database.mjs'),
    import('./lib/photos.mjs'),
    import('./lib/redis-keys.mjs'),
    import('../infra/scripts/lib/report.mjs'),
  ]);
  const ports = benchPorts();
  const imageCount = Number(process.env.BENCH_IMAGES ?? 40);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const uploadsDir = await mkdtemp(join(tmpdir(), 'toyduka-bench-images-'));
  if (process.env.BENCH_KEEP_FILES === '1') say(`Keeping the bench's files in ${uploadsDir}.`);
  else onCleanUp(() => rm(uploadsDir, { recursive: true, force: true }));

  const env = {
    DATABASE_URL: databaseUrlNamed(workspace.loadConfig().DATABASE_URL, DATABASE_NAME),
    WORKERS_HEALTH_PORT: String(ports.workersHealth),
    REDIS_PREFIX,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  const config = workspace.loadConfig({ ...process.env, ...env });
  await workspace.assertPortFree(ports.workersHealth, 'BENCH_PORT');
  await workspace.ensureRedis(config);
  await recreateDatabase(workspace, config);
  await deleteKeysUnder(config.REDIS_URL, REDIS_PREFIX);
  onCleanUp(() => deleteKeysUnder(config.REDIS_URL, REDIS_PREFIX));

  say(`Making ${imageCount} photo-like originals and storing them as uploads...`);
  const dataSource = workspace.createDataSource(config);
  await dataSource.initialize();
  onCleanUp(() => dataSource.destroy());
  // The upload path publishes its outbox rows the moment they commit; the bench's writes do the same.
  const [{ Queue }, { OutboxPublisher }] = await Promise.all([import('bullmq'), import('@shop/infrastructure')]);
  const queues = Object.fromEntries(
    workspace.QUEUE_NAMES.map((name) => [name, new Queue(name, { connection: { url: config.REDIS_URL }, prefix: REDIS_PREFIX })]),
  );
  onCleanUp(() => Promise.all(Object.values(queues).map((queue) => queue.close())));
  workspace.publishOnCommit(dataSource, new OutboxPublisher(dataSource, queues));
  const storage = new workspace.LocalDiskImageStorage(uploadsDir);
  const originals = [];
  for (let index = 0; index < imageCount; index += 1) {
    const photo = await makePhoto(index);
    const storageKey = `originals/${createHash('sha256').update(photo.bytes).digest('hex')}.${photo.extension}`;
    await storage.put(storageKey, photo.bytes);
    const asset = await dataSource.getRepository(workspace.ImageAsset).save({
      storageKey,
      url: storage.urlOf(storageKey),
      contentType: photo.contentType,
      bytes: photo.bytes.length,
      status: 'pending',
      derivatives: [],
      failureReason: null,
    });
    originals.push({ id: asset.id, storageKey });
  }

  // The worker starts once and stays idle while the baseline runs: its start-up is never timed.
  say(`Starting the image worker (${WORKER_MAIN})...`);
  const stack = workspace.supervise([{ name: 'workers', command: process.execPath, args: [WORKER_MAIN] }], env, {
    onUnexpectedExit: abortBench,
  });
  onCleanUp(() => stack.stop());
  await workspace.waitForHealthy(`http://127.0.0.1:${ports.workersHealth}/health`);
  const workerPid = childRunning(WORKER_MAIN);
  const pool = await openPool(config.DATABASE_URL, 1);
  onCleanUp(() => pool.end());
  const imagesQueue = queues[workspace.QUEUES.images];

  // Rounds alternate baseline and worker, and each side's best round counts: on a shared machine
  // a neighbour's burst of work then slows one round, not one side.
  const baselineDir = join(uploadsDir, 'baseline');
  const concurrency = workspace.QUEUE_SETTINGS.images.concurrency;
  const baselineRounds = [];
  const workerRounds = [];
  for (let round = 1; round <= rounds; round += 1) {
    say(`Round ${round} of ${rounds}: sharp alone, ${concurrency} originals at a time...`);
    baselineRounds.push(
      await runBaseline(
        uploadsDir,
        baselineDir,
        originals.map((original) => original.storageKey),
      ),
    );
    say(`Round ${round} of ${rounds}: the image worker, from publishing ${imageCount} image.resize jobs to every image ready...`);
    workerRounds.push(await timeWorker(workspace, dataSource, pool, imagesQueue, originals, workerPid));
  }
  await stack.stop();

  const perSecond = (run) => run.derivatives / run.seconds;
  const baseline = baselineRounds.reduce((best, run) => (perSecond(run) > perSecond(best) ? run : best));
  const worker = workerRounds.reduce((best, run) => (perSecond(run) > perSecond(best) ? run : best));
  const sameFiles = await compareDerivatives(join(uploadsDir, 'derivatives'), join(baselineDir, 'derivatives'));
  const ratio = perSecond(worker) / perSecond(baseline);
  const cpuPerImage = (run) => (run.cpuMs === undefined ? 'n/a' : (run.cpuMs / run.images).toFixed(0));
  const row = (name, run) => [
    name,
    run.images,
    run.derivatives,
    run.seconds.toFixed(2),
    (run.images / run.seconds).toFixed(2),
    perSecond(run).toFixed(1),
    cpuPerImage(run),
  ];
  report.printTable(
    ['', 'originals', 'derivatives', 'seconds', 'images/s', 'derivatives/s', 'CPU ms/original'],
    [
      ...baselineRounds.map((run, index) => row(`sharp baseline, round ${index + 1}`, run)),
      ...workerRounds.map((run, index) => row(`image worker, round ${index + 1}`, run)),
      row('sharp baseline (best)', baseline),
      row('image worker (best)', worker),
    ],
  );
  console.log(
    `worker/baseline (best rounds): ${report.formatRatio(ratio)}   (concurrency ${concurrency} in both; ${sameFiles.identical} of ${sameFiles.total} derivative files byte-identical)`,
  );
  const busy = (run) =>
    `${(run.busyMs / run.images).toFixed(0)} ms per original, its ${concurrency} slots busy ${((run.busyMs / (concurrency * run.seconds * 1000)) * 100).toFixed(0)}% of the time`;
  console.log(`where the time went (best rounds): baseline ${busy(baseline)}; worker ${busy(worker)},`);
  console.log(`  its first job queued ${worker.firstQueuedMs} ms and its last ${worker.lastQueuedMs} ms after the outbox write.`);
  if (sameFiles.identical !== sameFiles.total) {
    throw new Error(
      `the baseline's derivatives differ from the worker's (${sameFiles.total - sameFiles.identical} files): its settings no longer match image-derivatives.service.ts`,
    );
  }
  console.log('');
  report.printVerdicts([
    {
      name: 'image worker derivatives/s ÷ sharp baseline',
      measured: report.formatRatio(ratio),
      target: `>= ${TARGET_RATIO}`,
      passed: ratio >= TARGET_RATIO,
    },
  ]);
  return 0;
});

/** Runs bench/lib/images-baseline.mjs as its own process, as the worker is one. */
async function runBaseline(uploadsDir, outputDir, storageKeys) {
  const listFile = join(uploadsDir, 'originals.json');
  await writeFile(listFile, JSON.stringify(storageKeys));
  const child = spawn(process.execPath, [join(repoRoot, 'bench/lib/images-baseline.mjs'), uploadsDir, outputDir, listFile], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onCleanUp(() => child.exitCode === null && child.kill('SIGTERM'));
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the sharp baseline failed (exit ${code})`);
  const { elapsedMs, cpuMs, busyMs, images, derivatives } = JSON.parse(output.trim().split('\n').pop());
  return { seconds: elapsedMs / 1000, cpuMs, busyMs, images, derivatives };
}

/**
 * Times the worker from the moment the resize jobs are published (the outbox rows written and the
 * relay woken, as an upload does) until the database says every image is ready. The worker was
 * started and healthy before: its start-up is not in the figure.
 */
async function timeWorker(workspace, dataSource, pool, imagesQueue, originals, workerPid) {
  // An upload's state: every image waiting for its derivatives (a later round undoes the last).
  await pool.query("UPDATE product_images SET status = 'pending', derivatives = '[]', failureReason = NULL");
  const startedAt = Date.now();
  const started = performance.now();
  const cpuBefore = cpuMillisOf(workerPid);
  await dataSource.transaction(async (manager) => {
    for (const { id } of originals) await workspace.recordEvent(manager, 'image.resize', { imageId: id });
  });
  let counts;
  do {
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    [[counts]] = await pool.query(
      "SELECT SUM(status = 'pending') AS pending, SUM(status = 'failed') AS failed, SUM(status = 'ready') AS ready FROM product_images",
    );
    if (performance.now() - started > 10 * 60_000)
      throw new Error(`the worker had not finished after 10 minutes (${counts.ready} of ${originals.length} ready)`);
  } while (Number(counts.pending) > 0);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMillisOf(workerPid);
  if (Number(counts.failed) > 0) throw new Error(`the worker failed ${counts.failed} of ${originals.length} images; see its log above`);
  const [images] = await pool.query('SELECT derivatives FROM product_images');
  // BullMQ's own timestamps (ms since epoch, this machine's clock) say where the round's time went.
  const jobs = (await imagesQueue.getJobs(['completed'])).filter((job) => job.timestamp >= startedAt);
  return {
    seconds,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    busyMs: jobs.reduce((sum, job) => sum + (job.finishedOn - job.processedOn), 0),
    firstQueuedMs: Math.min(...jobs.map((job) => job.timestamp)) - startedAt,
    lastQueuedMs: Math.max(...jobs.map((job) => job.timestamp)) - startedAt,
    images: images.length,
    derivatives: images.reduce(
      (sum, image) => sum + (typeof image.derivatives === 'string' ? JSON.parse(image.derivatives) : image.derivatives).length,
      0,
    ),
  };
}

/** Byte for byte: proof that the baseline did the worker's work, no more and no less. */
async function compareDerivatives(workerDir, baselineDir) {
  const files = (await readdir(baselineDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const workerFiles = (await readdir(workerDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  let identical = 0;
  for (const entry of files) {
    const relative = join(entry.parentPath ?? entry.path, entry.name).slice(baselineDir.length);
    const [ours, theirs] = await Promise.all([
      readFile(join(baselineDir, relative)),
      readFile(join(workerDir, relative)).catch(() => null),
    ]);
    if (theirs && ours.equals(theirs)) identical += 1;
  }
  return { identical, total: Math.max(files.length, workerFiles.length) };
}
