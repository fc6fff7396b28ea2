// npm run bench:live: hundreds of shoppers watch their orders over Socket.IO, spread over two api
// instances, while M-Pesa callbacks arrive through the sandbox at a steady rate; each callback's
// way to its shopper's screen is timed, every event is checked to reach its owner and no one else.
// Then a bare BullMQ → redis emitter → socket.io pipeline under the same load, for the ratio.
//
//   BENCH_SHOPPERS=500     shoppers, each with a socket (half on each api instance)
//   BENCH_RATE=200         callbacks released per second
//   BENCH_DURATION_S=30    seconds of callbacks: RATE × DURATION orders, placed beforehand, round-robin over the shoppers
//                          (at most RATE_LIMITS.checkoutPerShopper, 15, per shopper: raise BENCH_SHOPPERS for more)
//   BENCH_PORT=3300        api 3300 and 3303, workers' health 3301 and 3304, messages' worker 3305, sandbox 3302,
//                          baseline servers 3307 and 3308
//   BENCH_CPU_PROF_DIR=dir each process writes a V8 CPU profile under dir/<process> when it stops
//   BENCH_SKIP_BUILD=1     reuse the dist/ builds
// Any other setting of the shop passes through from the environment (OUTBOX_BATCH_SIZE, DATABASE_POOL_SIZE, ...).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot, say } from '../infra/scripts/lib/bootstrap.mjs';
import { abortBench, onCleanUp, runBench } from '../infra/scripts/lib/lifecycle.mjs';
import { databaseUrlNamed, prepareBench } from '../infra/scripts/lib/workspace.mjs';
import { childrenRunning, cpuMillisOf, machineCpuMillis, profiledArgs } from './lib/cpu.mjs';
import { countersBetween, serverCounters } from './lib/server-counters.mjs';
import { startSocketClients } from './lib/socket-clients.mjs';

const DATABASE_NAME = 'toyduka_bench_live';
const REDIS_PREFIX = 'toyduka-bench-live';
const BASELINE_PREFIX = 'toyduka-bench-live-baseline';
const BASELINE_QUEUE = 'bench-live-baseline';
const TARGET_P99_MS = 150;
const TARGET_RATIO = 3;
const PLACEMENT_CONCURRENCY = 50;
const PLACEMENT_ATTEMPTS = 5;
const CONNECT_BATCH = 50;
/**
 * The sandbox's callback delay, the reconcile query's delay and the orders' reservation while the
 * bench runs: far beyond it, so that no callback goes out but the ones the bench releases, and no
 * query or expiry settles an order behind its back.
 */
const HOLD_MS = 3_600_000;
const POLL_INTERVAL_MS = 200;
const RELEASE_ATTEMPTS = 3;
/** How long the stack's CPU is read at rest, before the release. */
const REST_MS = 5000;
/** No order settled for this long while some are still pending: the rest are reported unsettled. */
const STALL_LIMIT_MS = 60_000;
/** How long after the last settlement (or the last baseline job) an event may still arrive; one that has not is lost. */
const DELIVERY_TIMEOUT_MS = 10_000;
const PROCESSES = { api: 'api/dist/main.js', workers: 'workers/dist/main.js', sandbox: 'infra/sandbox/dist/main.js' };

