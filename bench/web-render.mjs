// npm run bench:web-render: what drawing the shopper pages on the server costs the api (issue 28).
// The built api is started three times, one after another, on the same database and under the same
// load of guests asking for listing and product pages: (1) today's client shell (no render bundle),
// the baseline; (2) every page drawn by the server, the guest page cache off; (3) drawn, with the
// cache on (WEB_PAGE_CACHE_MS; an api that does not know the setting ignores it and draws every page).
//
//   --duration 15        seconds measured per mode (BENCH_DURATION_S)
//   --warm-up 15         seconds of the same load before each measured run, not counted (BENCH_WARMUP_S):
//                        twenty renders at once on a cold JIT take the api seconds to get through
//   --guests 20          concurrent guests, without cookies (BENCH_CONNECTIONS)
//   --products 48        distinct product pages in the mix, beside 16 listing pages
//   BENCH_PORT=3300      the api's port
//   BENCH_SKIP_BUILD=1   reuse the dist/ builds (the api's, and the web's with its render bundle web/dist-ssr)
//   BENCH_CPU_PROF_DIR   each api writes a V8 CPU profile under <dir>/api-<mode>/ when it stops
//
// Exits 1 on an error: an answer other than 200, a process that died, or a page that is not what
// its mode must send (a drawn page in the shell's run, the client shell where a drawn page was
// due): a bench measuring the wrong thing must not print figures. A missed target is a finding,
// printed in red, exit 0.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { say, StepFailure } from '../infra/scripts/lib/bootstrap.mjs';
import { abortBench, onCleanUp, runBench } from '../infra/scripts/lib/lifecycle.mjs';
import { benchPorts, prepareBench } from '../infra/scripts/lib/workspace.mjs';
import { childRunning, profiledArgs } from './lib/cpu.mjs';

const DATABASE_NAME = 'toyduka_bench_web_render';
const REDIS_PREFIX = 'toyduka-bench-web-render';
const API_MAIN = 'api/dist/main.js';
const RENDER_BUNDLE_DIR = 'web/dist-ssr';
const PAGE_CACHE_MS = 5000;
/** A guest's longest wait for a page before the bench calls it an error. */
const PAGE_TIMEOUT_S = 60;
const TARGETS = { renderCpuMsPerPage: 15, renderP99Ms: 150, cachedSpeedUp: 10 };
/**
 * The render's time budget in the bench, far above the shop's: a page over budget goes as the client
 * shell, which is cheaper than a drawn page and would flatter the render's figures. Pages slower than
 * the shop's own budget are counted instead.
 */
const BENCH_RENDER_BUDGET_MS = 30_000;
// What Chrome on a phone sends: the api compresses its pages, as it does for a shopper.
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-KE,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
/** Where index.html keeps the client shell's markup in the app's root, and where a drawn page's root begins (shell-document.ts). */
const SHELL_ROOT = '<div id="root"><!--app-html-->';
const DRAWN_ROOT = '<div id="root" inert>';
/** Below this many CPUs kept busy, a loaded api was waiting for the machine rather than working. */
const STARVED_BELOW_CPUS = 0.8;
/** Render counts that stay the same this long show the api has finished the pages in flight. */
const RENDER_SETTLE_MS = 500;
const LISTING_CATEGORIES = ['educational-toys', 'pretend-play', 'action-outdoor', 'card-board-games'];
const LISTING_SORTS = ['price-lowtohigh', 'title-atoz'];
const LISTING_PAGES = [1, 2];

const MODES = [
  { name: 'shell', label: "today's shell", drawn: false },
  { name: 'render', label: 'render, cache off', drawn: true, pageCacheMs: 0 },
  { name: 'cached', label: 'render, cache on', drawn: true, pageCacheMs: PAGE_CACHE_MS },
];

