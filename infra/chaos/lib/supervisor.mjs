// The chaos suite's processes: each part (MariaDB, Redis, the sandbox, the api, the workers) can be
// started, killed with SIGKILL and started again on its own, unlike infra/scripts/lib/processes.mjs
// `supervise`, which stops everything when one child dies. A part that dies by itself is restarted
// after a second, as an orchestrator would, and counted: the suite reports it.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, say } from '../../scripts/lib/bootstrap.mjs';

const COLOURS = { mariadb: '\u001b[34m', redis: '\u001b[31m', sandbox: '\u001b[32m', api: '\u001b[35m', workers: '\u001b[33m' };
/** A part that ended by itself comes back after this long (a container runtime's restart policy). */
const CRASH_RESTART_DELAY_MS = 1000;
const STOP_GRACE_MS = 10_000;

/**
 * Runs parts as detached children (their own process group, so a Ctrl-C at the terminal reaches the
 * suite alone and it stops them in order). Each part's output goes to `<logDir>/<name>.log`, every
 * line stamped with the seconds since the suite began; CHAOS_VERBOSE=1 also prints it.
 */
export function createSupervisor({ logDir, env, verbose }) {
  const startedAt = Date.now();
  const parts = new Map();
  let closed = false;
  const stamp = () => `+${((Date.now() - startedAt) / 1000).toFixed(3)}s`;

  /** `ready(part)` waits after each start until the part serves (a server's port); by default it does not wait. */
  function createPart({ name, command, args, extraEnv = {}, ready = async () => undefined }) {
    const logPath = join(logDir, `${name}.log`);
    const log = createWriteStream(logPath, { flags: 'a' });
    const note = (line) => {
      log.write(`[${stamp()}] ${line}\n`);
      if (verbose) process.stdout.write(`${COLOURS[name] ?? ''}[${name}]\u001b[0m ${line}\n`);
    };
    const part = {
      name,
      logPath,
      child: undefined,
      /** Exits the suite did not cause: { at, how }. */
      crashes: [],
      starts: 0,
      ready: () => ready(part),
      get pid() {
        return part.child?.pid;
      },
      get running() {
        return part.child !== undefined && part.child.exitCode === null && part.child.signalCode === null;
      },
      start() {
        if (closed || part.running) return;
        const child = spawn(command, args, {
          cwd: repoRoot,
          env: { ...process.env, ...env, ...extraEnv },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        part.child = child;
        part.starts += 1;
        child.expectedExit = false;
        child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
        // A spawn error (missing program) also ends in 'exit' or is reported here; either way it is logged.
        child.once('error', (error) => note(`--- could not start: ${error.message}`));
        for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', note);
        note(`--- started (pid ${child.pid})`);
        void child.exited.then(({ code, signal }) => {
          const how = signal ?? `exit ${code}`;
          if (child.expectedExit || closed) {
            note(`--- ended (${how})`);
            return;
          }
          part.crashes.push({ at: Date.now(), how });
          note(`--- ended by itself (${how}); restarting in ${CRASH_RESTART_DELAY_MS} ms`);
          say(`${name} ended by itself (${how}); restarting it (see ${logPath}).`);
          setTimeout(() => part.child === child && part.start(), CRASH_RESTART_DELAY_MS);
        });
      },
      /** SIGKILL to this part's own pid, nothing else; resolves once it is gone. */
      async kill() {
        const child = part.child;
        if (!part.running) return;
        child.expectedExit = true;
        note('--- kill -9 (chaos)');
        process.kill(child.pid, 'SIGKILL');
        await child.exited;
      },
      async stop() {
        const child = part.child;
        if (!part.running) return;
        child.expectedExit = true;
        child.kill('SIGTERM');
        const force = setTimeout(() => part.running && child.kill('SIGKILL'), STOP_GRACE_MS);
        await child.exited;
        clearTimeout(force);
      },
      /** The last `lines` lines of its log, for a failure's report. */
      tail(lines = 30) {
        try {
          return readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines);
        } catch {
          return [];
        }
      },
      closeLog() {
        return new Promise((resolve) => log.end(resolve));
      },
    };
    parts.set(name, part);
    return part;
  }

  return {
    createPart,
    parts,
    /** Stops every part, the last started first, and refuses to start any again. */
    async stopAll(order) {
      closed = true;
      for (const name of order ?? [...parts.keys()].reverse()) {
        const part = parts.get(name);
        if (!part) continue;
        await part.stop();
        await part.closeLog();
      }
    },
  };
}
