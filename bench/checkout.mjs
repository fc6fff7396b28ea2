// npm run bench:checkout: a thousand shoppers pay by M-Pesa at once, through the real api, the
// sandbox's Daraja and the real workers, until every order is confirmed and its four messages sent;
// then a bare BullMQ add → process loop on the same Redis and MySQL, for the ratio. Prints the
// money path's targets as PASS or FAIL (exit 0 still), and exits 1 only on a wrong outcome.
//
//   BENCH_ORDERS=1000             shoppers, each placing one order
//   BENCH_CONCURRENCY=50          payment requests in flight at once (and jobs added at once by the baseline)
//   BENCH_CALLBACK_DELAY_MS=50    the sandbox's wait before calling back (a phone's PIN entry, kept short:
//                                 the bench measures the shop's pipeline, not the shopper)
//   BENCH_PORT=3300               api 3300, worker health 3301, sandbox 3302, messages' worker health 3303
//   BENCH_CPU_PROF_DIR=dir        each process writes a V8 CPU profile under dir/<process> when it stops
//   BENCH_SKIP_BUILD=1            reuse the dist/ builds
//   BENCH_KEEP_DATABASE=1         keep the database toyduka_bench_checkout afterwards (dropped otherwise: live sessions)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, say } from '../infra/scripts/lib/bootstrap.mjs';
import { abortBench, onCleanUp, runBench } from '../infra/scripts/lib/lifecycle.mjs';
import { benchPorts, databaseUrlNamed, prepareBench } from '../infra/scripts/lib/workspace.mjs';
import { cpuMillisOf, profiledArgs } from './lib/cpu.mjs';
import { countersBetween, serverCounters } from './lib/server-counters.mjs';

const DATABASE_NAME = 'toyduka_bench_checkout';
const REDIS_PREFIX = 'toyduka-bench-checkout';
const BASELINE_QUEUE = 'bench-baseline';
/** Rounds of the baseline (a round takes about a second); the median round counts. */
const BASELINE_ROUNDS = 3;
const MAINS = { api: 'api/dist/main.js', workers: 'workers/dist/main.js', sandbox: 'infra/sandbox/dist/main.js' };
/** The messages an order paid by M-Pesa sends: SMS and e-mail to the shopper, and to the shop. */
const MESSAGES_PER_ORDER = 4;
/** The targets of the money path (docs/benchmarks.md, Checkout): printed as PASS or FAIL, never the exit code. */
const TARGETS = { callbackToConfirmedP99Ms: 250, shopCpuMsPerOrder: 15, ordersPerSecond: 80 };
/** How long the stack's idle traffic to MySQL and Redis is read before the window. */
const REST_READING_MS = 3000;
/** How often the bench asks MySQL whether every order is settled, once the requests are answered. */
const POLL_INTERVAL_MS = 100;
/** No order settled for this long means something is stuck (the reconcile query comes after 60 s). */
const STALL_LIMIT_MS = 120_000;