await runBench(async () => {
  const workspace = await prepareBench(['@shop/api', '@shop/workers', '@shop/sandbox']);
  const [{ dropDatabase, openPool, recreateDatabase }, { fillShoppers }, { deleteKeysUnder }, report, { Queue, QueueEvents }, { Redis }] =
    await Promise.all([
      import('../infra/scripts/lib/bench-database.mjs'),
      import('../infra/scripts/lib/checkout-data.mjs'),
      import('./lib/redis-keys.mjs'),
      import('../infra/scripts/lib/report.mjs'),
      import('bullmq'),
      import('ioredis'),
    ]);
  const ports = livePorts();
  const shopperCount = Number(process.env.BENCH_SHOPPERS ?? 500);
  const rate = Number(process.env.BENCH_RATE ?? 200);
  const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 30);
  const orderCount = Math.round(rate * durationSeconds);
  // The shop's abuse limits hold for the bench too: a shopper starts at most so many payments an
  // hour, and pushes at most so many to one phone, so the pushes are spread over their addresses' phones.
  const ordersPerShopper = Math.ceil(orderCount / shopperCount);
  const { checkoutPerShopper, pushesToPhoneByShopper } = workspace.RATE_LIMITS;
  if (ordersPerShopper > checkoutPerShopper.points) {
    throw new Error(
      `${orderCount} orders over ${shopperCount} shoppers is ${ordersPerShopper} each, more than a shopper may start in an hour (${checkoutPerShopper.points}): raise BENCH_SHOPPERS`,
    );
  }
  const addressesPerShopper = Math.ceil(ordersPerShopper / pushesToPhoneByShopper.points);
  const uploadsDir = await mkdtemp(join(tmpdir(), 'toyduka-bench-live-'));
  onCleanUp(() => rm(uploadsDir, { recursive: true, force: true }));

  const apiUrls = ports.apis.map((port) => `http://127.0.0.1:${port}`);
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const env = {
    DATABASE_URL: databaseUrlNamed(workspace.loadConfig().DATABASE_URL, DATABASE_NAME),
    PORT: String(ports.apis[0]),
    PUBLIC_URL: apiUrls[0],
    WORKERS_HEALTH_PORT: String(ports.workersHealth[0]),
    SANDBOX_PORT: String(ports.sandbox),
    MPESA_BASE_URL: `${sandboxUrl}${workspace.SANDBOX_PATHS.daraja}`,
    PAYPAL_BASE_URL: `${sandboxUrl}${workspace.SANDBOX_PATHS.paypal}`,
    SANDBOX_MPESA_CALLBACK_DELAY_MS: String(HOLD_MS),
    MPESA_RECONCILE_DELAY_MS: String(HOLD_MS),
    ORDER_RESERVATION_MS: String(HOLD_MS),
    // Behind one proxy, as the shop runs: each shopper's payment says the home it comes from (X-Forwarded-For).
    TRUST_PROXY_HOPS: '1',
    REDIS_PREFIX,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: 'warn',
    // production would demand real admin and provider credentials; development runs the same code paths here.
    NODE_ENV: 'development',
    SWAGGER_ENABLED: 'false',
  };
  const config = workspace.loadConfig({ ...process.env, ...env });
  for (const port of [...ports.apis, ...ports.workersHealth, ports.messagesHealth, ports.sandbox, ...ports.baselines])
    await workspace.assertPortFree(port, 'BENCH_PORT');
  await workspace.ensureRedis(config);
  await recreateDatabase(workspace, config);
  // Hundreds of accounts with live sessions are no data to leave lying around.
  onCleanUp(() => dropDatabase(config));
  for (const prefix of [REDIS_PREFIX, BASELINE_PREFIX]) {
    await deleteKeysUnder(config.REDIS_URL, prefix);
    onCleanUp(() => deleteKeysUnder(config.REDIS_URL, prefix));
  }

  const pool = await openPool(config.DATABASE_URL, 4);
  onCleanUp(() => pool.end());
  const { shoppers } = await fillShoppers(pool, shopperCount, { addressesPerShopper });
  // Every shopper orders the cart's line again and again: the cart empties only when a payment settles.
  await pool.query('UPDATE products SET totalStock = totalStock * ?', [ordersPerShopper + 1]);
  const orders = Array.from({ length: orderCount }, (_, index) => {
    const shopper = shoppers[index % shopperCount];
    const round = Math.floor(index / shopperCount);
    // A shopper's socket stays on api (shopper mod 2); the payments alternate, so half the callbacks
    // reach the other instance than the one holding the owner's socket. Each round pays from the next address's phone.
    return { index, shopper, address: shopper.addresses[round % addressesPerShopper], apiUrl: apiUrls[(shopper.userId + round) % 2] };
  });
  say(
    `${shopperCount} shoppers, each with a session, ${addressesPerShopper} address(es) with a phone of its own and a cart line; ` +
      `${orderCount} M-Pesa orders to place (${ordersPerShopper} per shopper at most, ${Math.ceil(ordersPerShopper / addressesPerShopper)} per phone).`,
  );

  say(`Starting the sandbox (callbacks held until released), two api instances, two worker processes and the messages' one...`);
  const moneyQueues = workspace.QUEUE_NAMES.filter((queue) => queue !== 'notifications').join(',');
  const node = process.execPath;
  const stack = workspace.supervise(
    [
      ...ports.apis.map((port, index) => ({
        name: `api-${'ab'[index]}`,
        command: node,
        args: profiledArgs(PROCESSES.api, `api-${'ab'[index]}`),
        env: { PORT: String(port), PUBLIC_URL: apiUrls[index] },
      })),
      ...ports.workersHealth.map((port, index) => ({
        name: `workers-${'ab'[index]}`,
        command: node,
        args: profiledArgs(PROCESSES.workers, `workers-${'ab'[index]}`),
        env: { WORKERS_HEALTH_PORT: String(port), WORKER_QUEUES: moneyQueues },
      })),
      // The messages in a process of their own, as a deployment that keeps them off the money path runs them (docs/deploy.md).
      {
        name: 'messages',
        command: node,
        args: profiledArgs(PROCESSES.workers, 'messages'),
        env: { WORKERS_HEALTH_PORT: String(ports.messagesHealth), WORKER_QUEUES: 'notifications' },
      },
      { name: 'sandbox', command: node, args: profiledArgs(PROCESSES.sandbox, 'sandbox') },
    ],
    env,
    { onUnexpectedExit: abortBench },
  );
  onCleanUp(() => stack.stop());
  // The sandbox last: it listens before its routes are mounted (see bench/checkout.mjs).
  for (const url of apiUrls) await workspace.waitForHealthy(`${url}/api/health`);
  for (const port of [...ports.workersHealth, ports.messagesHealth]) await workspace.waitForHealthy(`http://127.0.0.1:${port}/health`);
  await workspace.waitForHealthy(`${sandboxUrl}/health`);
  const redis = new Redis(config.REDIS_URL);
  onCleanUp(() => redis.quit());

  say(`Placing ${orderCount} M-Pesa orders through both api instances, ${PLACEMENT_CONCURRENCY} at a time (not measured)...`);
  const placingStarted = Date.now();
  const refusals = await placeOrders(orders, workspace.ORDER_API.startMpesaPayment);
  if (refusals.length > 0)
    say(
      `${refusals.length} payment requests were answered with a 5xx and sent again (the first: ${refusals[0]}); see the api's log above.`,
    );
  const connection = { connection: { url: config.REDIS_URL }, prefix: REDIS_PREFIX };
  const queues = [workspace.QUEUES.orders, workspace.QUEUES.payments].map((name) => new Queue(name, connection));
  onCleanUp(() => Promise.all(queues.map((queue) => queue.close())));
  await waitUntilIdle(pool, queues);
  say(`Placed in ${((Date.now() - placingStarted) / 1000).toFixed(1)} s; the queues are idle.`);

  say(`Connecting ${shopperCount} sockets (websocket transport, session token), ${CONNECT_BATCH} at a time...`);
  const shopSockets = startSocketClients();
  onCleanUp(() => shopSockets.close());
  const socketOf = new Map(shoppers.map((shopper, index) => [shopper.userId, index]));
  const connected = await shopSockets.ask('connect', {
    sockets: shoppers.map((shopper) => ({ url: apiUrls[shopper.userId % 2], auth: { token: shopper.token } })),
    event: workspace.SOCKET_EVENTS.orderUpdated,
    batch: CONNECT_BATCH,
  });
  if (connected.connected !== shopperCount)
    throw new Error(`${shopperCount - connected.connected} sockets could not connect, the first: ${connected.errors[0]}`);
  say(
    `Connected: ${Object.entries(connected.perUrl)
      .map(([url, count]) => `${count} on ${url}`)
      .join(', ')}.`,
  );

  const jobTimes = await watchJobs(new QueueEvents(workspace.QUEUES.payments, connection));
  await shopSockets.ask('reset');
  say(
    `Measuring: the stack at rest for ${REST_MS / 1000} s, then ${orderCount} callbacks released through the sandbox at ${rate}/s for ${durationSeconds} s...`,
  );
  const loadBefore = loadavg()[0];
  const shopProcesses = {
    'api ×2': childrenRunning(PROCESSES.api),
    'workers ×2': ['workers-a', 'workers-b'].map((name) => stack.pidOf(name)),
    messages: [stack.pidOf('messages')],
    sandbox: childrenRunning(PROCESSES.sandbox),
    sockets: [shopSockets.pid],
    bench: [process.pid],
    ...serverProcesses(config),
  };
  // What the stack costs with nothing to do (timers, polls, heartbeats, idle sockets), apart from what the callbacks cost.
  const restBefore = cpuReading(shopProcesses);
  const countersAtRest = await serverCounters(pool, redis);
  await sleep(REST_MS);
  const shopCpuBefore = cpuReading(shopProcesses);
  const countersBefore = await serverCounters(pool, redis);
  const countersRest = countersBetween(countersAtRest, countersBefore);
  const atRest = cpuSpent(restBefore, shopCpuBefore, REST_MS / 100);
  const release = await releaseAtRate(orders, rate, (order) =>
    releaseCallback(`${sandboxUrl}${workspace.SANDBOX_PATHS.daraja}/control`, order),
  );
  const settlement = await waitForSettlement(
    pool,
    orders.map((order) => order.orderId),
  );
  const shopDelivery = await waitForDeliveries(shopSockets, settlement.settled);
  const shopCpu = cpuSpent(shopCpuBefore, cpuReading(shopProcesses), orderCount);
  const counters = countersBetween(countersBefore, await serverCounters(pool, redis));
  const loadAfter = loadavg()[0];
  await jobTimes.close();
  const shop = await shopOutcome(pool, orders, socketOf, (userId) => apiUrls[userId % 2], shopDelivery, jobTimes, workspace);
  await shopSockets.close();
  await stack.stop();

  say(
    `Baseline: two bare Socket.IO servers with the Redis adapter, ${shopperCount} sockets, a BullMQ worker emitting through the redis emitter; ${orderCount} jobs at ${rate}/s...`,
  );
  const baseline = await runBaseline({ config, ports, shoppers, rate, orderCount, Queue, workspace });

  const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a');
  report.printTable(
    ['', 'count'],
    [
      [
        'callbacks released through the sandbox',
        `${release.released} in ${release.seconds.toFixed(1)} s (${report.formatNumber(release.released / release.seconds)}/s; release late by p99 ${ms(release.lateP99)} ms)`,
      ],
      ['  whose delivery to the api ended in an error or a timeout (the sandbox tries 3 times, 5 s each)', release.errors.length],
      [
        'callbacks received by the api (payment_callbacks)',
        `${shop.callbacks}, ${report.formatNumber(shop.receivedRate)}/s between the first and the last`,
      ],
      ['orders settled (paid)', `${settlement.settled} of ${orderCount}`],
      ['order:updated events received by the shoppers', `${shop.receipts} (${shop.duplicates} more than one per order)`],
      ['sockets per api instance', Object.values(connected.perUrl).join(' + ')],
      ['socket disconnections while measuring', shop.disconnects],
      ['payments jobs completed per second (first callback → last job)', report.formatNumber(shop.settledRate)],
      ['load average (1 min) before → after', `${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`],
      ['shop at rest: % of one vCPU (5 s before the release), and the machine busy', describeCpu(atRest)],
      [`shop: CPU ms per callback while measuring, and the machine busy (${cpus().length} vCPUs = 100 %)`, describeCpu(shopCpu)],
      ['baseline: CPU ms per job, and the machine busy', describeCpu(baseline.cpu)],
      [
        "MySQL statements and Redis commands per callback (the servers' counters, the whole machine's; at rest per second)",
        `${report.formatNumber(counters.statements / orderCount)} and ${report.formatNumber(counters.redisCommands / orderCount)} ` +
          `(at rest ${report.formatNumber(countersRest.statements / countersRest.seconds, 0)}/s and ${report.formatNumber(countersRest.redisCommands / countersRest.seconds, 0)}/s)`,
      ],
    ],
  );
  report.printTable(
    ['latency', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      ['shop: callback received → order:updated received', ...shop.latency.map(ms)],
      ['  callback received → its job on the payments queue (published after the commit)', ...shop.split.relay.map(ms)],
      [
        `  job queued → job started (BullMQ, 2 workers × concurrency ${workspace.QUEUE_SETTINGS.payments.concurrency})`,
        ...shop.split.queued.map(ms),
      ],
      ['  job started → job completed (STK query, settlement)', ...shop.split.processing.map(ms)],
      ['  job completed → order:updated received (read, emitter → adapter → socket)', ...shop.split.delivery.map(ms)],
      ['baseline: job added → order:updated received', ...baseline.latency.map(ms)],
    ],
  );
  const ratio = shop.latency[2] / baseline.latency[2];
  console.log(`p99 shop ÷ p99 baseline: ${report.formatRatio(ratio)}`);
  console.log(
    `  shop: callback received = payment_callbacks.receivedAt (MariaDB's clock at the api's INSERT); received = the socket's event handler`,
  );
  console.log(
    `    (this machine's clock, a process holding all ${shopperCount} sockets). The split uses the payments queue's event stream (Redis's clock);`,
  );
  console.log(
    '    the worker that settled the order reads and emits it right after its commit, as BullMQ marks the job completed (ADR 0038).',
  );
  console.log(
    `  baseline: the bench's clock just before Queue.add (the relay's job options) → the same socket process; ${baseline.lost} lost, ${baseline.misdelivered} to the wrong user.`,
  );

  report.printVerdicts([
    {
      name: 'callback received → order:updated received, p99',
      measured: `${ms(shop.latency[2])} ms`,
      target: `< ${TARGET_P99_MS} ms`,
      passed: shop.latency[2] < TARGET_P99_MS,
    },
    {
      name: 'p99 shop ÷ p99 baseline',
      measured: `${report.formatRatio(ratio)} (baseline p99 ${ms(baseline.latency[2])} ms)`,
      target: `≤ ${TARGET_RATIO}`,
      passed: ratio <= TARGET_RATIO,
    },
  ]);
  // A callback the api was slow to answer is not lost (the sandbox tries again and the api keeps one
  // of each); one it stored is the shop's from then on, and its shopper must hear of it, settled or not.
  if (release.errors.length > 0)
    say(`${release.errors.length} callback deliveries ended in an error or a timeout, the first: ${release.errors[0]}`);
  if (shop.callbacks < orderCount)
    say(
      `${orderCount - shop.callbacks} released callbacks never reached the api (see the errors above); they are not counted as lost events.`,
    );
  const lostWhere = Object.entries(shop.lostOn)
    .map(([url, count]) => `${count} of sockets on ${url}`)
    .join(', ');
  const checks = [
    {
      name: 'events lost (callback stored by the api, owner never got order:updated)',
      measured: `${shop.lost}${lostWhere ? ` (${lostWhere})` : ''}`,
      target: '0',
      passed: shop.lost === 0,
    },
    { name: 'events delivered to the wrong user', measured: String(shop.misdelivered), target: '0', passed: shop.misdelivered === 0 },
  ];
  console.log('Correctness (the bench exits 1 on any of these):');
  report.printVerdicts(checks);
  return checks.every((check) => check.passed) ? 0 : 1;
});

