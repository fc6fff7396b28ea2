// npm run bench:catalogue: the real api's listing and search against a bare node:http + mysql2
// server issuing the same SQL, both over ten thousand products, both under the same load.
//
//   BENCH_PRODUCTS=10000    products in the bench database
//   BENCH_DURATION_S=10     length of each measured run; BENCH_WARMUP_S=3 before each
//   BENCH_CONNECTIONS=50    concurrent clients
//   BENCH_ROUNDS=2          rounds of api then baseline per query; each side's best round counts
//   BENCH_PORT=3300         api on BENCH_PORT, baseline on BENCH_PORT+3
//   BENCH_SKIP_BUILD=1      reuse the dist/ builds
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { say } from '../infra/scripts/lib/bootstrap.mjs';
import { abortBench, onCleanUp, runBench } from '../infra/scripts/lib/lifecycle.mjs';
import { benchPorts, loadSettings, prepareBench } from '../infra/scripts/lib/workspace.mjs';
import { childRunning } from './lib/cpu.mjs';

const DATABASE_NAME = 'toyduka_bench';
const REDIS_PREFIX = 'toyduka-bench';
const API_MAIN = 'api/dist/main.js';
const BASELINE_SERVER = 'bench/lib/catalogue-baseline-server.mjs';
const TARGETS = { listingRatio: 0.6, listingP99Ms: 50, searchRatio: 0.5 };

await runBench(async () => {
  const workspace = await prepareBench(['@shop/api']);
  const [{ catalogueApiEnv, freshCatalogue }, { SEARCH_KEYWORD }, { measure, stopLoad }, report] = await Promise.all([
    import('./lib/catalogue-api.mjs'),
    import('./lib/catalogue-data.mjs'),
    import('./lib/load.mjs'),
    import('../infra/scripts/lib/report.mjs'),
  ]);
  const ports = benchPorts();
  const settings = loadSettings();
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const uploadsDir = await mkdtemp(join(tmpdir(), 'toyduka-bench-catalogue-'));
  onCleanUp(() => rm(uploadsDir, { recursive: true, force: true }));

  const env = catalogueApiEnv(workspace, { databaseName: DATABASE_NAME, redisPrefix: REDIS_PREFIX, uploadsDir });
  const config = workspace.loadConfig({ ...process.env, ...env });
  await workspace.assertPortFree(ports.api, 'BENCH_PORT');
  await workspace.assertPortFree(ports.baseline, 'BENCH_PORT');
  await freshCatalogue(workspace, config);

  say(`Starting the api (${API_MAIN}) and the baseline server...`);
  const stack = workspace.supervise(
    [
      { name: 'api', command: process.execPath, args: [API_MAIN] },
      {
        name: 'baseline',
        command: process.execPath,
        args: [BASELINE_SERVER],
        env: { BASELINE_PORT: String(ports.baseline), DATABASE_POOL_SIZE: String(config.DATABASE_POOL_SIZE) },
      },
    ],
    env,
    { onUnexpectedExit: abortBench },
  );
  onCleanUp(() => stack.stop());
  onCleanUp(stopLoad);
  await workspace.waitForHealthy(`http://127.0.0.1:${ports.api}/api/health`);
  await workspace.waitForHealthy(`http://127.0.0.1:${ports.baseline}/health`);
  const pids = { api: childRunning(API_MAIN), baseline: childRunning(BASELINE_SERVER) };

  const twoCategories = ['pretend-play', 'stationery-school'];
  const queries = [
    {
      name: 'listing',
      path: `${workspace.CATALOGUE_API.shopProducts}?${workspace.listingSearchParams({ filters: { category: twoCategories }, sortBy: 'price-hightolow' })}`,
    },
    { name: 'search', path: workspace.CATALOGUE_API.search(SEARCH_KEYWORD) },
  ];
  for (const query of queries) {
    query.answer = await assertSameAnswer(`http://127.0.0.1:${ports.api}${query.path}`, `http://127.0.0.1:${ports.baseline}${query.path}`);
    say(
      `${query.name}: ${query.path} → ${query.answer.products} products of ${query.answer.total}, ${query.answer.bytes} bytes of JSON (api and baseline alike).`,
    );
  }

  // api and baseline take turns, query by query: a neighbour's burst of work on a shared machine
  // then slows one round, not one side. Each side's best round counts.
  for (const query of queries) {
    query.api = [];
    query.baseline = [];
    for (let round = 1; round <= rounds; round += 1) {
      for (const side of ['api', 'baseline']) {
        say(
          `${query.name}, ${side}, round ${round} of ${rounds}: ${settings.connections} connections for ${settings.durationSeconds} s...`,
        );
        query[side].push(
          await measure(`http://127.0.0.1:${side === 'api' ? ports.api : ports.baseline}${query.path}`, settings, pids[side]),
        );
      }
    }
  }
  // Each client waits for its answer before asking again, so at 50 clients a request's latency is
  // about 50 ÷ throughput: mostly queueing. One client alone shows the time a request itself takes.
  const [listingQuery] = queries;
  const alone = {};
  for (const side of ['api', 'baseline']) {
    say(`listing, ${side}, one client for ${settings.durationSeconds} s (latency without queueing)...`);
    alone[side] = await measure(
      `http://127.0.0.1:${side === 'api' ? ports.api : ports.baseline}${listingQuery.path}`,
      { ...settings, connections: 1 },
      pids[side],
    );
  }
  await stack.stop();

  const best = (runs) => runs.reduce((top, run) => (run.requestsPerSecond > top.requestsPerSecond ? run : top));
  const cpu = (run) => (run.cpuMsPerRequest === undefined ? 'n/a' : run.cpuMsPerRequest.toFixed(2));
  const rows = [];
  for (const query of queries) {
    query.bestApi = best(query.api);
    query.bestBaseline = best(query.baseline);
    query.ratio = query.bestApi.requestsPerSecond / query.bestBaseline.requestsPerSecond;
    const row = (label, run, ratio = '') => [
      label,
      report.formatNumber(run.requestsPerSecond, 0),
      run.p50.toFixed(1),
      run.p99.toFixed(1),
      cpu(run),
      ratio,
    ];
    query.api.forEach((run, index) => rows.push(row(`${query.name}: api, round ${index + 1}`, run)));
    query.baseline.forEach((run, index) => rows.push(row(`${query.name}: baseline, round ${index + 1}`, run)));
    rows.push(row(`${query.name}: api (best)`, query.bestApi, report.formatRatio(query.ratio)));
    rows.push(row(`${query.name}: baseline (best)`, query.bestBaseline));
  }
  report.printTable(['', 'requests/s', 'p50 ms', 'p99 ms', 'server CPU ms/request', 'api/baseline'], rows);
  console.log('For comparison, without queueing (one client, informational):');
  report.printTable(
    ['', 'requests/s', 'p50 ms', 'p99 ms', 'server CPU ms/request'],
    [
      [
        'listing: api, 1 client',
        report.formatNumber(alone.api.requestsPerSecond, 0),
        alone.api.p50.toFixed(1),
        alone.api.p99.toFixed(1),
        cpu(alone.api),
      ],
      [
        'listing: baseline, 1 client',
        report.formatNumber(alone.baseline.requestsPerSecond, 0),
        alone.baseline.p50.toFixed(1),
        alone.baseline.p99.toFixed(1),
        cpu(alone.baseline),
      ],
    ],
  );
  const [listing, search] = queries;
  report.printVerdicts([
    {
      name: 'listing requests/s, api ÷ baseline',
      measured: report.formatRatio(listing.ratio),
      target: `>= ${TARGETS.listingRatio}`,
      passed: listing.ratio >= TARGETS.listingRatio,
    },
    {
      name: 'listing p99 latency of the api',
      measured: `${listing.bestApi.p99.toFixed(1)} ms`,
      target: `< ${TARGETS.listingP99Ms} ms`,
      passed: listing.bestApi.p99 < TARGETS.listingP99Ms,
    },
    {
      name: 'search requests/s, api ÷ baseline',
      measured: report.formatRatio(search.ratio),
      target: `>= ${TARGETS.searchRatio}`,
      passed: search.ratio >= TARGETS.searchRatio,
    },
  ]);
  if (listing.bestBaseline.p99 >= TARGETS.listingP99Ms) {
    console.log(
      `note: the bare baseline's own listing p99 at ${settings.connections} clients is ${listing.bestBaseline.p99.toFixed(1)} ms. With every client waiting for its answer, ` +
        `latency ≈ clients ÷ throughput: p99 < ${TARGETS.listingP99Ms} ms at ${settings.connections} clients needs over ${Math.round((settings.connections * 1000) / TARGETS.listingP99Ms)} requests/s on this machine.`,
    );
  }
  return 0;
});

