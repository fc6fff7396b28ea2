// The chaos suite's own MariaDB and Redis: servers of the machine's installation, started on spare
// ports with their data in the suite's temporary folder, so a kill -9 hits nothing but them. A
// restart reuses the same data: MariaDB recovers from its redo log, Redis replays its append-only file.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { say, StepFailure } from '../../scripts/lib/bootstrap.mjs';
import {
  findProgram,
  grantTcpAccount,
  installMariadbDataDir,
  mariadbServerArgs,
  redisServerArgs,
  waitForPort,
} from '../../scripts/lib/services.mjs';

const MISSING = 'The chaos suite runs private MariaDB and Redis servers: install them with `apt-get install mariadb-server redis-server`.';

function program(names) {
  const found = findProgram(names);
  if (!found) throw new StepFailure(`${names[0]} is not installed. ${MISSING}`);
  return found;
}

/**
 * A new MariaDB data directory under `dir` and the part that serves it on `port`; `ready()` waits for
 * the port after each start. The data directory is made once: restarts find what was committed.
 */
export async function privateMariadb(supervisor, { dir, port, databaseUrl }) {
  const server = program(['mariadbd', 'mysqld']);
  const mysqlDir = join(dir, 'data');
  const socketPath = join(dir, 'mysqld.sock');
  say(`Creating a private MariaDB data directory (${mysqlDir})...`);
  installMariadbDataDir(mysqlDir);
  const part = supervisor.createPart({
    name: 'mariadb',
    command: server,
    args: [
      ...mariadbServerArgs({ mysqlDir, socketPath, pidFile: join(dir, 'mysqld.pid'), port }),
      // Durable commits, as in production: what the shop was told is committed survives the kill.
      '--innodb-flush-log-at-trx-commit=1',
      '--max-connections=500',
    ],
    ready: ({ logPath }) => waitForPort('127.0.0.1', port, 'The private MariaDB', 120_000, `in ${logPath}`),
  });
  part.start();
  await part.ready();
  grantTcpAccount(socketPath, new URL(databaseUrl));
  return part;
}

/**
 * A Redis on `port` with its append-only file in `dir`, fsynced every second (Redis's default and
 * what a production Redis runs): a kill may lose the last second of writes, which the shop must survive.
 * No RDB snapshots, so a restart replays exactly the append-only file.
 */
export async function privateRedis(supervisor, { dir, port }) {
  const server = program(['redis-server']);
  mkdirSync(dir, { recursive: true });
  const part = supervisor.createPart({
    name: 'redis',
    command: server,
    args: [...redisServerArgs({ port, dir }), '--appendfsync', 'everysec', '--save', ''],
    ready: ({ logPath }) => waitForPort('127.0.0.1', port, 'The private Redis', 60_000, `in ${logPath}`),
  });
  part.start();
  await part.ready();
  return part;
}
