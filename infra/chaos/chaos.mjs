// npm run chaos: M-Pesa checkouts while the shop's parts are killed with SIGKILL, one at a time, at
// random moments; then the shop's database is held against the sandbox's ledger of the money it
// took (docs/reliability.md). Everything runs privately: its own MariaDB and Redis on spare ports,
// its own api, workers and sandbox processes, all stopped and their files removed on the way out.
//
//   --small / CHAOS_SMALL=1          the run `npm test` makes: 1 round per fault, 15 shoppers, no build
//   CHAOS_ROUNDS=5                   rounds per fault (api, workers, mariadb, redis)
//   CHAOS_SHOPPERS=60                shoppers per round, each checking out once
//   CHAOS_CONCURRENCY=30             checkouts in flight at once at most
//   CHAOS_ARRIVAL_MS=2000            the round's shoppers arrive evenly over this long
//   CHAOS_FAULTS=api,workers,mariadb,redis   which parts to kill, in this order
//   CHAOS_SEED=<number>              the kill moments and downtimes of an earlier run (printed at the start)
//   CHAOS_PORT=3400                  api 3400, workers health 3401, sandbox 3402, MariaDB +6 (3406), Redis +2986 (6386)
//   CHAOS_CALLBACK_DELAY_MS=6000     the sandbox phone's PIN entry before Daraja calls back: long enough that the
//                                    api, killed and restarted, is back before the callback's last try
//   CHAOS_RECONCILE_DELAY_MS=5000    MPESA_RECONCILE_DELAY_MS of the shop
//   CHAOS_SWEEP_INTERVAL_MS=1000     MPESA_SWEEP_INTERVAL_MS of the shop
//   CHAOS_RESERVATION_MS=60000       ORDER_RESERVATION_MS of the shop (30000 in the small run)
//   CHAOS_SETTLE_TIMEOUT_S=180       how long a round waits for its orders to settle (90 in the small run)
//   CHAOS_RECEIPT_GRACE_S=30         once they have, how long charged pushes' receipts may still be on their way
//   CHAOS_SKIP_BUILD=1               reuse the dist/ builds (the small run does unless CHAOS_SKIP_BUILD=0)
//   CHAOS_VERBOSE=1                  print every process's output as it comes (it always goes to their log files)
//   CHAOS_KEEP_LOGS=1                keep the processes' log files afterwards (their folder is printed)
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot, say, StepFailure } from '../scripts/lib/bootstrap.mjs';
import { onCleanUp, runBench } from '../scripts/lib/lifecycle.mjs';
import { seededRandom } from '../scripts/lib/seeded-random.mjs';
import { prepareBench, sandboxedShopEnv } from '../scripts/lib/workspace.mjs';
import { printFaultTable, printFinalCheck, printFindings } from './lib/chaos-report.mjs';
import { checkOut } from './lib/checkouts.mjs';
import { checkScope, hasAttemptsTable, orderIdOf, readScope, sandboxTransactions, settle } from './lib/ledger-checks.mjs';
import { privateMariadb, privateRedis } from './lib/private-services.mjs';
import { createSupervisor } from './lib/supervisor.mjs';

const DATABASE_NAME = 'toyduka_chaos';
const REDIS_PREFIX = 'toyduka-chaos';
const MAINS = { sandbox: 'infra/sandbox/dist/main.js', api: 'api/dist/main.js', workers: 'workers/dist/main.js' };
const FAULTS = ['api', 'workers', 'mariadb', 'redis'];
/** When the kill comes, after the round's first checkout request: while requests, pushes and callbacks are in flight. */
const KILL_WINDOW_MS = [50, 1500];
/** How long a killed part stays down: a process manager restarts a node process fast, a database server takes longer. */
const DOWNTIME_MS = { api: [1000, 3000], workers: [1000, 3000], mariadb: [2000, 10_000], redis: [2000, 10_000] };
/**
 * Daraja, and the sandbox, try a callback three times a second apart (docs/sandbox-mpesa.md,
 * Delivery): a push whose answer died with the api is known to the shop only by its callback, so
 * the api must be back within the callback delay plus this.
 */