/**
 * The bench's ports: the shop's two of each beside the baseline's two servers, BENCH_PORT moving
 * them all. The baseline's skip BENCH_PORT+6, which is MySQL's 3306 by default.
 */
function livePorts() {
  const base = Number(process.env.BENCH_PORT ?? 3300);
  return {
    apis: [base, base + 3],
    workersHealth: [base + 1, base + 4],
    messagesHealth: base + 5,
    sandbox: base + 2,
    baselines: [base + 7, base + 8],
  };
}

/**
 * MySQL's and Redis's processes, when they run on this machine (the local ones `npm start` uses):
 * their CPU belongs to the pipeline too, though other work on the machine may share them.
 */
function serverProcesses(config) {
  const redisPort = new URL(config.REDIS_URL).port || '6379';
  const found = { mysql: [], redis: [] };
  let entries;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const entry of entries) {
    try {
      const name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (name === 'mariadbd' || name === 'mysqld') found.mysql.push(Number(entry));
      else if (name === 'redis-server' && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`:${redisPort}`))
        found.redis.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** CPU milliseconds so far of each named group of pids, and of the whole machine. */
function cpuReading(groups) {
  return {
    groups: Object.fromEntries(
      Object.entries(groups).map(([name, pids]) => [
        name,
        pids.length === 0 ? Number.NaN : pids.reduce((sum, pid) => sum + (cpuMillisOf(pid) ?? Number.NaN), 0),
      ]),
    ),
    machine: machineCpuMillis(),
  };
}

/** Each group's CPU milliseconds per unit of work between two readings, and the share of the machine's CPU that was busy. */
function cpuSpent(before, after, units) {
  return {
    perUnit: Object.fromEntries(Object.keys(before.groups).map((name) => [name, (after.groups[name] - before.groups[name]) / units])),
    machineBusy:
      before.machine && after.machine
        ? (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)
        : Number.NaN,
  };
}

function describeCpu({ perUnit, machineBusy }) {
  const groups = Object.entries(perUnit).map(([name, value]) => `${name} ${Number.isFinite(value) ? value.toFixed(1) : 'n/a'}`);
  return `${groups.join(', ')}; busy ${Number.isFinite(machineBusy) ? (machineBusy * 100).toFixed(0) : 'n/a'} %`;
}

/** The value at quantile `q` of ascending `sorted` (nearest rank). */
function quantile(sorted, q) {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** p50, p95, p99 and max of `values`. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return [quantile(sorted, 0.5), quantile(sorted, 0.95), quantile(sorted, 0.99), sorted.at(-1)];
}

/**
 * Each order's payment request, `PLACEMENT_CONCURRENCY` at a time; the orders learn their id and
 * CheckoutRequestID. A 5xx is sent again, as a shopper would press Pay again (the failed attempt's
 * transaction was rolled back); answers those refusals, for the report.
 */
async function placeOrders(orders, path) {
  const waiting = [...orders];
  const refusals = [];
  const place = async (order) => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(`${order.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${order.shopper.token}`,
          'content-type': 'application/json',
          'x-forwarded-for': order.shopper.clientAddress,
        },
        body: JSON.stringify({ addressId: order.address.id, phone: order.address.phone }),
      });
      const body = await response.json().catch(() => null);
      if (response.status === 201 && body?.success === true) return body.data;
      const answer = `${response.status} ${JSON.stringify(body)?.slice(0, 200)}`;
      if (response.status < 500 || attempt === PLACEMENT_ATTEMPTS) throw new Error(`placing order ${order.index + 1}: ${answer}`);
      refusals.push(answer);
    }
  };
  await Promise.all(
    Array.from({ length: PLACEMENT_CONCURRENCY }, async () => {
      for (let order = waiting.shift(); order !== undefined; order = waiting.shift()) {
        ({ orderId: order.orderId, checkoutRequestId: order.checkoutRequestId } = await place(order));
      }
    }),
  );
  return refusals;
}

