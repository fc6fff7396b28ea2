// Runs the shop's long-lived processes side by side, prefixes their output, and stops them together.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, StepFailure } from './bootstrap.mjs';

const COLOURS = ['\u001b[35m', '\u001b[33m', '\u001b[32m', '\u001b[34m'];
const STOP_GRACE_MS = 10_000;

export function assertPortFree(port, variable) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StepFailure(`Port ${port} is already in use by another program: stop it, or set ${variable} to a free port.`)
          : error,
      ),
    );
    server.listen(port, () => server.close(resolve));
  });
}

/** Starts each `{ name, command, args }`; the returned handle stops them all. A child that dies takes the others down. */
export function supervise(specs, env, { onUnexpectedExit } = {}) {
  const children = specs.map((spec, index) => {
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd ? join(repoRoot, spec.cwd) : repoRoot,
      env: { ...process.env, ...env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `${COLOURS[index % COLOURS.length]}[${spec.name}]\u001b[0m `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    return { spec, child };
  });
  let stopping = false;
  const exited = children.map(
    ({ spec, child }) =>
      new Promise((resolve) =>
        child.once('exit', (code, signal) => {
          if (!stopping) {
            stopping = true;
            onUnexpectedExit?.(new StepFailure(`${spec.name} stopped unexpectedly (${signal ?? `exit ${code}`}); stopping the others.`));
            stopAll();
          }
          resolve();
        }),
      ),
  );
  function stopAll() {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
    const force = setTimeout(() => children.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL')), STOP_GRACE_MS);
    return Promise.all(exited).then(() => clearTimeout(force));
  }
  return {
    stop() {
      stopping = true;
      return stopAll();
    },
    /** The process id of the child started as `name`. */
    pidOf(name) {
      return children.find(({ spec }) => spec.name === name)?.child.pid;
    },
  };
}

export async function waitForHealthy(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new StepFailure(`${url} did not answer 200 within ${timeoutMs / 1000}s; see the log lines above.`);
}

/** The api, the workers and the sandbox (local Google sign-in) as built in dist/. */
export function shopProcesses() {
  return [
    { name: 'api', command: process.execPath, args: ['api/dist/main.js'] },
    { name: 'workers', command: process.execPath, args: ['workers/dist/main.js'] },
    { name: 'sandbox', command: process.execPath, args: ['infra/sandbox/dist/main.js'] },
  ];
}

/** Every port the shop's processes listen on, with the variable that moves it. */
export async function assertShopPortsFree(config) {
  await assertPortFree(config.PORT, 'PORT');
  await assertPortFree(config.WORKERS_HEALTH_PORT, 'WORKERS_HEALTH_PORT');
  await assertPortFree(config.SANDBOX_PORT, 'SANDBOX_PORT');
  await assertPortFree(config.SANDBOX_SMTP_PORT, 'SANDBOX_SMTP_PORT');
}
