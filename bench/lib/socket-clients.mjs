// The bench's side of bench/lib/live-sockets.mjs: forks it and asks it one thing at a time.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../infra/scripts/lib/bootstrap.mjs';
import { onCleanUp } from '../../infra/scripts/lib/lifecycle.mjs';

/**
 * Starts the sockets' process. `ask(type, fields)` sends one message and resolves with its answer;
 * the process answers in order, one message at a time from the bench.
 */
export function startSocketClients() {
  const child = fork(join(repoRoot, 'bench/lib/live-sockets.mjs'), [], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onCleanUp(() => child.exitCode === null && child.kill('SIGTERM'));
  const ask = (type, fields = {}) =>
    new Promise((resolve, reject) => {
      const onExit = (code) => reject(new Error(`the socket clients' process stopped (exit ${code}) while asked '${type}'`));
      child.once('exit', onExit);
      child.once('message', (answer) => {
        child.off('exit', onExit);
        if (answer.type !== type) reject(new Error(`the socket clients answered '${answer.type}' to '${type}'`));
        else resolve(answer);
      });
      child.send({ type, ...fields });
    });
  return {
    pid: child.pid,
    ask,
    async close() {
      if (child.exitCode !== null) return;
      await ask('close');
      await exited;
    },
  };
}