/** Until the outbox is published and no job is waiting or running: what placing set off is over before anything is timed. */
async function waitUntilIdle(pool, queues) {
  for (;;) {
    const [[{ unpublished }]] = await pool.query('SELECT COUNT(*) AS unpublished FROM outbox_events WHERE publishedAt IS NULL');
    const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('waiting', 'active', 'prioritized')));
    if (Number(unpublished) === 0 && counts.every((count) => Object.values(count).every((value) => value === 0))) return;
    await sleep(POLL_INTERVAL_MS);
  }
}

/**
 * When each payments job was queued, started and completed, from the queue's event stream: its
 * entry ids are Redis's clock at the moment, so a listener that reads them late still times them right.
 */
async function watchJobs(queueEvents) {
  const times = { waiting: new Map(), active: new Map(), completed: new Map() };
  const at = (streamId) => Number(streamId.split('-')[0]);
  for (const event of Object.keys(times)) {
    queueEvents.on(event, ({ jobId }, streamId) => {
      if (!times[event].has(jobId)) times[event].set(jobId, at(streamId));
    });
  }
  await queueEvents.waitUntilReady();
  // Its first XREAD starts from "now": give it a moment to be issued before anything is released.
  await sleep(500);
  return { ...times, close: () => queueEvents.close() };
}

