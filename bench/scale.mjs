// npm run bench:scale: the shop scaled out on this machine, Debian's nginx in front of three api
// processes and two worker processes, takes M-Pesa checkouts from shoppers who each watch their
// order over a Socket.IO connection through nginx, and one api process is killed with SIGKILL
// half-way. Then the money is held against the sandbox's ledger (the chaos suite's checks: lost,
// doubled, stuck), every order's live updates are counted at its shopper's socket, and the edge is
// checked (what nginx serves itself, what it hands to the api, what it keeps internal). Exits 1 on
// any wrong outcome; the errors shoppers saw during the kill are reported, not failed.
//
//   --checkouts N        shoppers, each checking out once (default 200); the kill comes after N/2 answers
//   --json FILE          also write the figures as JSON (infra/nginx/scale.spec.ts reads them)
//   --web-root DIR       the web build nginx serves (default web/dist)
//   BENCH_PORT=3300      nginx 3300, api 3301-3303, workers' health 3304-3305, sandbox 3307
//   BENCH_DATABASE=toyduka_bench_scale   the run's database, dropped afterwards; with dashes, its Redis prefix
//   BENCH_SKIP_BUILD=1   reuse the dist/ builds (the web's too: nginx serves its files)
//   BENCH_VERBOSE=1      print every process's output as it comes (it always goes to their log files)
//   BENCH_KEEP_LOGS=1    keep the processes' log files afterwards (their folder is printed)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { checkOut } from '../infra/chaos/lib/checkouts.mjs';
import { checkScope, hasAttemptsTable, readScope, settle } from '../infra/chaos/lib/ledger-checks.mjs';
import { createSupervisor } from '../infra/chaos/lib/supervisor.mjs';
import { startEdge } from '../infra/nginx/edge.mjs';
import { repoRoot, say, StepFailure } from '../infra/scripts/lib/bootstrap.mjs';
import { onCleanUp, runBench } from '../infra/scripts/lib/lifecycle.mjs';
import { databaseUrlNamed, prepareBench, sandboxedShopEnv } from '../infra/scripts/lib/workspace.mjs';

const MAINS = { api: 'api/dist/main.js', workers: 'workers/dist/main.js', sandbox: 'infra/sandbox/dist/main.js' };
const API_PROCESSES = 3;
const WORKER_PROCESSES = 2;
const KILLED_API = 'api-2';
const CHECKOUT_CONCURRENCY = 25;
/** Shoppers arrive this far apart, so that the kill finds checkouts answered, in flight and still to come. */
const ARRIVAL_GAP_MS = 50;
/** The sandbox phone's PIN entry: callbacks of pushes made before the kill arrive after it, through nginx. */
const CALLBACK_DELAY_MS = 2000;
// The shop's checks of pushes whose answer or callback died with the killed api, as in the chaos suite's small run.
const RECONCILE_DELAY_MS = 5000;
const SWEEP_INTERVAL_MS = 1000;
const RESERVATION_MS = 30_000;
const SETTLE_TIMEOUT_MS = 180_000;
const RECEIPT_GRACE_MS = 30_000;
/** Sockets opened at once: each handshake looks the session up in MySQL. */
const CONNECT_BATCH = 50;
const RECONNECT_TIMEOUT_MS = 30_000;
/** Once the orders settled, how long their last events may still be on their way. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Once every event arrived, how long a second copy of one is waited for. */
const DUPLICATE_WINDOW_MS = 1000;
/** Above the admin's largest upload (LIMITS.maxImageBytes): nginx must pass it to the api, which refuses it in its own words. */
const UPLOAD_OVERSHOOT_BYTES = 64 * 1024;

