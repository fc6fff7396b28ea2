// A bench's own database, made anew on every run with the project's migrations.
import { say } from './bootstrap.mjs';

/**
 * Drops and recreates the database of `config.DATABASE_URL`, then applies every migration through
 * the same functions as `npm run migrate`, so the bench measures the schema the shop really has.
 */
export async function recreateDatabase(workspace, config) {
  await workspace.ensureMysql(config);
  const name = await dropDatabase(config);
  await workspace.ensureMysql(config);
  const applied = await workspace.migrateDatabase(config);
  say(`Database '${name}' created; migrations applied: ${applied.join(', ')}.`);
}

/** Drops the bench database of `config.DATABASE_URL` (only ever one named toyduka_bench…); answers its name. */
export async function dropDatabase(config) {
  const { default: mysql } = await import('mysql2/promise');
  const url = new URL(config.DATABASE_URL);
  const name = url.pathname.replace(/^\//, '');
  if (!/^toyduka_bench\w*$/.test(name)) throw new Error(`refusing to drop '${name}': bench databases are named toyduka_bench…`);
  const server = await mysql.createConnection(serverOptions(url));
  try {
    await server.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await server.end();
  }
  return name;
}

/** A mysql2 pool on the bench database, for filling it and for the baselines. */
export async function openPool(databaseUrl, connectionLimit) {
  const { default: mysql } = await import('mysql2/promise');
  const url = new URL(databaseUrl);
  return mysql.createPool({
    ...serverOptions(url),
    database: url.pathname.replace(/^\//, ''),
    connectionLimit,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
  });
}

function serverOptions(url) {
  return {
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}