/**
 * Calls `fire(order)` for each order on a fixed schedule, `rate` per second, without waiting for
 * one to finish before the next is due (an open loop, as callbacks arrive): a slow callback delays
 * no other. Resolves once every one has finished.
 */
async function releaseAtRate(orders, rate, fire) {
  const started = performance.now();
  const errors = [];
  const late = [];
  const inFlight = [];
  for (const [index, order] of orders.entries()) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    late.push(Math.max(0, performance.now() - due));
    inFlight.push(fire(order).catch((error) => errors.push(`order ${order.orderId}: ${error.message}`)));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  return { released: orders.length, seconds, errors, lateP99: spread(late)[2] };
}

/** The sandbox's "send now" for one held STK push: it answers once the api has answered its callback. */
async function releaseCallback(controlUrl, order) {
  const url = `${controlUrl}/transactions/${encodeURIComponent(order.checkoutRequestId)}/callback`;
  let response;
  for (let attempt = 1; response === undefined; attempt += 1) {
    // A request the sandbox may never have read (a kept-alive connection it had just closed) is sent
    // again: at worst the api gets the callback twice, and it keeps one.
    response = await fetch(url, { method: 'POST' }).catch((error) => {
      if (attempt === RELEASE_ATTEMPTS)
        throw new Error(`the sandbox's control API: ${error.message} (${error.cause?.code ?? error.cause?.message})`);
      return undefined;
    });
  }
  const transaction = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`the sandbox answered ${response.status} ${JSON.stringify(transaction)?.slice(0, 200)}`);
  const delivery = transaction.deliveries.at(-1);
  if (!(delivery?.status >= 200 && delivery.status < 300))
    throw new Error(`the api answered the callback ${delivery?.status ?? delivery?.error}`);
}