function settingsOf(argv, env) {
  const { values } = parseArgs({
    args: argv,
    options: { checkouts: { type: 'string', default: '200' }, json: { type: 'string' }, 'web-root': { type: 'string' } },
  });
  const checkouts = Number(values.checkouts);
  if (!Number.isInteger(checkouts) || checkouts < 2)
    throw new StepFailure(`--checkouts must be a whole number of at least 2 (got '${values.checkouts}')`);
  const base = Number(env.BENCH_PORT ?? 3300);
  const database = env.BENCH_DATABASE ?? 'toyduka_bench_scale';
  return {
    checkouts,
    jsonPath: values.json,
    webRoot: resolve(values['web-root'] ?? join(repoRoot, 'web/dist')),
    database,
    redisPrefix: database.replaceAll('_', '-'),
    // base + 6 is MySQL's 3306 by default.
    ports: {
      edge: base,
      apis: Array.from({ length: API_PROCESSES }, (_, index) => base + 1 + index),
      workersHealth: Array.from({ length: WORKER_PROCESSES }, (_, index) => base + 1 + API_PROCESSES + index),
      sandbox: base + 7,
    },
    verbose: env.BENCH_VERBOSE === '1',
    keepLogs: env.BENCH_KEEP_LOGS === '1',
  };
}

