// Makes sure MySQL and Redis answer at DATABASE_URL / REDIS_URL: uses running ones, starts
// project-local ones under .data/ where the servers are installed but stopped, and otherwise
// stops with one line saying how to get them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import { createConnection } from 'node:net';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot, say, StepFailure } from './bootstrap.mjs';

const HOW_TO_GET_THEM =
  'Install them with `apt-get install mariadb-server redis-server` (Debian, Ubuntu), or point DATABASE_URL and REDIS_URL at servers you run elsewhere.';
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: host.replace(/^\[|\]$/g, ''), port, timeout: timeoutMs });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Waits until something accepts connections on host:port; `logHint` says where to look when nothing does. */
export async function waitForPort(host, port, what, timeoutMs = 30_000, logHint = 'under .data/') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portAnswers(host, port)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new StepFailure(`${what} did not start listening on ${host}:${port} within ${timeoutMs / 1000}s; see its log ${logHint}.`);
}

export function findProgram(names) {
  for (const name of names) {
    for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
      if (existsSync(join(dir, name))) return join(dir, name);
    }
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return null;
}

function describeUrl(url) {
  return `${url.protocol}//${url.hostname}:${url.port}`;
}

/** Creates the system tables of a new MariaDB data directory, its root account reachable over the socket only. */
export function installMariadbDataDir(mysqlDir) {
  const installer = findProgram(['mariadb-install-db', 'mysql_install_db']);
  if (!installer) throw new StepFailure(`MariaDB is installed but mariadb-install-db is missing. ${HOW_TO_GET_THEM}`);
  mkdirSync(mysqlDir, { recursive: true });
  const init = spawnSync(
    installer,
    [
      '--no-defaults',
      `--datadir=${mysqlDir}`,
      `--user=${userInfo().username}`,
      '--skip-test-db',
      '--auth-root-authentication-method=socket',
    ],
    {
      encoding: 'utf8',
    },
  );
  if (init.status !== 0) throw new StepFailure(`mariadb-install-db failed: ${(init.stderr || init.stdout).trim().split('\n').pop()}`);
}

