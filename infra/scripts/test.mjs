// npm test: the same bootstrap as npm start, against a test database of its own, then every check.
import { randomBytes } from 'node:crypto';
import { ensureDebianPackage, failWith, prepareWorkspace, run, say } from './lib/bootstrap.mjs';

/** A database beside the demo one: toyduka → toyduka_test. Tests never see demo data. */
function databaseBeside(databaseUrl, suffix) {
  const url = new URL(databaseUrl);
  if (!url.pathname.endsWith(suffix)) url.pathname = `${url.pathname}${suffix}`;
  return url.toString();
}

let stack;
try {
  const { assertShopPortsFree, ensureServices, loadConfig, migrateDatabase, shopProcesses, supervise, waitForHealthy } =
    await prepareWorkspace();
  // Whatever NODE_ENV the caller has: the tests and the stack they start run as 'test'.
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
  const testEnv = { DATABASE_URL: databaseBeside(config.DATABASE_URL, '_test'), NODE_ENV: 'test' };
  await ensureServices({ ...config, ...testEnv });
  await migrateDatabase({ ...config, ...testEnv });

  say('Typecheck...');
  run('npx', ['tsc', '-p', 'tsconfig.json']);
  run('npx', ['tsc', '-p', 'web/tsconfig.json']);
  say('Lint...');
  run('npm', ['run', 'lint']);
  ensureDebianPackage('/usr/sbin/nginx', 'nginx', 'the scale-out test');
  say('Unit and integration tests...');
  run(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'], { env: testEnv });
  say(
    'Chaos, the small run: a kill -9 of each of api, workers, MariaDB and Redis during checkouts, on private servers (docs/reliability.md)...',
  );
  run(process.execPath, ['infra/chaos/chaos.mjs', '--small']);

  say('Browser tests...');
  ensureDebianPackage('/usr/bin/chromium', 'chromium', 'the browser tests');
  const e2ePort = Number(process.env.E2E_PORT ?? 3100);
  // A database of the browser tests' own, as a shop's would be: the thousands of products the
  // integration tests leave in toyduka_test are no catalogue a person browses or an admin manages.
  const e2eDatabase = { DATABASE_URL: databaseBeside(config.DATABASE_URL, '_e2e_test'), NODE_ENV: 'test' };
  await ensureServices({ ...config, ...e2eDatabase });
  await migrateDatabase({ ...config, ...e2eDatabase });
  const e2eEnv = {
    ...e2eDatabase,
    PORT: String(e2ePort),
    WORKERS_HEALTH_PORT: String(e2ePort + 1),
    SANDBOX_PORT: String(e2ePort + 2),
    PUBLIC_URL: `http://localhost:${e2ePort}`,
    // A prefix per run, as each jest file has: one run's abuse-limit counters never refuse the next run's sign-ups.
    REDIS_PREFIX: `toyduka-e2e-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
  };
  await assertShopPortsFree(loadConfig({ ...process.env, ...e2eEnv }));
  stack = supervise(shopProcesses(), e2eEnv, { onUnexpectedExit: (error) => say(error.message) });
  await waitForHealthy(`http://127.0.0.1:${e2ePort}/api/health`);
  run(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--config', 'jest.e2e.config.js'], {
    env: { ...e2eDatabase, SHOP_URL: `http://localhost:${e2ePort}` },
  });
  await stack.stop();
  say('All checks passed.');
} catch (error) {
  await stack?.stop();
  failWith(error);
}