await runBench(async () => {
  const settings = settingsOf(process.argv.slice(2), process.env);
  const workspace = await prepareBench(['@shop/api', '@shop/workers', '@shop/sandbox', '@shop/web']);
  const { webRoot } = settings;
  const missing = [...Object.values(MAINS).map((path) => join(repoRoot, path)), join(webRoot, 'index.html')].filter(
    (path) => !existsSync(path),
  );
  if (missing.length > 0)
    throw new StepFailure(`${missing.join(', ')} not built: run without BENCH_SKIP_BUILD=1 (or run npm run build first).`);
  const [{ dropDatabase, openPool, recreateDatabase }, { fillShoppers }, { deleteKeysUnder }, report, { io }, { SESSION_COOKIE }] =
    await Promise.all([
      import('../infra/scripts/lib/bench-database.mjs'),
      import('../infra/scripts/lib/checkout-data.mjs'),
      import('./lib/redis-keys.mjs'),
      import('../infra/scripts/lib/report.mjs'),
      import('socket.io-client'),
      import('../api/dist/access/session-token.js'),
    ]);
  const { ports } = settings;
  for (const port of [ports.edge, ...ports.apis, ...ports.workersHealth, ports.sandbox]) await workspace.assertPortFree(port, 'BENCH_PORT');

  const root = await mkdtemp(join(tmpdir(), 'toyduka-bench-scale-'));
  onCleanUp(() => rm(root, { recursive: true, force: true }));
  const edgeDir = join(root, 'nginx');
  const logDir = await mkdtemp(join(tmpdir(), 'toyduka-bench-scale-logs-'));
  onCleanUp(() => (settings.keepLogs ? say(`Logs kept in ${logDir}`) : rm(logDir, { recursive: true, force: true })));

  const edgeUrl = `http://127.0.0.1:${ports.edge}`;
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const env = {
    ...sandboxedShopEnv(workspace, { sandboxUrl, uploadsDir: join(root, 'uploads') }),
    DATABASE_URL: databaseUrlNamed(workspace.loadConfig().DATABASE_URL, settings.database),
    REDIS_PREFIX: settings.redisPrefix,
    SANDBOX_PORT: String(ports.sandbox),
    // The shop's address is nginx's: the STK push's CallBackURL is built from it, so Daraja's callbacks go through nginx too.
    PUBLIC_URL: edgeUrl,
    WEB_ORIGINS: edgeUrl,
    SANDBOX_MPESA_CALLBACK_DELAY_MS: String(CALLBACK_DELAY_MS),
    MPESA_RECONCILE_DELAY_MS: String(RECONCILE_DELAY_MS),
    MPESA_SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS),
    ORDER_RESERVATION_MS: String(RESERVATION_MS),
    // Two hops: nginx, and before it the shoppers' own homes as a load balancer would name them
    // (X-Forwarded-For), so that the per-address checkout limit counts each shopper, not this machine.
    TRUST_PROXY_HOPS: '2',
  };
  const config = workspace.loadConfig({ ...process.env, ...env });
  await workspace.ensureRedis(config);
  await recreateDatabase(workspace, config);
  // Hundreds of accounts with live sessions are no data to leave lying around.
  onCleanUp(() => dropDatabase(config));
  await deleteKeysUnder(config.REDIS_URL, settings.redisPrefix);
  onCleanUp(() => deleteKeysUnder(config.REDIS_URL, settings.redisPrefix));
  const pool = await openPool(config.DATABASE_URL, 4);
  onCleanUp(() => pool.end());
  const { shoppers, products } = await fillShoppers(pool, settings.checkouts, { label: 'scale' });
  const withAttempts = await hasAttemptsTable(pool);

  say(
    `Starting the sandbox, ${API_PROCESSES} api processes, ${WORKER_PROCESSES} worker processes and nginx on ${edgeUrl} (process logs under ${logDir})...`,
  );
  const supervisor = createSupervisor({ logDir, env, verbose: settings.verbose });
  onCleanUp(() => supervisor.stopAll());
  const node = process.execPath;
  const apis = ports.apis.map((port, index) =>
    supervisor.createPart({ name: `api-${index + 1}`, command: node, args: [MAINS.api], extraEnv: { PORT: String(port) } }),
  );
  const workers = ports.workersHealth.map((port, index) =>
    supervisor.createPart({
      name: `workers-${index + 1}`,
      command: node,
      args: [MAINS.workers],
      extraEnv: { WORKERS_HEALTH_PORT: String(port) },
    }),
  );
  const sandbox = supervisor.createPart({ name: 'sandbox', command: node, args: [MAINS.sandbox] });
  for (const part of [...apis, ...workers, sandbox]) part.start();
  try {
    // Ready: the api's Socket.IO adapter hears its Redis channel, so that no socket joins rooms deaf to the workers' events.
    for (const port of ports.apis) await workspace.waitForHealthy(`http://127.0.0.1:${port}/api/health/ready`);
    for (const port of ports.workersHealth) await workspace.waitForHealthy(`http://127.0.0.1:${port}/health/ready`);
    // The sandbox last: it listens before its routes are mounted (see bench/checkout.mjs).
    await workspace.waitForHealthy(`${sandboxUrl}/health`);
  } catch (error) {
    printLogTails(supervisor);
    throw error;
  }
  await startEdge(supervisor, { dir: edgeDir, listenPort: ports.edge, apiPorts: ports.apis, webRoot, purpose: 'bench:scale' });

  const edge = await checkEdge({ edgeUrl, apiUrl: `http://127.0.0.1:${ports.apis[0]}`, webRoot, product: products[0], workspace });

  say(`Connecting ${shoppers.length} shoppers' sockets through nginx (websocket, session cookie), ${CONNECT_BATCH} at a time...`);
  const watchers = [];
  onCleanUp(() => watchers.forEach((watcher) => watcher.socket.disconnect()));
  for (let start = 0; start < shoppers.length; start += CONNECT_BATCH) {
    const batch = shoppers
      .slice(start, start + CONNECT_BATCH)
      .map((shopper) => watchOrders({ io, edgeUrl, shopper, sessionCookie: SESSION_COOKIE, workspace }));
    watchers.push(...batch);
    const refusals = (await Promise.all(batch.map((watcher) => watcher.opened))).filter(Boolean);
    if (refusals.length > 0) throw new StepFailure(`${refusals.length} sockets could not connect through nginx, the first: ${refusals[0]}`);
  }
  const socketsPerApi = await Promise.all(ports.apis.map((port) => socketConnectionsOf(`http://127.0.0.1:${port}`)));
  say(`Connected: ${socketsPerApi.join(' + ')} sockets on the ${API_PROCESSES} api processes.`);

  const [[{ lastOutboxId }]] = await pool.query('SELECT COALESCE(MAX(id), 0) AS lastOutboxId FROM outbox_events');
  const killAfter = Math.ceil(shoppers.length / 2);
  const killedApi = apis.find((part) => part.name === KILLED_API);
  let killing;
  say(
    `${shoppers.length} M-Pesa checkouts through nginx, ${CHECKOUT_CONCURRENCY} at a time over ${((shoppers.length * ARRIVAL_GAP_MS) / 1000).toFixed(1)} s; kill -9 of ${KILLED_API} after ${killAfter} answers...`,
  );
  const firstRequestAt = Date.now();
  const answers = await checkOut({
    url: `${edgeUrl}${workspace.ORDER_API.startMpesaPayment}`,
    shoppers,
    concurrency: CHECKOUT_CONCURRENCY,
    arrivalMs: shoppers.length * ARRIVAL_GAP_MS,
    sessionCookie: SESSION_COOKIE,
    onAnswer: (_answer, answered) => {
      if (answered === killAfter) killing = killedApi.kill().then(() => Date.now());
    },
  });
  const killedAt = await killing;
  const reconnected = await waitUntil(() => watchers.every((watcher) => watcher.socket.connected), RECONNECT_TIMEOUT_MS);
  if (!reconnected)
    say(
      `\u001b[33m${watchers.filter((watcher) => !watcher.socket.connected).length} sockets still disconnected ${RECONNECT_TIMEOUT_MS / 1000} s after the checkouts.\u001b[0m`,
    );

  say('Waiting for every order to settle...');
  const userIds = shoppers.map((shopper) => shopper.userId);
  // The sandbox is this run's alone: every push it made belongs to these shoppers.
  const scopeOptions = { withAttempts, isOrphanOfScope: () => true };
  const settled = await settle({
    pool,
    sandboxUrl,
    userIds,
    ...scopeOptions,
    since: firstRequestAt,
    timeoutMs: SETTLE_TIMEOUT_MS,
    receiptGraceMs: RECEIPT_GRACE_MS,
  });
  const scope = await readScope(pool, sandboxUrl, userIds, scopeOptions);
  const ledger = await checkScope({
    pool,
    scope,
    answers,
    products,
    withAttempts,
    retryMessage: workspace.MESSAGES.checkout.mpesaInitiateFailed,
  });
  const expected = await statusEventsOf(pool, lastOutboxId, workspace.JOBS.orderStatusChanged);
  const deliveries = await waitForDeliveries(watchers, scope.orders, expected);

  const result = {
    checkouts: shoppers.length,
    seconds: { checkoutsToSettled: settled.ms / 1000, run: process.uptime() },
    settled: settled.settled,
    answers: tally(answers.map(describeAnswer)),
    orders: {
      placed: ledger.placed,
      confirmed: ledger.confirmed,
      cancelled: ledger.cancelled,
      unknown: ledger.unknown,
      lost: ledger.lost.length,
      doubled: ledger.doubled.length,
      stuck: ledger.stuck.length,
    },
    sockets: socketFigures(watchers, socketsPerApi, killedAt),
    events: deliveries.counts,
    errorsSeen: errorsSeen(answers, watchers),
    edge,
  };
  const checks = verdicts(result, ledger);
  result.passed = checks.every((check) => check.passed);
  printSummary(report, result, { killAfter, deliveries, ledger });
  report.printVerdicts(checks);
  if (settings.jsonPath) await writeFile(settings.jsonPath, `${JSON.stringify(result, null, 2)}\n`);
  if (!result.passed) printLogTails(supervisor);
  return result.passed ? 0 : 1;
});