/** Until none of `orderIds` is pending, or none has settled for STALL_LIMIT_MS; answers how many settled. */
async function waitForSettlement(pool, orderIds) {
  let settled = -1;
  let progressAt = Date.now();
  for (;;) {
    const [[counts]] = await pool.query(
      "SELECT COUNT(*) AS orders, SUM(paymentStatus = 'pending') AS pending FROM orders WHERE id IN (?)",
      [orderIds],
    );
    const done = Number(counts.orders) - Number(counts.pending ?? 0);
    if (done !== settled) [settled, progressAt] = [done, Date.now()];
    if (Number(counts.pending ?? 0) === 0 || Date.now() - progressAt > STALL_LIMIT_MS) return { settled };
    await sleep(POLL_INTERVAL_MS);
  }
}

/** Until `expected` events have arrived, or DELIVERY_TIMEOUT_MS has passed without them; answers what arrived. */
async function waitForDeliveries(sockets, expected) {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while ((await sockets.ask('count')).receipts < expected && Date.now() < deadline) await sleep(POLL_INTERVAL_MS);
  return sockets.ask('report');
}

/**
 * Each order's time from its callback's arrival to its owner's event, split at the payments job's
 * queue events; and the events that went to someone else or never came.
 */
async function shopOutcome(pool, orders, socketOf, socketUrlOf, delivery, jobTimes, workspace) {
  const [rows] = await pool.query(
    `SELECT o.id AS orderId, o.userId, o.paymentStatus, c.id AS callbackId, c.receivedAt
     FROM orders o JOIN payments p ON p.orderId = o.id LEFT JOIN payment_callbacks c ON c.provider = 'mpesa' AND c.deliveryKey = p.providerReference
     WHERE o.id IN (?)`,
    [orders.map((order) => order.orderId)],
  );
  // Every order's owner, those of refused payment requests too: an event about any of them reaching another shopper is misdelivered.
  const [owners] = await pool.query('SELECT id, userId FROM orders');
  const [events] = await pool.query("SELECT id, payload FROM outbox_events WHERE jobName = 'mpesa.callback'");
  const jobOfCallback = new Map(
    events.map((row) => [
      (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload).callbackId,
      workspace.outboxJobId(row.id),
    ]),
  );
  const ownerOf = new Map(owners.map((row) => [row.id, row.userId]));
  const received = new Map();
  let misdelivered = 0;
  let duplicates = 0;
  for (const [socket, orderId, paymentStatus, at] of delivery.receipts) {
    if (socketOf.get(ownerOf.get(orderId)) !== socket) misdelivered += 1;
    else if (paymentStatus === 'pending') continue;
    else if (received.has(orderId)) duplicates += 1;
    else received.set(orderId, at);
  }
  const latency = [];
  const split = { relay: [], queued: [], processing: [], delivery: [] };
  const lostOn = {};
  let callbacks = 0;
  const receivedAts = [];
  for (const row of rows) {
    // A callback that never reached the api is the sandbox's or the api's refusal (counted apart), not an event the shop lost.
    if (!row.receivedAt) continue;
    callbacks += 1;
    const callbackAt = row.receivedAt.getTime();
    receivedAts.push(callbackAt);
    const at = received.get(row.orderId);
    if (at === undefined) {
      const url = socketUrlOf(row.userId);
      lostOn[url] = (lostOn[url] ?? 0) + 1;
      continue;
    }
    latency.push(at - callbackAt);
    const jobId = jobOfCallback.get(row.callbackId);
    const [queued, started, completed] = ['waiting', 'active', 'completed'].map((event) => jobTimes[event].get(jobId));
    if (queued !== undefined && started !== undefined && completed !== undefined) {
      split.relay.push(queued - callbackAt);
      split.queued.push(started - queued);
      split.processing.push(completed - started);
      split.delivery.push(at - completed);
    }
  }
  return {
    latency: spread(latency),
    split: Object.fromEntries(Object.entries(split).map(([step, values]) => [step, spread(values)])),
    lost: Object.values(lostOn).reduce((sum, count) => sum + count, 0),
    lostOn,
    misdelivered,
    duplicates,
    receipts: delivery.receipts.length,
    disconnects: delivery.disconnects,
    callbacks,
    receivedRate: callbacks / ((Math.max(...receivedAts) - Math.min(...receivedAts)) / 1000),
    settledRate: jobTimes.completed.size / ((Math.max(...jobTimes.completed.values()) - Math.min(...receivedAts)) / 1000),
  };
}