await runBench(async () => {
  const workspace = await prepareBench(['@shop/api', '@shop/workers', '@shop/sandbox']);
  const [{ dropDatabase, openPool, recreateDatabase }, { fillShoppers }, { deleteKeysUnder }, report, { Queue }, { Redis }] =
    await Promise.all([
      import('../infra/scripts/lib/bench-database.mjs'),
      import('../infra/scripts/lib/checkout-data.mjs'),
      import('./lib/redis-keys.mjs'),
      import('../infra/scripts/lib/report.mjs'),
      import('bullmq'),
      import('ioredis'),
    ]);
  const ports = benchPorts();
  const orderCount = Number(process.env.BENCH_ORDERS ?? 1000);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
  const callbackDelayMs = Number(process.env.BENCH_CALLBACK_DELAY_MS ?? 50);
  const uploadsDir = await mkdtemp(join(tmpdir(), 'toyduka-bench-checkout-'));
  onCleanUp(() => rm(uploadsDir, { recursive: true, force: true }));

  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const env = {
    DATABASE_URL: databaseUrlNamed(workspace.loadConfig().DATABASE_URL, DATABASE_NAME),
    PORT: String(ports.api),
    WORKERS_HEALTH_PORT: String(ports.workersHealth),
    SANDBOX_PORT: String(ports.sandbox),
    // The STK push's CallBackURL is built from it: the sandbox calls the bench's api back.
    PUBLIC_URL: `http://127.0.0.1:${ports.api}`,
    MPESA_BASE_URL: `${sandboxUrl}${workspace.SANDBOX_PATHS.daraja}`,
    PAYPAL_BASE_URL: `${sandboxUrl}${workspace.SANDBOX_PATHS.paypal}`,
    SANDBOX_MPESA_CALLBACK_DELAY_MS: String(callbackDelayMs),
    // Behind one proxy, as the shop runs: each shopper's request says the home it comes from (X-Forwarded-For).
    TRUST_PROXY_HOPS: '1',
    REDIS_PREFIX,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: 'warn',
    // production would demand real admin and provider credentials; development runs the same code paths here.
    NODE_ENV: 'development',
    SWAGGER_ENABLED: 'false',
  };
  const config = workspace.loadConfig({ ...process.env, ...env });
  for (const port of [ports.api, ports.workersHealth, ports.sandbox]) await workspace.assertPortFree(port, 'BENCH_PORT');
  await workspace.ensureRedis(config);
  await recreateDatabase(workspace, config);
  // A thousand accounts with live sessions are no data to leave lying around, unless asked for.
  if (process.env.BENCH_KEEP_DATABASE === '1') say(`Keeping the database '${DATABASE_NAME}' afterwards.`);
  else onCleanUp(() => dropDatabase(config));
  await deleteKeysUnder(config.REDIS_URL, REDIS_PREFIX);
  onCleanUp(() => deleteKeysUnder(config.REDIS_URL, REDIS_PREFIX));

  const pool = await openPool(config.DATABASE_URL, 4);
  onCleanUp(() => pool.end());
  const { shoppers, products } = await fillShoppers(pool, orderCount);
  say(
    `${shoppers.length} shoppers, each with a session, an address and one cart line of one of ${products.length} products (stock ${products.map((product) => product.totalStock).join(', ')}).`,
  );

  // The messages in a workers process of their own, as a deployment that keeps them off the money path runs them
  // (docs/deploy.md): their CPU is then measured apart.
  const messagesHealthPort = ports.baseline;
  const processes = [
    { name: 'api', main: MAINS.api },
    {
      name: 'workers',
      main: MAINS.workers,
      env: { WORKER_QUEUES: workspace.QUEUE_NAMES.filter((queue) => queue !== 'notifications').join(',') },
    },
    { name: 'messages', main: MAINS.workers, env: { WORKER_QUEUES: 'notifications', WORKERS_HEALTH_PORT: String(messagesHealthPort) } },
    { name: 'sandbox', main: MAINS.sandbox },
  ];
  say(`Starting the sandbox, the api, the workers and the messages' workers (callbacks ${callbackDelayMs} ms after each STK push)...`);
  const stack = workspace.supervise(
    processes.map(({ name, main, env: own }) => ({ name, command: process.execPath, args: profiledArgs(main, name), env: own })),
    env,
    { onUnexpectedExit: abortBench },
  );
  onCleanUp(() => stack.stop());
  // The sandbox last: it listens before its routes are mounted, and a health check that reaches it
  // in between is never answered; by the time the api and the workers are up, it has them.
  await workspace.waitForHealthy(`http://127.0.0.1:${ports.api}/api/health`);
  await workspace.waitForHealthy(`http://127.0.0.1:${ports.workersHealth}/health`);
  await workspace.waitForHealthy(`http://127.0.0.1:${messagesHealthPort}/health`);
  await workspace.waitForHealthy(`${sandboxUrl}/health`);
  const pids = Object.fromEntries(processes.map(({ name }) => [name, stack.pidOf(name)]));
  const redis = new Redis(config.REDIS_URL);
  onCleanUp(() => redis.quit());

  const restStart = await serverCounters(pool, redis);
  await new Promise((resolve) => setTimeout(resolve, REST_READING_MS));
  const atRest = countersBetween(restStart, await serverCounters(pool, redis));

  say(`Measuring: ${orderCount} M-Pesa payments, ${concurrency} at a time, until every order is confirmed and its messages sent...`);
  const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMillisOf(pid)]));
  const countersBefore = await serverCounters(pool, redis);
  const checkout = await placeAndWait(`http://127.0.0.1:${ports.api}${workspace.ORDER_API.startMpesaPayment}`, shoppers, concurrency, pool);
  const messages = await waitForMessages(pool, MESSAGES_PER_ORDER * shoppers.filter((shopper) => shopper.orderId !== undefined).length);
  const cpuMs = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMillisOf(pid) - cpuBefore[name]]));
  const window = countersBetween(countersBefore, await serverCounters(pool, redis));
  await stack.stop();

  const paymentsQueue = new Queue(workspace.QUEUES.payments, { connection: { url: config.REDIS_URL }, prefix: REDIS_PREFIX });
  onCleanUp(() => paymentsQueue.close());
  const timings = await pipelineTimings(pool, paymentsQueue);
  const checks = [...(await correctnessChecks(pool, shoppers, products, checkout.errors)), messagesCheck(messages)];

  say(
    `Baseline, ${BASELINE_ROUNDS} rounds: ${orderCount} jobs added ${concurrency} at a time to a bare BullMQ queue, processed with concurrency ${workspace.QUEUE_SETTINGS.payments.concurrency}, one UPDATE each...`,
  );
  const queue = new Queue(BASELINE_QUEUE, { connection: { url: config.REDIS_URL }, prefix: REDIS_PREFIX });
  onCleanUp(() => queue.close());
  const baselineRounds = await runBaseline(
    queue,
    config,
    env,
    shoppers.filter((shopper) => shopper.orderId !== undefined).map((shopper) => shopper.orderId),
    concurrency,
    workspace,
  );
  const perSecond = (run) => run.jobs / run.seconds;
  const baseline = [...baselineRounds].sort((a, b) => perSecond(a) - perSecond(b))[Math.floor(baselineRounds.length / 2)];

  const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a');
  const checkoutSeconds = (timings.lastConfirmedAt - checkout.firstRequestAt) / 1000;
  const ordersPerSecond = timings.confirmed / checkoutSeconds;
  const jobsPerSecond = perSecond(baseline);
  const allCpuMs = Object.values(cpuMs).every(Number.isFinite) ? Object.values(cpuMs).reduce((sum, value) => sum + value, 0) : undefined;
  // The shop's own CPU: the sandbox stands in for Safaricom, Africa's Talking and the mail relay.
  const shopCpuMs = cpuMs.api + cpuMs.workers + cpuMs.messages;
  const perEach = (total, count) => (Number.isFinite(total) ? (total / count).toFixed(1) : 'n/a');
  report.printTable(
    ['', 'count', 'seconds', 'per second', 'CPU ms each'],
    [
      [
        'checkout: M-Pesa orders confirmed',
        timings.confirmed,
        checkoutSeconds.toFixed(2),
        report.formatNumber(ordersPerSecond, 1),
        perEach(allCpuMs, timings.confirmed),
      ],
      ...baselineRounds.map((run, index) => [
        `baseline: BullMQ add → process, round ${index + 1}`,
        run.jobs,
        run.seconds.toFixed(2),
        report.formatNumber(perSecond(run), 1),
        perEach(run.cpuMs, run.jobs),
      ]),
    ],
  );
  console.log(`checkout orders/s ÷ baseline jobs/s (median round): ${report.formatRatio(ordersPerSecond / jobsPerSecond)}`);
  console.log(
    `  checkout: first payment request → last order confirmed (order_status_history); per order: POST ${workspace.ORDER_API.startMpesaPayment} (session, placement`,
  );
  console.log(
    `    transaction with stock reservation and the push attempt, STK push to the sandbox, second transaction), the sandbox's callback after ${callbackDelayMs} ms to the api (stored`,
  );
  console.log(
    '    with its outbox event), the outbox relay, BullMQ, the payments worker settling (payment paid, order confirmed, cart cleared), plus the',
  );
  console.log(
    '    outbox events, the attempt sweep, the live-update emits and the four messages; CPU is the api, workers, messages and sandbox processes together',
  );
  console.log(
    `    (api ${perEach(cpuMs.api, timings.confirmed)}, workers ${perEach(cpuMs.workers, timings.confirmed)}, messages ${perEach(cpuMs.messages, timings.confirmed)}, sandbox ${perEach(cpuMs.sandbox, timings.confirmed)} ms per order).`,
  );
  const perOrder = (total) => report.formatNumber(total / timings.confirmed, 1);
  console.log(
    `  MySQL statements per order: ${perOrder(window.statements)}; Redis commands per order: ${perOrder(window.redisCommands)} (the servers' counters over the ${window.seconds.toFixed(1)} s` +
      ` to the last message, the whole machine's; at rest just before: ${report.formatNumber(atRest.statements / atRest.seconds, 0)} statements/s, ${report.formatNumber(atRest.redisCommands / atRest.seconds, 0)} commands/s).`,
  );
  console.log(
    `  ${messages.sent} messages sent, the last ${((messages.lastSentAt - timings.lastConfirmedAt) / 1000).toFixed(2)} s after the last order was confirmed.`,
  );
  console.log(
    `  baseline: first add → last job completed; Queue.add with the relay's job options, ${concurrency} in flight, a Worker process with concurrency`,
  );
  console.log(
    `    ${workspace.QUEUE_SETTINGS.payments.concurrency} doing one UPDATE of the order row per job; no HTTP, no outbox, no transaction; CPU is the worker process.`,
  );

  report.printTable(
    ['latency', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      ['callback received → order confirmed', ...timings.callbackToConfirmed.map(ms)],
      ['  callback received → its job on the queue (published after the commit)', ...timings.receivedToQueued.map(ms)],
      [
        `  job on the queue → a worker starts it (BullMQ, concurrency ${workspace.QUEUE_SETTINGS.payments.concurrency})`,
        ...timings.queuedToStarted.map(ms),
      ],
      ['  job started → order confirmed (STK query, settlement)', ...timings.startedToConfirmed.map(ms)],
      [`payment request answered (${concurrency} in flight)`, ...checkout.answerTimes.map(ms)],
    ],
  );
  console.log(`(the split: the ${timings.callbackJobs} mpesa.callback jobs still in BullMQ's completed set)`);
  console.log(`${timings.callbacks} callbacks, each found by its attempt's key; ${timings.retriedJobs} callback jobs ran more than once.`);
  console.log('Targets (printed, not the exit code):');
  report.printVerdicts([
    {
      name: 'callback received → order confirmed, p99',
      measured: `${ms(timings.callbackToConfirmed[2])} ms`,
      target: `≤ ${TARGETS.callbackToConfirmedP99Ms} ms`,
      passed: timings.callbackToConfirmed[2] <= TARGETS.callbackToConfirmedP99Ms,
    },
    {
      name: 'CPU of the api and the workers per order, messages included',
      measured: `${perEach(shopCpuMs, timings.confirmed)} ms (messages ${perEach(cpuMs.messages, timings.confirmed)})`,
      target: `≤ ${TARGETS.shopCpuMsPerOrder} ms`,
      passed: shopCpuMs / timings.confirmed <= TARGETS.shopCpuMsPerOrder,
    },
    {
      name: 'orders confirmed per second',
      measured: report.formatNumber(ordersPerSecond, 1),
      target: `≥ ${TARGETS.ordersPerSecond}`,
      passed: ordersPerSecond >= TARGETS.ordersPerSecond,
    },
  ]);
  console.log('Outcome (decides the exit code):');
  report.printVerdicts(checks);
  return checks.every((check) => check.passed) ? 0 : 1;
});