const CALLBACK_TRIES_SPAN_MS = 2000;
/** Past this the shop has not come back after a restart: the round is reported and the run goes on. */
const RECOVERY_TIMEOUT_MS = 120_000;

function settingsOf(argv, env) {
  const small = argv.includes('--small') || env.CHAOS_SMALL === '1';
  const number = (name, normal, smallValue = normal) => {
    const value = Number(env[name] ?? (small ? smallValue : normal));
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number (got '${env[name]}')`);
    return value;
  };
  const faults = (env.CHAOS_FAULTS ?? FAULTS.join(','))
    .split(',')
    .map((fault) => fault.trim())
    .filter(Boolean);
  const unknownFault = faults.find((fault) => !FAULTS.includes(fault));
  if (unknownFault) throw new Error(`CHAOS_FAULTS: '${unknownFault}' is not one of ${FAULTS.join(', ')}`);
  const base = number('CHAOS_PORT', 3400);
  return {
    small,
    faults,
    rounds: number('CHAOS_ROUNDS', 5, 1),
    shoppers: number('CHAOS_SHOPPERS', 60, 15),
    concurrency: number('CHAOS_CONCURRENCY', 30, 15),
    arrivalMs: number('CHAOS_ARRIVAL_MS', 2000),
    seed: number('CHAOS_SEED', Math.floor(Math.random() * 2 ** 31)),
    ports: { api: base, workersHealth: base + 1, sandbox: base + 2, mariadb: base + 6, redis: base + 2986 },
    callbackDelayMs: number('CHAOS_CALLBACK_DELAY_MS', 6000),
    reconcileDelayMs: number('CHAOS_RECONCILE_DELAY_MS', 5000),
    sweepIntervalMs: number('CHAOS_SWEEP_INTERVAL_MS', 1000),
    reservationMs: number('CHAOS_RESERVATION_MS', 60_000, 30_000),
    settleTimeoutMs: number('CHAOS_SETTLE_TIMEOUT_S', 180, 90) * 1000,
    receiptGraceMs: number('CHAOS_RECEIPT_GRACE_S', 30) * 1000,
    skipBuild: env.CHAOS_SKIP_BUILD === undefined ? small : env.CHAOS_SKIP_BUILD === '1',
    verbose: env.CHAOS_VERBOSE === '1',
    keepLogs: env.CHAOS_KEEP_LOGS === '1',
  };
}

async function answers200(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Milliseconds until every url answers 200 in the same look, or undefined after `timeoutMs`. */
async function waitForHealth(urls, timeoutMs) {
  const began = Date.now();
  while (Date.now() - began < timeoutMs) {
    if ((await Promise.all(urls.map(answers200))).every(Boolean)) return Date.now() - began;
    await sleep(200);
  }
  return undefined;
}

await runBench(async () => {
  const settings = settingsOf(process.argv.slice(2), process.env);
  if (settings.skipBuild) process.env.CHAOS_SKIP_BUILD = '1';
  const workspace = await prepareBench(['@shop/api', '@shop/workers', '@shop/sandbox'], { skipBuildVariable: 'CHAOS_SKIP_BUILD' });
  const missing = Object.values(MAINS).filter((main) => !existsSync(join(repoRoot, main)));
  if (missing.length > 0)
    throw new StepFailure(`${missing.join(', ')} not built: run without CHAOS_SKIP_BUILD=1 (or run npm run build first).`);
  const [{ openPool }, { fillShoppers }, { SESSION_COOKIE }] = await Promise.all([
    import('../scripts/lib/bench-database.mjs'),
    import('../scripts/lib/checkout-data.mjs'),
    import('../../api/dist/access/session-token.js'),
  ]);
  const { ports } = settings;
  for (const port of Object.values(ports)) await workspace.assertPortFree(port, 'CHAOS_PORT');

  const root = await mkdtemp(join(tmpdir(), 'toyduka-chaos-'));
  onCleanUp(() => rm(root, { recursive: true, force: true }));
  const logDir = await mkdtemp(join(tmpdir(), 'toyduka-chaos-logs-'));
  onCleanUp(() => (settings.keepLogs ? say(`Logs kept in ${logDir}`) : rm(logDir, { recursive: true, force: true })));

  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  const databaseUrl = `mysql://root@127.0.0.1:${ports.mariadb}/${DATABASE_NAME}`;
  const env = {
    ...sandboxedShopEnv(workspace, { sandboxUrl, uploadsDir: join(root, 'uploads') }),
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    REDIS_PREFIX,
    PORT: String(ports.api),
    WORKERS_HEALTH_PORT: String(ports.workersHealth),
    SANDBOX_PORT: String(ports.sandbox),
    // The STK push's CallBackURL is built from it: the sandbox calls this run's api back.
    PUBLIC_URL: apiUrl,
    SANDBOX_MPESA_CALLBACK_DELAY_MS: String(settings.callbackDelayMs),
    MPESA_RECONCILE_DELAY_MS: String(settings.reconcileDelayMs),
    MPESA_SWEEP_INTERVAL_MS: String(settings.sweepIntervalMs),
    ORDER_RESERVATION_MS: String(settings.reservationMs),
    // Behind one proxy, as the shop runs: each shopper's checkout says the home it comes from (X-Forwarded-For).
    TRUST_PROXY_HOPS: '1',
  };
  const config = workspace.loadConfig({ ...process.env, ...env });

  const supervisor = createSupervisor({ logDir, env, verbose: settings.verbose });
  onCleanUp(() => supervisor.stopAll(['workers', 'api', 'sandbox', 'redis', 'mariadb']));
  say(`Private MariaDB on ${ports.mariadb} and Redis on ${ports.redis} (data under ${root}; process logs under ${logDir})...`);
  const parts = {
    mariadb: await privateMariadb(supervisor, { dir: join(root, 'mariadb'), port: ports.mariadb, databaseUrl }),
    redis: await privateRedis(supervisor, { dir: join(root, 'redis'), port: ports.redis }),
  };
  await workspace.ensureMysql(config);
  await workspace.ensureRedis(config);
  say(`Migrations applied: ${(await workspace.migrateDatabase(config)).join(', ')}.`);
  const pool = await openPool(config.DATABASE_URL, 4);
  onCleanUp(() => pool.end());
  const withAttempts = await hasAttemptsTable(pool);
  if (!withAttempts)
    say(
      '\u001b[33mThe schema has no mpesa_attempts table yet: whether a push is live cannot be told, so every order still pending after settling counts as stuck.\u001b[0m',
    );

  for (const [name, main] of Object.entries(MAINS)) parts[name] = supervisor.createPart({ name, command: process.execPath, args: [main] });
  for (const name of Object.keys(MAINS)) parts[name].start();
  const health = [`${apiUrl}/api/health`, `http://127.0.0.1:${ports.workersHealth}/health`];
  // The sandbox last: it listens before its routes are mounted, and a health check that reaches it
  // in between is never answered; by the time the api and the workers are up, it has them.
  if ((await waitForHealth([...health, `${sandboxUrl}/health`], RECOVERY_TIMEOUT_MS)) === undefined) {
    printLogTails(parts);
    throw new StepFailure(`The shop did not come up within ${RECOVERY_TIMEOUT_MS / 1000} s (the end of each log is above).`);
  }

  const random = seededRandom(settings.seed);
  const total = settings.faults.length * settings.rounds;
  say(
    `${total} rounds (${settings.faults.join(', ')} × ${settings.rounds}), ${settings.shoppers} shoppers each arriving over ${settings.arrivalMs / 1000} s, at most ${settings.concurrency} at a time; seed ${settings.seed} (CHAOS_SEED replays the kill moments). ` +
      `Callbacks after ${settings.callbackDelayMs} ms, reconcile after ${settings.reconcileDelayMs} ms, reservations ${settings.reservationMs / 1000} s.`,
  );
  const run = {
    settings,
    pool,
    parts,
    fillShoppers,
    sandboxUrl,
    health,
    withAttempts,
    random,
    sessionCookie: SESSION_COOKIE,
    checkoutUrl: `${apiUrl}${workspace.ORDER_API.startMpesaPayment}`,
    retryMessage: workspace.MESSAGES.checkout.mpesaInitiateFailed,
    relayAfterMs: config.OUTBOX_RELAY_AFTER_MS,
    everyone: { shoppers: [], products: [], answers: [] },
    knownOrderIds: new Set(),
  };
  const results = Object.fromEntries(settings.faults.map((fault) => [fault, []]));
  for (const fault of settings.faults) {
    for (let round = 1; round <= settings.rounds; round += 1) results[fault].push(await runRound(run, fault, round));
  }
  for (const fault of settings.faults) printFaultTable(fault, results[fault]);

  // After the last round: every round again, as it stands now (a late callback or an expiry may have moved it).
  const { everyone } = run;
  const finalScope = await readScope(
    pool,
    sandboxUrl,
    everyone.shoppers.map((shopper) => shopper.userId),
    { withAttempts, isOrphanOfScope: () => true },
  );
  const final = await checkScope({
    pool,
    scope: finalScope,
    answers: everyone.answers,
    products: everyone.products,
    withAttempts,
    retryMessage: run.retryMessage,
  });
  const unrecovered = Object.values(results)
    .flat()
    .filter((row) => row.recoveryMs === undefined).length;
  const passed = printFinalCheck(final, {
    unrecovered,
    rounds: total,
    faults: settings.faults,
    roundsPerFault: settings.rounds,
    seconds: process.uptime(),
    seed: settings.seed,
  });
  if (!passed) printLogTails(parts);
  return passed ? 0 : 1;
});