/** Starts one of bench/lib's baseline processes and waits for its {"ready":true}. */
async function startBaselineProcess(script, env) {
  const child = spawn(process.execPath, [join(repoRoot, 'bench/lib', script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onCleanUp(() => child.exitCode === null && child.kill('SIGTERM'));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const { value, done } = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  if (done || !JSON.parse(value).ready) throw new Error(`${script} did not start (exit ${await exited})`);
  return {
    pid: child.pid,
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * The baseline: the same shoppers' sockets on two bare Socket.IO servers, one job per order added
 * at the same rate; each job's worker emits an order:updated to its user's room, as the shop's does.
 */
async function runBaseline({ config, ports, shoppers, rate, orderCount, Queue, workspace }) {
  const channel = { REDIS_URL: config.REDIS_URL, CHANNEL_KEY: workspace.socketChannelKey(BASELINE_PREFIX) };
  const servers = await Promise.all(
    ports.baselines.map((port) => startBaselineProcess('live-baseline-server.mjs', { ...channel, PORT: String(port) })),
  );
  const worker = await startBaselineProcess('live-baseline-worker.mjs', { ...channel, REDIS_PREFIX: BASELINE_PREFIX, BASELINE_QUEUE });
  const sockets = startSocketClients();
  const connected = await sockets.ask('connect', {
    sockets: shoppers.map((shopper) => ({
      url: `http://127.0.0.1:${ports.baselines[shopper.userId % 2]}`,
      auth: { userId: shopper.userId },
    })),
    event: workspace.SOCKET_EVENTS.orderUpdated,
    batch: CONNECT_BATCH,
  });
  if (connected.connected !== shoppers.length)
    throw new Error(`${shoppers.length - connected.connected} baseline sockets could not connect, the first: ${connected.errors[0]}`);

  const queue = new Queue(BASELINE_QUEUE, { connection: { url: config.REDIS_URL }, prefix: BASELINE_PREFIX });
  const settings = workspace.QUEUE_SETTINGS.payments;
  const jobs = Array.from({ length: orderCount }, (_, index) => ({ orderId: index + 1, userId: shoppers[index % shoppers.length].userId }));
  const addedAt = new Map();
  const processes = {
    'servers ×2': servers.map((server) => server.pid),
    worker: [worker.pid],
    sockets: [sockets.pid],
    bench: [process.pid],
    ...serverProcesses(config),
  };
  const cpuBefore = cpuReading(processes);
  const release = await releaseAtRate(jobs, rate, async ({ orderId, userId }) => {
    addedAt.set(orderId, Date.now());
    const event = { orderId, orderStatus: 'confirmed', paymentStatus: 'paid', updatedAt: new Date().toISOString() };
    await queue.add(
      'bench.notify',
      { userId, event },
      {
        jobId: `baseline-${orderId}`,
        attempts: settings.attempts,
        backoff: { type: 'exponential', delay: settings.backoffMs },
        ...workspace.JOB_RETENTION,
      },
    );
  });
  if (release.errors.length > 0) throw new Error(`the baseline could not add its jobs: ${release.errors[0]}`);
  const delivery = await waitForDeliveries(sockets, orderCount);
  const cpu = cpuSpent(cpuBefore, cpuReading(processes), orderCount);
  await queue.close();
  await sockets.close();
  await Promise.all([worker, ...servers].map((child) => child.stop()));

  const socketOf = new Map(shoppers.map((shopper, index) => [shopper.userId, index]));
  const received = new Map();
  let misdelivered = 0;
  for (const [socket, orderId, , at] of delivery.receipts) {
    if (socketOf.get(jobs[orderId - 1]?.userId) !== socket) misdelivered += 1;
    else if (!received.has(orderId)) received.set(orderId, at);
  }
  return {
    latency: spread([...received].map(([orderId, at]) => at - addedAt.get(orderId))),
    lost: orderCount - received.size,
    misdelivered,
    cpu,
  };
}