/**
 * A fair baseline does the api's work: the same products, the same total, the same JSON. A
 * difference means the baseline no longer mirrors the api, and its figures would mean nothing.
 */
async function assertSameAnswer(apiUrl, baselineUrl) {
  const [api, baseline] = await Promise.all(
    [apiUrl, baselineUrl].map(async (url) => {
      const response = await fetch(url);
      const text = await response.text();
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
      return { text, body: JSON.parse(text) };
    }),
  );
  if (!isDeepStrictEqual(api.body, baseline.body)) {
    const firstDifferent = api.body.data?.findIndex((product, index) => !isDeepStrictEqual(product, baseline.body.data?.[index]));
    throw new Error(
      `the baseline's answer differs from the api's for ${new URL(apiUrl).pathname}${new URL(apiUrl).search} ` +
        `(first different product: #${firstDifferent}; api ${JSON.stringify(api.body.data?.[firstDifferent])?.slice(0, 400)} ` +
        `baseline ${JSON.stringify(baseline.body.data?.[firstDifferent])?.slice(0, 400)}; api pagination ${JSON.stringify(api.body.pagination)}, ` +
        `baseline ${JSON.stringify(baseline.body.pagination)}): update bench/lib/catalogue-baseline-server.mjs`,
    );
  }
  return { products: api.body.data.length, total: api.body.pagination.total, bytes: Buffer.byteLength(api.text) };
}