/** The arguments of a MariaDB server on 127.0.0.1:`port` only, with its data, socket and pid file where given. */
export function mariadbServerArgs({ mysqlDir, socketPath, pidFile, port }) {
  return [
    '--no-defaults',
    `--datadir=${mysqlDir}`,
    `--socket=${socketPath}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    // TCP clients then match the '<user>'@'127.0.0.1' account below, not socket-only 'root'@'localhost'.
    '--skip-name-resolve',
    `--pid-file=${pidFile}`,
    `--user=${userInfo().username}`,
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
  ];
}

/** Root connects over the socket only; the URL's user gets a TCP account so the shop can log in. */
export function grantTcpAccount(socketPath, url) {
  const user = decodeURIComponent(url.username || 'root');
  const password = decodeURIComponent(url.password).replaceAll("'", "''");
  const client = findProgram(['mariadb', 'mysql']);
  const grant = spawnSync(
    client,
    [
      `--socket=${socketPath}`,
      `-u${userInfo().username}`,
      '-e',
      `CREATE USER IF NOT EXISTS '${user}'@'127.0.0.1' IDENTIFIED BY '${password}'; GRANT ALL PRIVILEGES ON *.* TO '${user}'@'127.0.0.1' WITH GRANT OPTION;`,
    ],
    { encoding: 'utf8' },
  );
  if (grant.status !== 0) throw new StepFailure(`Could not create the MariaDB user '${user}': ${grant.stderr.trim()}`);
}

async function startLocalMariadb(url, dataDir) {
  const server = findProgram(['mariadbd', 'mysqld']);
  if (!server) {
    throw new StepFailure(`MySQL is not reachable at ${describeUrl(url)} and no MariaDB/MySQL server is installed. ${HOW_TO_GET_THEM}`);
  }
  const mysqlDir = join(dataDir, 'mysql');
  const socketPath = join(dataDir, 'mysqld.sock');
  if (!existsSync(join(mysqlDir, 'mysql'))) {
    say(`Creating a project-local MariaDB data directory in .data/mysql ...`);
    installMariadbDataDir(mysqlDir);
  }
  say(`Starting a project-local MariaDB on ${url.hostname}:${url.port} (data in .data/mysql) ...`);
  const log = openSync(join(dataDir, 'mysql.log'), 'a');
  spawn(server, mariadbServerArgs({ mysqlDir, socketPath, pidFile: join(dataDir, 'mysqld.pid'), port: url.port }), {
    detached: true,
    stdio: ['ignore', log, log],
  }).unref();
  await waitForPort('127.0.0.1', Number(url.port), 'MariaDB');
  grantTcpAccount(socketPath, url);
}

export async function ensureMysql(config) {
  const url = new URL(config.DATABASE_URL);
  const dataDir = resolve(repoRoot, config.DATA_DIR);
  url.port ||= '3306';
  if (!(await portAnswers(url.hostname, Number(url.port)))) {
    if (!LOCAL_HOSTS.has(url.hostname)) {
      throw new StepFailure(`MySQL does not answer at ${describeUrl(url)}. Check DATABASE_URL, or start the server. ${HOW_TO_GET_THEM}`);
    }
    await startLocalMariadb(url, dataDir);
  }
  const { default: mysql } = await import('mysql2/promise');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(database))
    throw new StepFailure(`DATABASE_URL must name a database of letters, digits and '_' (got '${database}').`);
  let connection;
  try {
    connection = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    });
  } catch (error) {
    throw new StepFailure(
      `MySQL at ${describeUrl(url)} refused the connection: ${error.message}. Check the user and password in DATABASE_URL.`,
    );
  }
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } catch (error) {
    throw new StepFailure(`Could not create the database '${database}': ${error.message}.`);
  } finally {
    await connection.end();
  }
  say(`MySQL ready at ${describeUrl(url)}, database '${database}'.`);
}

/** The arguments of a Redis on 127.0.0.1:`port` only, keeping its append-only file in `dir`, as BullMQ needs it (noeviction). */
export function redisServerArgs({ port, dir }) {
  return ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'];
}

function startLocalRedis(url, dataDir) {
  const server = findProgram(['redis-server']);
  if (!server) throw new StepFailure(`Redis is not reachable at ${describeUrl(url)} and redis-server is not installed. ${HOW_TO_GET_THEM}`);
  const redisDir = join(dataDir, 'redis');
  mkdirSync(redisDir, { recursive: true });
  say(`Starting a project-local Redis on ${url.hostname}:${url.port} (data in .data/redis) ...`);
  const started = spawnSync(
    server,
    [
      '--daemonize',
      'yes',
      ...redisServerArgs({ port: url.port, dir: redisDir }),
      '--logfile',
      join(redisDir, 'redis.log'),
      '--pidfile',
      join(redisDir, 'redis.pid'),
    ],
    { encoding: 'utf8' },
  );
  if (started.status !== 0) throw new StepFailure(`redis-server failed to start: ${(started.stderr || started.stdout).trim()}`);
  return waitForPort('127.0.0.1', Number(url.port), 'Redis');
}

export async function ensureRedis(config) {
  const url = new URL(config.REDIS_URL);
  const dataDir = resolve(repoRoot, config.DATA_DIR);
  url.port ||= '6379';
  if (!(await portAnswers(url.hostname, Number(url.port)))) {
    if (!LOCAL_HOSTS.has(url.hostname)) {
      throw new StepFailure(`Redis does not answer at ${describeUrl(url)}. Check REDIS_URL, or start the server. ${HOW_TO_GET_THEM}`);
    }
    await startLocalRedis(url, dataDir);
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    const [, policy] = await redis.config('GET', 'maxmemory-policy');
    if (policy !== 'noeviction') {
      say(
        `\u001b[33mwarning:\u001b[0m Redis maxmemory-policy is '${policy}'; BullMQ needs 'noeviction' or queued jobs can be evicted. Run: redis-cli config set maxmemory-policy noeviction`,
      );
    }
  } catch (error) {
    throw new StepFailure(`Redis at ${describeUrl(url)} did not accept the connection: ${error.message}. Check REDIS_URL.`);
  } finally {
    redis.disconnect();
  }
  say(`Redis ready at ${describeUrl(url)}.`);
}

export async function ensureServices(config) {
  await ensureMysql(config);
  await ensureRedis(config);
}