await runBench(async () => {
  const options = readOptions();
  const loadAverages = loadavg().map((load) => load.toFixed(2));
  say(`Load average before the run (1, 5, 15 minutes): ${loadAverages.join(', ')}.`);
  const workspace = await prepareBench(['@shop/api', '@shop/web']);
  const [{ catalogueApiEnv, freshCatalogue }, { openPool }, { measure, stopLoad }, report, { seededRandom }] = await Promise.all([
    import('./lib/catalogue-api.mjs'),
    import('../infra/scripts/lib/bench-database.mjs'),
    import('./lib/load.mjs'),
    import('../infra/scripts/lib/report.mjs'),
    import('../infra/scripts/lib/seeded-random.mjs'),
  ]);
  const ports = benchPorts();
  const origin = `http://127.0.0.1:${ports.api}`;
  const scratch = await mkdtemp(join(tmpdir(), 'toyduka-bench-web-render-'));
  onCleanUp(() => rm(scratch, { recursive: true, force: true }));
  const metricsToken = randomBytes(24).toString('hex');

  const env = {
    ...catalogueApiEnv(workspace, { databaseName: DATABASE_NAME, redisPrefix: REDIS_PREFIX, uploadsDir: join(scratch, 'uploads') }),
    NO_COLOR: '1',
    WEB_SSR_BUDGET_MS: String(BENCH_RENDER_BUDGET_MS),
    // The bench reads the render counts from /api/metrics, whatever the caller's environment sets.
    METRICS_TOKEN: metricsToken,
  };
  const config = workspace.loadConfig({ ...process.env, ...env });
  const shopRenderBudgetMs = workspace.loadConfig().WEB_SSR_BUDGET_MS;
  await workspace.assertPortFree(ports.api, 'BENCH_PORT');
  await freshCatalogue(workspace, config);
  const pool = await openPool(config.DATABASE_URL, 1);
  const toys = await toysForProductPages(pool, options.products).finally(() => pool.end());

  const listingPaths = LISTING_CATEGORIES.flatMap((category) =>
    LISTING_SORTS.flatMap((sortBy) =>
      LISTING_PAGES.map(
        (page) => `${workspace.ROUTES.shopListing}?${workspace.listingSearchParams({ filters: { category: [category] }, sortBy, page })}`,
      ),
    ),
  );
  const productPaths = toys.map((toy) => workspace.ROUTES.shopProduct(toy.id));
  const mix = pageMix(listingPaths, productPaths, seededRandom(28));
  const distinctPages = listingPaths.length + productPaths.length;
  say(
    `The mix: ${listingPaths.length} listing pages (${LISTING_CATEGORIES.length} categories × ${LISTING_SORTS.length} sort orders × ${LISTING_PAGES.length} pages) and ${productPaths.length} product pages, half the requests each, ` +
      `${options.guests} guests for ${options.durationSeconds} s per mode after ${options.warmUpSeconds} s of warm-up.`,
  );

  const noBundleDir = join(scratch, 'no-render-bundle');
  await mkdir(noBundleDir);
  const checkedPages = { listingPath: listingPaths[0], productPath: productPaths[0], toyTitle: toys[0].title };
  onCleanUp(stopLoad);
  const rendersOf = () => readRenderCounts(origin, metricsToken);
  for (const mode of MODES) {
    say(`${mode.label}: starting the api (${API_MAIN})...`);
    const stack = workspace.supervise(
      [{ name: `api-${mode.name}`, command: process.execPath, args: profiledArgs(API_MAIN, `api-${mode.name}`) }],
      {
        ...env,
        WEB_SSR_DIR: mode.drawn ? RENDER_BUNDLE_DIR : noBundleDir,
        // Today's shell has no cache either.
        WEB_PAGE_CACHE_MS: String(mode.pageCacheMs ?? 0),
      },
      { onUnexpectedExit: abortBench },
    );
    onCleanUp(() => stack.stop());
    await workspace.waitForHealthy(`${origin}/api/health`);
    const htmlBytes = await assertPagesAre(mode, origin, checkedPages, workspace.CATALOGUE_API);
    say(
      `${mode.label}: a product page is ${kb(htmlBytes.product)} KB of HTML, a listing page ${kb(htmlBytes.listing)} KB (before compression).`,
    );
    say(`${mode.label}: ${options.guests} guests, ${options.warmUpSeconds} s of warm-up then ${options.durationSeconds} s measured...`);
    const rendersBefore = await rendersOf();
    mode.run = await measure({ origin, paths: mix, headers: BROWSER_HEADERS }, options.load, childRunning(API_MAIN));
    mode.renders = await settledRenderCounts(origin, metricsToken, rendersBefore);
    assertRendersMatch(mode, options.guests);
    await assertPagesAre(mode, origin, checkedPages, workspace.CATALOGUE_API);
    await stack.stop();
  }

  printResults(MODES, { report, distinctPages, shopRenderBudgetMs });
  return 0;
});

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        duration: { type: 'string', default: process.env.BENCH_DURATION_S ?? '15' },
        'warm-up': { type: 'string', default: process.env.BENCH_WARMUP_S ?? '15' },
        guests: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '20' },
        products: { type: 'string', default: '48' },
      },
    }));
  } catch (error) {
    throw new StepFailure(`${error.message}: the options are --duration S, --warm-up S, --guests N and --products N`);
  }
  const whole = (name, minimum) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < minimum)
      throw new StepFailure(`--${name} must be a whole number of at least ${minimum}, not '${values[name]}'`);
    return value;
  };
  const durationSeconds = whole('duration', 1);
  const warmUpSeconds = whole('warm-up', 0);
  const guests = whole('guests', 1);
  return {
    durationSeconds,
    warmUpSeconds,
    guests,
    products: whole('products', 1),
    // A drawn page waits behind every other guest's on the api's one thread: on a busy machine that is seconds.
    load: { connections: guests, durationSeconds, warmUpSeconds, timeoutSeconds: PAGE_TIMEOUT_S },
  };
}

