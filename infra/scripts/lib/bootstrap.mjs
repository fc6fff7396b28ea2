// Steps shared by `npm start` and `npm test`. Only Node's own modules are imported at the top:
// on a fresh clone nothing else is installed yet.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export class StepFailure extends Error {}

export function say(line) {
  process.stdout.write(`\u001b[36m[toyduka]\u001b[0m ${line}\n`);
}

/** Ends the process with one readable line instead of a stack dump. */
export function failWith(error) {
  const message = error instanceof StepFailure || error?.name === 'ConfigError' ? error.message : (error?.stack ?? String(error));
  process.stderr.write(`\u001b[31m[toyduka] ${message}\u001b[0m\n`);
  process.exit(1);
}

/**
 * The environment a script means when its caller named none. The shop's processes and libs/config
 * take an unset NODE_ENV for production (no sandbox, no demo admin), so each script that starts
 * them, or reads the configuration, says which it runs; the processes it starts inherit it. Called
 * after the build: Vite would make a development bundle of the web under NODE_ENV=development.
 */
export function defaultNodeEnv(nodeEnv) {
  process.env.NODE_ENV ||= nodeEnv;
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) throw new StepFailure(`'${[command, ...args].join(' ')}' failed (exit ${result.status ?? result.signal}).`);
}

/**
 * A program from Debian's packages that a step needs (Chromium, nginx): installed with apt when this
 * is a root shell on Debian, as on CI's machine; otherwise the line says how.
 */
export function ensureDebianPackage(programPath, debianPackage, purpose) {
  if (existsSync(programPath)) return programPath;
  if (process.getuid?.() !== 0)
    throw new StepFailure(`${debianPackage} is needed for ${purpose}: run \`sudo apt-get install -y ${debianPackage}\`.`);
  say(`Installing ${debianPackage} for ${purpose} (apt-get install ${debianPackage})...`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', debianPackage], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  return programPath;
}

/**
 * `npm ci` on a fresh clone: exactly the lock file, as the Dockerfile installs it. Whenever
 * package-lock.json changed since the last install, `npm install`, which keeps what is there and adds
 * or moves only what changed.
 */
export function ensureInstalled() {
  const installedLock = join(repoRoot, 'node_modules', '.package-lock.json');
  if (!existsSync(installedLock)) {
    say('Installing dependencies (npm ci)...');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  } else if (statSync(join(repoRoot, 'package-lock.json')).mtimeMs > statSync(installedLock).mtimeMs) {
    say('package-lock.json changed: updating dependencies (npm install)...');
    run('npm', ['install', '--no-audit', '--no-fund']);
  }
}

export function build() {
  say('Building libs, api, workers and web...');
  run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
    env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

/** Install and build, then load what needs installed packages: the start, dev and test scripts begin here. */
export async function prepareWorkspace() {
  ensureInstalled();
  build();
  const [config, services, processes, db] = await Promise.all([
    import('@shop/config'),
    import('./services.mjs'),
    import('./processes.mjs'),
    import('@shop/db'),
  ]);
  return { ...config, ...services, ...processes, ...db };
}

/** Brings the schema up to date and fills what is missing of the demo shop. */
export async function migrateAndSeed(workspace, config) {
  const applied = await workspace.migrateDatabase(config);
  say(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Schema is up to date.');
  const seeded = await workspace.seedDemoData(config);
  if (seeded.productsCreated > 0)
    say(`Seeded the demo catalogue: ${seeded.productsCreated} products, ${seeded.featureImagesCreated} feature images.`);
}