/**
 * A shopper's browser as far as live updates go: a socket through nginx opened as the web opens it
 * (websocket first, the session cookie, reconnecting by itself), counting order:updated events per
 * order; after each reconnect it reads the shopper's orders again, as the web's orders saga does
 * (refetchShown), since events sent while a socket was away never reach it. `opened` resolves once
 * the first handshake is done, with undefined, or with why it failed.
 */
function watchOrders({ io, edgeUrl, shopper, sessionCookie, workspace }) {
  const headers = { cookie: `${sessionCookie}=${shopper.token}`, 'x-forwarded-for': shopper.clientAddress };
  const socket = io(edgeUrl, { path: workspace.SOCKET_PATH, transports: ['websocket'], forceNew: true, extraHeaders: headers });
  const watcher = { shopper, socket, events: new Map(), drops: [], reconnects: [], refetches: [], refetching: [], failedReconnects: 0 };
  socket.on(workspace.SOCKET_EVENTS.orderUpdated, (event) =>
    watcher.events.set(event.orderId, (watcher.events.get(event.orderId) ?? 0) + 1),
  );
  socket.on('disconnect', () => watcher.drops.push(Date.now()));
  socket.io.on('reconnect_error', () => (watcher.failedReconnects += 1));
  watcher.opened = new Promise((resolve) => {
    // Only the first handshake's failure ends the socket: a failed reconnect is tried again, as in the browser.
    const refused = (error) => {
      socket.disconnect();
      resolve(error.message);
    };
    socket.once('connect_error', refused);
    socket.once('connect', () => {
      socket.off('connect_error', refused);
      resolve(undefined);
      // Every later connect is a reconnect, its rooms joined in the handshake: what it reads now, or hears from now on, is current.
      socket.on('connect', () => {
        watcher.reconnects.push(Date.now());
        watcher.refetching.push(refetchOrders(watcher, `${edgeUrl}${workspace.ORDER_API.orders(shopper.userId)}`, headers));
      });
    });
  });
  return watcher;
}