/** `count` toys in the shop, spread evenly over the catalogue (every category, priced and stocked as it comes). */
async function toysForProductPages(pool, count) {
  const [rows] = await pool.query('SELECT id, title FROM products WHERE deletedAt IS NULL ORDER BY id');
  if (rows.length < count) throw new StepFailure(`the catalogue has ${rows.length} products in the shop, fewer than --products ${count}`);
  return Array.from({ length: count }, (_, index) => rows[Math.floor((index * rows.length) / count)]);
}

/**
 * The order the guests ask for pages in: half listings, half products, shuffled once (seeded, so that
 * every mode and every run asks in the same order), then asked in turn by whichever guest is free.
 */
function pageMix(listingPaths, productPaths, random) {
  const listings = Array.from(
    { length: Math.max(listingPaths.length, productPaths.length) },
    (_, index) => listingPaths[index % listingPaths.length],
  );
  const products = Array.from({ length: listings.length }, (_, index) => productPaths[index % productPaths.length]);
  const mix = [...listings, ...products];
  for (let index = mix.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random.next() * (index + 1));
    [mix[index], mix[other]] = [mix[other], mix[index]];
  }
  return mix;
}

/** The server render's outcomes as the api counts them (toyduka_web_server_renders_total), less `since` when given. */
async function readRenderCounts(origin, metricsToken, since) {
  const response = await fetch(`${origin}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!response.ok) throw new StepFailure(`${origin}/api/metrics answered ${response.status}`);
  const counts = { page: 0, redirect: 0, fallback: 0 };
  for (const [, outcome, value] of (await response.text()).matchAll(/^toyduka_web_server_renders_total\{outcome="(\w+)"\} (\d+)$/gm)) {
    counts[outcome] = Number(value) - (since?.[outcome] ?? 0);
  }
  return counts;
}

/**
 * The render counts once the api has finished the renders of the requests the load cut off when it
 * stopped: the server goes on drawing a page whose guest has gone until its abort is seen.
 */
async function settledRenderCounts(origin, metricsToken, since) {
  let counts = await readRenderCounts(origin, metricsToken, since);
  for (;;) {
    await sleep(RENDER_SETTLE_MS);
    const again = await readRenderCounts(origin, metricsToken, since);
    if (Object.keys(counts).every((outcome) => counts[outcome] === again[outcome])) return again;
    counts = again;
  }
}

/**
 * The api's own count of what it sent during the measured run. Today's shell draws nothing. A drawn
 * mode may have sent the shell only for renders cut short when the load stopped (one per guest at
 * most); without the cache, every page answered must have been drawn.
 */
function assertRendersMatch(mode, guests) {
  const { renders, run } = mode;
  if (!mode.drawn) {
    if (renders.page + renders.fallback > 0)
      throw new StepFailure(`${mode.label}: the api drew ${renders.page} pages with no render bundle: the baseline is not today's shell`);
    return;
  }
  if (renders.fallback > guests)
    throw new StepFailure(
      `${mode.label}: ${renders.fallback} pages went as the client shell (a render error or over its ${BENCH_RENDER_BUDGET_MS} ms budget; see the api's log above): the figures would not be the render's`,
    );
  if (!mode.pageCacheMs && renders.page < run.requestsWithWarmUp)
    throw new StepFailure(
      `${mode.label}: ${run.requestsWithWarmUp} pages answered but only ${renders.page} drawn: the figures would not be the render's`,
    );
}