/** The value at quantile `q` of ascending `sorted` (nearest rank). */
function quantile(sorted, q) {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return [quantile(sorted, 0.5), quantile(sorted, 0.95), quantile(sorted, 0.99), sorted.at(-1)];
}

/**
 * Sends every shopper's payment request, `concurrency` at a time, then waits until no order is
 * pending any more, asking MySQL (not the api, which would add its own load).
 */
async function placeAndWait(url, shoppers, concurrency, pool) {
  const waiting = [...shoppers];
  const errors = [];
  const answerTimes = [];
  const firstRequestAt = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let shopper = waiting.shift(); shopper !== undefined; shopper = waiting.shift()) {
        const began = performance.now();
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${shopper.token}`,
              'content-type': 'application/json',
              'x-forwarded-for': shopper.clientAddress,
            },
            body: JSON.stringify({ addressId: shopper.addresses[0].id, phone: shopper.addresses[0].phone }),
          });
          const body = await response.json().catch(() => null);
          if (response.status === 201 && body?.success === true) shopper.orderId = body.data.orderId;
          else errors.push(`${response.status} ${JSON.stringify(body)?.slice(0, 200)}`);
        } catch (error) {
          errors.push(error.message);
        }
        answerTimes.push(performance.now() - began);
      }
    }),
  );
  if (errors.length > 0) say(`${errors.length} payment requests failed, the first: ${errors[0]}`);

  // Only the orders whose payment started: one whose request failed may stay pending until it expires.
  const started = shoppers.filter((shopper) => shopper.orderId !== undefined).map((shopper) => shopper.orderId);
  let settled = -1;
  let progressAt = Date.now();
  while (started.length > 0) {
    const [[counts]] = await pool.query("SELECT COUNT(*) AS orders, SUM(orderStatus = 'pending') AS pending FROM orders WHERE id IN (?)", [
      started,
    ]);
    const done = Number(counts.orders) - Number(counts.pending ?? 0);
    if (Number(counts.pending ?? 0) === 0) break;
    if (done !== settled) [settled, progressAt] = [done, Date.now()];
    if (Date.now() - progressAt > STALL_LIMIT_MS)
      throw new Error(
        `no order settled for ${STALL_LIMIT_MS / 1000} s: ${counts.pending} of ${counts.orders} still pending (see the workers' log above)`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  return { firstRequestAt, errors, answerTimes: spread(answerTimes) };
}

/**
 * Once every order is settled, waits until each has its messages written and none is still being
 * sent, asking MySQL; answers how many were sent and failed, and when the last went out.
 */
async function waitForMessages(pool, expected) {
  let progressAt = Date.now();
  let done = -1;
  for (;;) {
    const [[counts]] = await pool.query(
      "SELECT COUNT(*) AS total, SUM(state = 'sent') AS sent, SUM(state = 'failed') AS failed, SUM(kind IN ('orderPaid', 'shopOrderPaid')) AS ofPaidOrders, MAX(sentAt) AS lastSentAt FROM notifications",
    );
    const [sent, failed] = [Number(counts.sent ?? 0), Number(counts.failed ?? 0)];
    const ofPaidOrders = Number(counts.ofPaidOrders ?? 0);
    if (ofPaidOrders >= expected && sent + failed === Number(counts.total)) {
      return { expected, ofPaidOrders, total: Number(counts.total), sent, failed, lastSentAt: counts.lastSentAt?.getTime() ?? Number.NaN };
    }
    if (sent + failed !== done) [done, progressAt] = [sent + failed, Date.now()];
    if (Date.now() - progressAt > STALL_LIMIT_MS)
      throw new Error(`no message sent for ${STALL_LIMIT_MS / 1000} s: ${sent + failed} of ${expected} done (see the messages' log above)`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** The paid orders' messages, and any other the run caused (the low-stock notice of the product whose last unit sold). */
function messagesCheck({ expected, ofPaidOrders, total, sent, failed }) {
  return {
    name: 'messages sent',
    measured: `${ofPaidOrders} about paid orders; ${sent} sent and ${failed} failed of ${total} in all`,
    target: `${expected} about paid orders (${MESSAGES_PER_ORDER} each), every message sent`,
    passed: ofPaidOrders === expected && sent === total,
  };
}

/**
 * Where each order's time went after the shopper paid: the callback's receivedAt and the order's
 * confirmation from MySQL (its clock, millisecond precision), and when the callback's job was put
 * on the payments queue and when a worker started it, from BullMQ (the job's timestamp and
 * processedOn; this machine's clock).
 */
async function pipelineTimings(pool, paymentsQueue) {
  const [callbacks] = await pool.query(
    "SELECT c.id, c.receivedAt, a.orderId FROM payment_callbacks c JOIN mpesa_attempts a ON a.callbackKey = c.attemptKey WHERE c.provider = 'mpesa'",
  );
  const [confirmations] = await pool.query("SELECT orderId, createdAt FROM order_status_history WHERE toStatus = 'confirmed'");
  const confirmedAt = new Map(confirmations.map((row) => [row.orderId, row.createdAt.getTime()]));
  // BullMQ keeps the newest completed jobs (JOB_RETENTION): on a long run the first ones may be gone.
  const jobs = (await paymentsQueue.getJobs(['completed'])).filter((job) => job.name === 'mpesa.callback');
  const jobOf = new Map(jobs.map((job) => [job.data.callbackId, job]));
  const callbackToConfirmed = [];
  const receivedToQueued = [];
  const queuedToStarted = [];
  const startedToConfirmed = [];
  for (const callback of callbacks) {
    const confirmed = confirmedAt.get(callback.orderId);
    const received = callback.receivedAt.getTime();
    if (confirmed === undefined) continue;
    callbackToConfirmed.push(confirmed - received);
    const job = jobOf.get(callback.id);
    if (job) {
      receivedToQueued.push(job.timestamp - received);
      queuedToStarted.push(job.processedOn - job.timestamp);
      startedToConfirmed.push(confirmed - job.processedOn);
    }
  }
  return {
    confirmed: confirmations.length,
    lastConfirmedAt: Math.max(...confirmedAt.values()),
    callbacks: callbacks.length,
    callbackJobs: jobs.length,
    retriedJobs: jobs.filter((job) => job.attemptsMade > 1).length,
    callbackToConfirmed: spread(callbackToConfirmed),
    receivedToQueued: spread(receivedToQueued),
    queuedToStarted: spread(queuedToStarted),
    startedToConfirmed: spread(startedToConfirmed),
  };
}

/** The outcome, the only pass/fail of this bench: no error, no oversell, every order paid exactly once. */
async function correctnessChecks(pool, shoppers, products, errors) {
  const [[orders]] = await pool.query(
    "SELECT COUNT(*) AS total, SUM(orderStatus = 'confirmed' AND paymentStatus = 'paid') AS confirmedPaid FROM orders",
  );
  const [[payments]] = await pool.query(
    "SELECT COUNT(*) AS total, COUNT(DISTINCT orderId) AS orders, SUM(status = 'paid') AS paid, COUNT(DISTINCT providerReceipt) AS receipts FROM payments",
  );
  const [[history]] = await pool.query(
    "SELECT COUNT(*) AS confirmations, COUNT(DISTINCT orderId) AS orders FROM order_status_history WHERE toStatus = 'confirmed'",
  );
  const [[callbacks]] = await pool.query(
    "SELECT COUNT(*) AS total, COUNT(DISTINCT deliveryKey) AS deliveries FROM payment_callbacks WHERE provider = 'mpesa'",
  );
  const [[cartLines]] = await pool.query('SELECT COUNT(*) AS remaining FROM cart_items');
  const [stock] = await pool.query('SELECT id, totalStock FROM products');
  // Units leave the shelf when an order is placed and come back only when it closes (cancelled or rejected).
  const [held] = await pool.query(
    "SELECT item.productId, SUM(item.quantity) AS units FROM order_items item JOIN orders o ON o.id = item.orderId WHERE o.orderStatus NOT IN ('cancelled', 'rejected') GROUP BY item.productId",
  );
  const [[confirmedUnits]] = await pool.query(
    "SELECT SUM(item.quantity) AS units FROM order_items item JOIN orders o ON o.id = item.orderId WHERE o.orderStatus = 'confirmed'",
  );
  const heldOf = new Map(held.map((row) => [row.productId, Number(row.units)]));
  const stockOf = new Map(stock.map((row) => [row.id, row.totalStock]));
  const stockRight = products.every(
    (product) => stockOf.get(product.id) >= 0 && product.totalStock - stockOf.get(product.id) === (heldOf.get(product.id) ?? 0),
  );
  const unitsHeld = [...heldOf.values()].reduce((sum, units) => sum + units, 0);
  const n = shoppers.length;
  const count = (value) => Number(value ?? 0);
  return [
    { name: 'payment requests answered with an error', measured: String(errors.length), target: '0', passed: errors.length === 0 },
    {
      name: 'orders confirmed and paid, carts emptied',
      measured: `${count(orders.confirmedPaid)} of ${count(orders.total)} orders (${n} shoppers); ${count(cartLines.remaining)} cart lines left`,
      target: `all ${n}, no cart line left`,
      passed: count(orders.total) === n && count(orders.confirmedPaid) === n && count(cartLines.remaining) === 0,
    },
    {
      name: 'no oversell',
      measured: `stock ${products.map((product) => `${product.totalStock}→${stockOf.get(product.id)}`).join(', ')}; ${unitsHeld} units in orders holding stock, ${count(confirmedUnits.units)} of them confirmed`,
      target: 'no stock below 0, each down by exactly the units its unreleased orders hold',
      passed: stockRight,
    },
    {
      name: 'every order paid exactly once',
      measured: `${count(payments.total)} payments for ${count(payments.orders)} orders, ${count(payments.paid)} paid, ${count(payments.receipts)} distinct receipts; ${count(callbacks.total)} callbacks for ${count(callbacks.deliveries)} pushes; ${count(history.confirmations)} confirmations of ${count(history.orders)} orders`,
      target: `one of each per order (${n})`,
      passed: [
        payments.total,
        payments.orders,
        payments.paid,
        payments.receipts,
        callbacks.total,
        callbacks.deliveries,
        history.confirmations,
        history.orders,
      ].every((value) => count(value) === n),
    },
  ];
}

/**
 * The baseline: bench/lib/bullmq-baseline.mjs is started and ready before anything is timed; each
 * round the bench adds one job per order, `concurrency` at a time, with the outbox relay's job
 * options, and the worker says when the round's last one completed.
 */
async function runBaseline(queue, config, env, orderIds, concurrency, workspace) {
  const child = spawn(process.execPath, [join(repoRoot, 'bench/lib/bullmq-baseline.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      REDIS_URL: config.REDIS_URL,
      DATABASE_POOL_SIZE: String(config.DATABASE_POOL_SIZE),
      BASELINE_QUEUE,
      BASELINE_JOBS: String(orderIds.length),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onCleanUp(() => child.exitCode === null && child.kill('SIGTERM'));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`the BullMQ baseline stopped (exit ${await exited})`);
    return JSON.parse(value);
  };
  await nextLine();
  const settings = workspace.QUEUE_SETTINGS.payments;
  const rounds = [];
  for (let round = 1; round <= BASELINE_ROUNDS; round += 1) {
    const waiting = orderIds.map((orderId, index) => ({ orderId, jobId: `baseline-${round}-${index + 1}` }));
    const firstAddedAt = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let job = waiting.shift(); job !== undefined; job = waiting.shift()) {
          await queue.add(
            'bench.settle',
            { orderId: job.orderId },
            {
              jobId: job.jobId,
              attempts: settings.attempts,
              backoff: { type: 'exponential', delay: settings.backoffMs },
              ...workspace.JOB_RETENTION,
            },
          );
        }
      }),
    );
    const result = await nextLine();
    rounds.push({ ...result, seconds: (result.lastFinishedAt - firstAddedAt) / 1000 });
  }
  child.kill('SIGTERM');
  await exited;
  return rounds;
}
