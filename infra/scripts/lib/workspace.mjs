// What both benches do first: install, build what they run, and read the same configuration as
// the shop. Only Node's own modules and the bootstrap helpers are imported at the top: on a fresh
// clone nothing else is installed yet.
import { defaultNodeEnv, ensureInstalled, run, say } from './bootstrap.mjs';

/**
 * Ports of the processes a bench starts, away from `npm start` (3000-3002), the browser tests
 * (3100-3102) and Vite (5173+), so a bench can run beside them. BENCH_PORT moves the whole block.
 */
export function benchPorts() {
  const base = Number(process.env.BENCH_PORT ?? 3300);
  return { api: base, workersHealth: base + 1, sandbox: base + 2, baseline: base + 3 };
}

/** How long each measured run lasts and how many clients it has; the issue's figures are the defaults. */
export function loadSettings() {
  return {
    durationSeconds: Number(process.env.BENCH_DURATION_S ?? 10),
    warmUpSeconds: Number(process.env.BENCH_WARMUP_S ?? 3),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  };
}

/**
 * Installs and builds `projects` (nx builds what they depend on too), then loads the modules the
 * benches need. BENCH_SKIP_BUILD=1 (or another script's own variable, `skipBuildVariable`) reuses
 * the dist/ folders as they are, for repeated runs.
 */
export async function prepareBench(projects, { skipBuildVariable = 'BENCH_SKIP_BUILD' } = {}) {
  ensureInstalled();
  if (process.env[skipBuildVariable] === '1') {
    say(`${skipBuildVariable}=1: using the dist/ builds as they are.`);
  } else {
    say(`Building ${projects.join(', ')} (and what they depend on)...`);
    run('npx', ['nx', 'run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--output-style=static'], {
      env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    });
  }
  // The benches run the shop in development (production would demand real credentials), and read its configuration so.
  defaultNodeEnv('development');
  const [config, contracts, db, processes, services] = await Promise.all([
    import('@shop/config'),
    import('@shop/contracts'),
    import('@shop/db'),
    import('./processes.mjs'),
    import('./services.mjs'),
  ]);
  return { ...config, ...contracts, ...db, ...processes, ...services };
}

/** The shop's DATABASE_URL with its database name replaced: benches never touch demo or test data. */
export function databaseUrlNamed(databaseUrl, name) {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * What every run of the shop's own processes by a bench or the chaos suite sets beside its ports
 * and database: the sandbox at `sandboxUrl` standing in for Daraja, PayPal and Google, uploads under
 * `uploadsDir`, warnings only, in plain text (Nest colours its lines otherwise), and development
 * (production would demand real admin and provider credentials; development runs the same code paths).
 */
export function sandboxedShopEnv(workspace, { sandboxUrl, uploadsDir }) {
  return {
    MPESA_BASE_URL: `${sandboxUrl}${workspace.SANDBOX_PATHS.daraja}`,
    PAYPAL_BASE_URL: `${sandboxUrl}${workspace.SANDBOX_PATHS.paypal}`,
    OIDC_ISSUER_URL: `${sandboxUrl}${workspace.SANDBOX_PATHS.identity}`,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: 'warn',
    NO_COLOR: '1',
    NODE_ENV: 'development',
    SWAGGER_ENABLED: 'false',
  };
}