function kb(bytes) {
  return (bytes / 1000).toFixed(1);
}

/** The text of HTML as a browser reads it, for the few entities React and escape-html write. */
function textOf(html) {
  return html.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" })[entity],
  );
}

/**
 * A product page and a listing page, asked as a guest: in a drawn mode their root holds the drawn app
 * (the toy's title, every title of the listing's page); in the shell's, the client shell's markup
 * and none of them. Checked before and after the load; answers each page's size.
 */
async function assertPagesAre(mode, origin, { listingPath, productPath, toyTitle }, CATALOGUE_API) {
  const listingApiPath = `${CATALOGUE_API.shopProducts}?${new URL(listingPath, origin).searchParams}`;
  const listingAnswer = await fetch(`${origin}${listingApiPath}`);
  if (!listingAnswer.ok) throw new StepFailure(`${listingApiPath} answered ${listingAnswer.status}`);
  const listingTitles = (await listingAnswer.json()).data.map((product) => product.title);
  if (listingTitles.length === 0) throw new StepFailure(`${listingApiPath} lists no products: the listing pages would be empty`);
  const htmlBytes = {};
  for (const [kind, path, titles] of [
    ['product', productPath, [toyTitle]],
    ['listing', listingPath, listingTitles],
  ]) {
    const response = await fetch(`${origin}${path}`, { headers: BROWSER_HEADERS });
    const html = await response.text();
    if (response.status !== 200) throw new StepFailure(`${mode.label}: ${path} answered ${response.status}`);
    htmlBytes[kind] = Buffer.byteLength(html);
    const drawnAt = html.indexOf(DRAWN_ROOT);
    const body = drawnAt === -1 ? '' : textOf(html.slice(drawnAt));
    const missing = titles.filter((title) => !body.includes(title));
    if (mode.drawn && (drawnAt === -1 || missing.length > 0))
      throw new StepFailure(
        `${mode.label}: ${path} is not drawn by the server (${drawnAt === -1 ? `no ${DRAWN_ROOT}` : `its root lacks ${missing.length} of ${titles.length} titles, e.g. "${missing[0]}"`})`,
      );
    if (!mode.drawn && (drawnAt !== -1 || !html.includes(SHELL_ROOT)))
      throw new StepFailure(
        `${mode.label}: ${path} is not the client shell (${drawnAt === -1 ? `no ${SHELL_ROOT}` : `it has ${DRAWN_ROOT}`})`,
      );
  }
  return htmlBytes;
}