/**
 * One round: a fresh batch of shoppers checks out while `fault` is killed at a random moment and
 * restarted after a random downtime; then the shop is given time to settle and checked.
 */
async function runRound(run, fault, round) {
  const { settings, pool, parts, sandboxUrl, withAttempts, everyone, knownOrderIds } = run;
  const { shoppers, products } = await run.fillShoppers(pool, settings.shoppers, {
    label: `chaos-${fault}-${round}`,
    firstIndex: everyone.shoppers.length,
  });
  everyone.shoppers.push(...shoppers);
  everyone.products.push(...products);
  const userIds = shoppers.map((shopper) => shopper.userId);
  const seenBefore = new Set((await sandboxTransactions(sandboxUrl)).map((transaction) => transaction.checkoutRequestId));
  // A push for an order the database does not have belongs to the round that made it.
  const isOrphanOfScope = (transaction) => !seenBefore.has(transaction.checkoutRequestId) && !knownOrderIds.has(orderIdOf(transaction));
  const crashesBefore = Object.fromEntries(Object.values(parts).map((part) => [part.name, part.crashes.length]));

  const firstRequestAt = Date.now();
  const answering = checkOut({
    url: run.checkoutUrl,
    shoppers,
    concurrency: settings.concurrency,
    arrivalMs: settings.arrivalMs,
    sessionCookie: run.sessionCookie,
  });
  const killAfterMs = run.random.integer(...KILL_WINDOW_MS);
  const downMs = run.random.integer(...DOWNTIME_MS[fault]);
  await sleep(killAfterMs);
  const target = parts[fault];
  const wasRunning = target.running;
  await target.kill();
  const killedAt = Date.now();
  await sleep(downMs);
  const restartedAt = Date.now();
  target.start();
  await target.ready();
  // From the restart of the killed part until the api and the workers both answer healthy.
  const recoveryMs = (await waitForHealth(run.health, RECOVERY_TIMEOUT_MS)) === undefined ? undefined : Date.now() - restartedAt;
  const answers = await answering;
  everyone.answers.push(...answers);

  const settled = await settle({
    pool,
    sandboxUrl,
    userIds,
    withAttempts,
    isOrphanOfScope,
    since: firstRequestAt,
    timeoutMs: settings.settleTimeoutMs,
    receiptGraceMs: settings.receiptGraceMs,
  });
  const scope = await readScope(pool, sandboxUrl, userIds, { withAttempts, isOrphanOfScope });
  for (const orderId of scope.orders.keys()) knownOrderIds.add(orderId);
  const result = await checkScope({ pool, scope, answers, products, withAttempts, retryMessage: run.retryMessage });
  // Published a relay's wait or more after they were written: their writer did not (killed after its commit, Redis away).
  const [[relayed]] = await pool.query(
    'SELECT COUNT(*) AS events FROM outbox_events WHERE createdAt >= ? AND publishedAt >= createdAt + INTERVAL ? MICROSECOND',
    [new Date(firstRequestAt), run.relayAfterMs * 1000],
  );
  const crashes = Object.values(parts)
    .filter((part) => part.crashes.length > crashesBefore[part.name])
    .map(
      (part) =>
        `${part.name} ended by itself ${part.crashes.length - crashesBefore[part.name]}× (${[...new Set(part.crashes.slice(crashesBefore[part.name]).map((crash) => crash.how))].join(', ')})`,
    );

  const refused = answers.filter((answer) => answer.refused > 0).length;
  const statuses =
    countBy(answers.map((answer) => answer.error ?? String(answer.status))) +
    (refused > 0 ? ` (${refused} after refused connections, tried again)` : '');
  say(
    `${fault} ${round}/${settings.rounds}: kill -9 at +${killAfterMs} ms${wasRunning ? '' : ' (it was not running)'}, down ${(downMs / 1000).toFixed(1)} s, ` +
      `healthy ${recoveryMs === undefined ? 'NEVER' : `${(recoveryMs / 1000).toFixed(1)} s`} after its restart; ` +
      `${settled.settled ? 'settled' : 'NOT settled'} ${(settled.ms / 1000).toFixed(1)} s after the first request. Answers: ${statuses}. ` +
      `${result.placed} placed, ${result.confirmed} confirmed, ${result.cancelled} cancelled, ${result.unknown} unknown; ` +
      `${result.lost.length} lost, ${result.doubled.length} doubled, ${result.stuck.length} stuck; ` +
      `${relayed.events} events published by the relay for a writer that could not.` +
      (crashes.length > 0 ? ` ${crashes.join('; ')}.` : ''),
  );
  const outageMs = recoveryMs === undefined ? undefined : restartedAt + recoveryMs - killedAt;
  if (fault === 'api' && !(outageMs < settings.callbackDelayMs + CALLBACK_TRIES_SPAN_MS)) {
    say(
      `\u001b[33mThe api was out for ${outageMs === undefined ? 'ever' : `${(outageMs / 1000).toFixed(1)} s`}, longer than the callback delay plus Daraja's retries ` +
        `(${(settings.callbackDelayMs + CALLBACK_TRIES_SPAN_MS) / 1000} s): a push in flight at the kill could not be called back. Raise CHAOS_CALLBACK_DELAY_MS.\u001b[0m`,
    );
  }
  printFindings(result, settled);
  return { round, killAfterMs, downMs, recoveryMs, settled, ...result };
}

function printLogTails(parts) {
  for (const part of Object.values(parts)) {
    console.log(`\n--- the last lines of ${part.name}'s log (${part.logPath}):`);
    for (const line of part.tail(part.name === 'api' || part.name === 'workers' ? 40 : 15)) console.log(line);
  }
}

function countBy(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${count}× ${value}`).join(', ') || 'none';
}