async function refetchOrders(watcher, url, headers) {
  try {
    const response = await fetch(url, { headers });
    const body = await response.json().catch(() => null);
    watcher.refetches.push(
      response.ok
        ? { orders: body.data.map(({ id, orderStatus, paymentStatus }) => ({ id, orderStatus, paymentStatus })) }
        : { status: response.status },
    );
  } catch (error) {
    watcher.refetches.push({ error: error?.cause?.code ?? error?.name ?? String(error) });
  }
}

/** Polls `check` until it holds or `timeoutMs` passes; answers whether it held. */
async function waitUntil(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/** Signed-in sockets an api process holds, from its own Prometheus figures (asked directly, not through nginx). */
async function socketConnectionsOf(apiUrl) {
  const text = await (await fetch(`${apiUrl}/api/metrics`)).text();
  const match = /^toyduka_socket_connections(?:\{[^}]*\})? (\d+)/m.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

/** How many `order.status-changed` events each order's transactions recorded since `afterOutboxId`: each promises its shopper one order:updated. */
async function statusEventsOf(pool, afterOutboxId, jobName) {
  const [rows] = await pool.query(
    "SELECT CAST(JSON_UNQUOTE(JSON_EXTRACT(payload, '$.orderId')) AS UNSIGNED) AS orderId, COUNT(*) AS events FROM outbox_events WHERE id > ? AND jobName = ? GROUP BY orderId",
    [afterOutboxId, jobName],
  );
  return new Map(rows.map((row) => [Number(row.orderId), Number(row.events)]));
}

/**
 * What reached each order's shopper. Delivered once: as many order:updated events at the shopper's
 * socket as the order's transactions recorded `order.status-changed` events. Caught up: fewer,
 * because they were sent while the shopper's socket was away with the killed api, and the orders
 * read after its reconnect showed the order as it ended; the shopper's screen lost nothing. Missed:
 * fewer, and nothing read showed the end. Duplicated: more.
 */
function classifyDeliveries(watchers, orders, expected) {
  const watcherOf = new Map(watchers.map((watcher) => [watcher.shopper.userId, watcher]));
  const kinds = { once: [], caughtUp: [], missed: [], duplicated: [] };
  for (const order of orders.values()) {
    const watcher = watcherOf.get(order.userId);
    const received = watcher.events.get(order.id) ?? 0;
    const promised = expected.get(order.id) ?? 0;
    const readAsEnded = watcher.refetches.some((refetch) =>
      refetch.orders?.some(
        (seen) => seen.id === order.id && seen.orderStatus === order.orderStatus && seen.paymentStatus === order.paymentStatus,
      ),
    );
    const line = `order ${order.id} (${order.orderStatus}/${order.paymentStatus}): ${received} of ${promised} events, socket dropped ${watcher.drops.length}×, ${watcher.refetches.length} reads after reconnecting`;
    if (received === promised) kinds.once.push(line);
    else if (received > promised) kinds.duplicated.push(line);
    else if (readAsEnded) kinds.caughtUp.push(line);
    else kinds.missed.push(line);
  }
  const promised = [...orders.keys()].reduce((sum, orderId) => sum + (expected.get(orderId) ?? 0), 0);
  return {
    kinds,
    counts: {
      promised,
      once: kinds.once.length,
      caughtUp: kinds.caughtUp.length,
      missed: kinds.missed.length,
      duplicated: kinds.duplicated.length,
    },
  };
}

/** Waits until no order misses an event (or the timeout), then a moment more for duplicates; answers the final classification. */
async function waitForDeliveries(watchers, orders, expected) {
  const classify = async () => {
    await Promise.all(watchers.flatMap((watcher) => watcher.refetching));
    return classifyDeliveries(watchers, orders, expected);
  };
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while ((await classify()).counts.missed > 0 && Date.now() < deadline) await sleep(200);
  await sleep(DUPLICATE_WINDOW_MS);
  return classify();
}

/** The value at quantile `q` of ascending `sorted` (nearest rank), null when there is none. */
function quantile(sorted, q) {
  return sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function socketFigures(watchers, perApi, killedAt) {
  const dropped = watchers.filter((watcher) => watcher.drops.length > 0);
  const back = dropped.filter((watcher) => watcher.socket.connected && watcher.reconnects.length > 0);
  // From the kill (the drop may be seen a little after) to the socket's first reconnect.
  const reconnectMs = back.map((watcher) => watcher.reconnects[0] - Math.min(watcher.drops[0], killedAt)).sort((a, b) => a - b);
  return {
    connected: watchers.length,
    perApi,
    dropped: dropped.length,
    droppedMoreThanOnce: dropped.filter((watcher) => watcher.drops.length > 1).length,
    reconnected: back.length,
    reconnectMs: { p50: quantile(reconnectMs, 0.5), max: reconnectMs.at(-1) ?? null },
  };
}

/** An answer to a checkout in a few words: its status, and whose it is when it is an error. */
function describeAnswer(answer) {
  if (answer.error !== undefined) return `no answer (${answer.error})`;
  if (answer.status < 500) return String(answer.status);
  // nginx answers in HTML; the api always in JSON.
  return `${answer.status} ${answer.body === null ? 'from nginx' : `from the api: ${answer.body?.message}`}`;
}

function tally(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** Everything a shopper was shown as an error: checkouts answered 5xx or not at all, and orders that could not be read after a reconnect. */
function errorsSeen(answers, watchers) {
  const refetches = watchers.flatMap((watcher) => watcher.refetches);
  return {
    checkouts: answers.filter((answer) => answer.error !== undefined || answer.status >= 500).length,
    ordersReadAfterReconnect: refetches.filter((refetch) => refetch.orders === undefined).length,
    socketReconnectAttemptsFailed: watchers.reduce((sum, watcher) => sum + watcher.failedReconnects, 0),
  };
}

/** GET through node:http, which leaves a compressed body as it came (fetch would inflate it). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * What the edge does besides balancing: the build's hashed files served by nginx itself,
 * precompressed and cached for good; the pages painted by the api; the admin's largest upload let
 * through to the api; and /api/metrics answered 404 by nginx, in any case of its letters, while the
 * api itself serves it.
 */
async function checkEdge({ edgeUrl, apiUrl, webRoot, product, workspace }) {
  const asset = readdirSync(join(webRoot, 'assets')).find(
    (name) => name.endsWith('.js') && existsSync(join(webRoot, 'assets', `${name}.gz`)),
  );
  if (!asset) throw new StepFailure(`${webRoot}/assets holds no script with its .gz beside it: build the web again (npm run build).`);
  const assetAnswer = await rawGet(`${edgeUrl}/assets/${asset}`, { 'accept-encoding': 'gzip' });
  const page = await rawGet(`${edgeUrl}${workspace.ROUTES.shopProduct(product.id)}`);
  const upload = await fetch(`${edgeUrl}${workspace.CATALOGUE_API.uploadImage}`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=scale' },
    body: Buffer.alloc(workspace.LIMITS.maxImageBytes + UPLOAD_OVERSHOOT_BYTES),
  });
  const uploadBody = await upload.json().catch(() => null);
  const statusOf = async (url) => (await fetch(url)).status;
  return {
    asset: {
      path: `/assets/${asset}`,
      status: assetAnswer.status,
      contentEncoding: assetAnswer.headers['content-encoding'] ?? null,
      cacheControl: assetAnswer.headers['cache-control'] ?? null,
      sameBytesAsBuildGzip: assetAnswer.body.equals(readFileSync(join(webRoot, 'assets', `${asset}.gz`))),
    },
    productPage: {
      path: workspace.ROUTES.shopProduct(product.id),
      status: page.status,
      contentType: page.headers['content-type'] ?? null,
      // Only the api writes a product's own title into the shell's Open Graph tags.
      paintedByApi: page.body.toString('utf8').includes(`<meta property="og:title" content="${product.title}"`),
    },
    largeUpload: {
      bytes: workspace.LIMITS.maxImageBytes + UPLOAD_OVERSHOOT_BYTES,
      status: upload.status,
      answeredByApi: uploadBody?.success === false,
    },
    metrics: {
      throughNginx: await statusOf(`${edgeUrl}/api/metrics`),
      throughNginxOtherCase: await statusOf(`${edgeUrl}/API/Metrics`),
      fromApi: await statusOf(`${apiUrl}/api/metrics`),
    },
  };
}

function verdicts(result, ledger) {
  const { orders, sockets, events, edge } = result;
  const zero = (name, count) => ({ name, measured: String(count), target: '0', passed: count === 0 });
  return [
    {
      name: 'every order settled (none pending, every push answered at the sandbox)',
      measured: result.settled
        ? `${result.seconds.checkoutsToSettled.toFixed(1)} s after the first checkout`
        : `not after ${SETTLE_TIMEOUT_MS / 1000} s`,
      target: 'settled',
      passed: result.settled,
    },
    zero('money lost (charged by the sandbox, not recorded as paid with its receipt)', orders.lost),
    zero('money doubled (charged twice, or one receipt on two payments)', orders.doubled),
    zero(ledger.liveAttemptsKnown ? 'orders stuck pending without a live attempt' : 'orders stuck pending', orders.stuck),
    zero('products whose stock differs from what their orders hold', ledger.stock.length),
    zero('shoppers told to retry while their push was live', ledger.toldRetryWhileLive.length),
    zero('orders whose shopper missed an update (no event, nothing read after reconnecting)', events.missed),
    zero('orders whose shopper got an update twice', events.duplicated),
    {
      name: 'sockets dropped by the kill that reconnected through nginx',
      measured: `${sockets.reconnected} of ${sockets.dropped}`,
      target: 'all',
      passed: sockets.reconnected === sockets.dropped,
    },
    {
      name: 'a hashed asset through nginx',
      measured: `${edge.asset.status}, ${edge.asset.contentEncoding}, '${edge.asset.cacheControl}', the build's own .gz: ${edge.asset.sameBytesAsBuildGzip}`,
      target: "200, gzip, immutable, the build's .gz",
      passed:
        edge.asset.status === 200 &&
        edge.asset.contentEncoding === 'gzip' &&
        /immutable/.test(edge.asset.cacheControl ?? '') &&
        edge.asset.sameBytesAsBuildGzip,
    },
    {
      name: 'a product page through nginx',
      measured: `${edge.productPage.status}, painted by the api: ${edge.productPage.paintedByApi}`,
      target: '200, painted by the api',
      passed: edge.productPage.status === 200 && edge.productPage.paintedByApi,
    },
    {
      name: `an upload of ${edge.largeUpload.bytes} bytes through nginx`,
      measured: `${edge.largeUpload.status}, answered by the api: ${edge.largeUpload.answeredByApi}`,
      target: 'answered by the api',
      passed: edge.largeUpload.answeredByApi,
    },
    {
      name: '/api/metrics through nginx (and /API/Metrics)',
      measured: `${edge.metrics.throughNginx} (${edge.metrics.throughNginxOtherCase}); the api itself ${edge.metrics.fromApi}`,
      target: '404 (404); the api itself 200',
      passed: edge.metrics.throughNginx === 404 && edge.metrics.throughNginxOtherCase === 404 && edge.metrics.fromApi === 200,
    },
  ];
}

function printSummary(report, result, { killAfter, deliveries, ledger }) {
  const { orders, sockets, events, errorsSeen: errors, seconds } = result;
  const answers = Object.entries(result.answers)
    .map(([answer, count]) => `${count}× ${answer}`)
    .join(', ');
  report.printTable(
    ['bench:scale', 'measured'],
    [
      ['checkouts through nginx (kill -9 of one api process after half were answered)', `${result.checkouts} (killed after ${killAfter})`],
      ['  answers', answers],
      [
        'orders placed / confirmed / cancelled / unknown',
        `${orders.placed} / ${orders.confirmed} / ${orders.cancelled} / ${orders.unknown}`,
      ],
      ['money lost / doubled; orders stuck', `${orders.lost} / ${orders.doubled}; ${orders.stuck}`],
      ['sockets through nginx, per api process', `${sockets.connected}: ${sockets.perApi.join(' + ')}`],
      [
        '  dropped by the kill / reconnected through nginx',
        `${sockets.dropped} / ${sockets.reconnected} (${sockets.droppedMoreThanOnce} dropped more than once)`,
      ],
      ['  kill → reconnected, p50 / max ms', `${sockets.reconnectMs.p50 ?? 'n/a'} / ${sockets.reconnectMs.max ?? 'n/a'}`],
      ['order:updated events promised (order.status-changed)', events.promised],
      [
        '  orders: every event once / caught up on reconnect / missed / duplicated',
        `${events.once} / ${events.caughtUp} / ${events.missed} / ${events.duplicated}`,
      ],
      ['errors seen by shoppers: checkouts 5xx or unanswered', errors.checkouts],
      [
        '  orders not readable after a reconnect; reconnect attempts failed',
        `${errors.ordersReadAfterReconnect}; ${errors.socketReconnectAttemptsFailed}`,
      ],
      ['first checkout → every order settled, s', `${seconds.checkoutsToSettled.toFixed(1)}${result.settled ? '' : ' (NOT settled)'}`],
      ['whole run (setup included), s', seconds.run.toFixed(0)],
    ],
  );
  for (const [title, lines] of [
    ['LOST', ledger.lost],
    ['DOUBLED', ledger.doubled],
    ['STUCK', ledger.stuck],
    ['MISSED', deliveries.kinds.missed],
    ['DUPLICATED', deliveries.kinds.duplicated],
  ]) {
    if (lines.length > 0)
      console.log(`${title}: ${lines.slice(0, 5).join('; ')}${lines.length > 5 ? ` … and ${lines.length - 5} more` : ''}`);
  }
}

function printLogTails(supervisor) {
  for (const part of supervisor.parts.values()) {
    console.log(`\n--- the last lines of ${part.name}'s log (${part.logPath}):`);
    for (const line of part.tail(20)) console.log(line);
  }
}