function printResults(modes, { report, distinctPages, shopRenderBudgetMs }) {
  const [shell, render, cached] = modes;
  const cpu = (run) => (run.cpuMsPerRequest === undefined ? 'n/a' : run.cpuMsPerRequest.toFixed(2));
  const versusShell = (value, shellValue) => (value === undefined || !shellValue ? 'n/a' : `${(value / shellValue).toFixed(2)}×`);
  report.printTable(
    [
      '',
      'pages/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'api CPU ms/page',
      'KB/page sent',
      'drawn / as shell (with warm-up)',
      'api CPUs used',
      'machine busy',
      'pages/s ÷ shell',
      'CPU/page ÷ shell',
    ],
    modes.map(({ label, run, renders }) => [
      label,
      report.formatNumber(run.requestsPerSecond, 1),
      run.p50.toFixed(1),
      run.p95.toFixed(1),
      run.p99.toFixed(1),
      cpu(run),
      kb(run.bytesPerRequest),
      `${renders.page} / ${renders.fallback}`,
      run.serverCpus === undefined ? 'n/a' : run.serverCpus.toFixed(2),
      run.machineBusy === undefined ? 'n/a' : `${Math.round(run.machineBusy * 100)} %`,
      versusShell(run.requestsPerSecond, shell.run.requestsPerSecond),
      versusShell(run.cpuMsPerRequest, shell.run.cpuMsPerRequest),
    ]),
  );
  const renderCpu = render.run.cpuMsPerRequest;
  const ownCost = renderCpu === undefined || shell.run.cpuMsPerRequest === undefined ? undefined : renderCpu - shell.run.cpuMsPerRequest;
  console.log(
    `The render's own cost (render, cache off, less today's shell): ${ownCost === undefined ? 'n/a' : `${ownCost.toFixed(2)} CPU ms per page`}.`,
  );
  for (const { label, run } of [render, cached]) {
    const overBudget = run.latencies.filter((latency) => latency > shopRenderBudgetMs).length;
    if (overBudget > 0)
      console.log(
        `${label}: ${overBudget} of ${run.requests} pages took over the shop's ${shopRenderBudgetMs} ms render budget (WEB_SSR_BUDGET_MS): the shop would have sent them as the client shell.`,
      );
  }
  // The api draws on one thread: under twenty guests it has a CPU's worth of work. When it used much
  // less, it waited for a CPU that other programs held, and its pages/s and latency are the machine's.
  const starved = modes.filter(({ run }) => run.serverCpus !== undefined && run.serverCpus < STARVED_BELOW_CPUS);
  if (starved.length > 0)
    console.log(
      `note: ${starved.map(({ label, run }) => `${label} kept ${run.serverCpus.toFixed(2)} CPUs busy`).join(', ')}: the api waited for the machine's CPUs (see 'machine busy'). ` +
        `Its pages/s, latency and the ratios between modes are the machine's load as much as the api's; CPU ms per page is the figure to trust.`,
    );
  const speedUp = cached.run.requestsPerSecond / render.run.requestsPerSecond;
  // However cheap a cached answer is, each distinct page is drawn again once per cache period: when
  // those renders alone need most of what the api can draw, no cache reaches 10×.
  const refreshesPerSecond = distinctPages / (PAGE_CACHE_MS / 1000);
  console.log(
    `With the cache (${PAGE_CACHE_MS} ms), each of the ${distinctPages} distinct pages is drawn at most once per ${PAGE_CACHE_MS / 1000} s: up to ${refreshesPerSecond.toFixed(1)} renders/s, ` +
      `${Math.round((100 * refreshesPerSecond) / render.run.requestsPerSecond)} % of the ${report.formatNumber(render.run.requestsPerSecond, 1)} pages/s the api draws without it. ` +
      `Drawn during the cached run (warm-up included): ${report.formatNumber(cached.renders.page / cached.run.requestsWithWarmUp, 2)} per page answered.`,
  );
  if (render.run.cpuMsPerRequest !== undefined && cached.run.cpuMsPerRequest !== undefined)
    console.log(
      `CPU per page, cache off ÷ cache on: ${(render.run.cpuMsPerRequest / cached.run.cpuMsPerRequest).toFixed(2)}× (what the cache saves the api, less moved by the machine's other load than pages/s).`,
    );
  if (cached.renders.page >= cached.run.requestsWithWarmUp)
    console.log(
      `note: the api drew every page of the cached run anew: it keeps no page cache (this build does not read WEB_PAGE_CACHE_MS).`,
    );
  console.log('');
  report.printVerdicts([
    {
      name: 'render (cache off): api CPU per page',
      measured:
        renderCpu === undefined
          ? 'n/a'
          : `${renderCpu.toFixed(2)} ms (today's shell ${cpu(shell.run)} ms; the render's own ${ownCost?.toFixed(2)} ms)`,
      target: `<= ${TARGETS.renderCpuMsPerPage} ms`,
      passed: renderCpu !== undefined && renderCpu <= TARGETS.renderCpuMsPerPage,
    },
    {
      name: 'render (cache off): p99 latency',
      measured: `${render.run.p99.toFixed(1)} ms (today's shell ${shell.run.p99.toFixed(1)} ms)`,
      target: `<= ${TARGETS.renderP99Ms} ms`,
      passed: render.run.p99 <= TARGETS.renderP99Ms,
    },
    {
      name: 'render, cache on ÷ cache off: pages per second',
      measured: `${speedUp.toFixed(2)}× (${report.formatNumber(cached.run.requestsPerSecond, 1)} ÷ ${report.formatNumber(render.run.requestsPerSecond, 1)})`,
      target: `>= ${TARGETS.cachedSpeedUp}×`,
      passed: speedUp >= TARGETS.cachedSpeedUp,
    },
  ]);
}
