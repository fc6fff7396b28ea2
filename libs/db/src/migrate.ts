import type { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { createDataSource } from './data-source.js';
import { MIGRATIONS } from './migrations/index.js';

type DatabaseConfig = Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>;

/** MySQL's named lock that one migration run holds at a time, whichever machine or pod runs it. */
export const MIGRATION_LOCK = 'toyduka.migrations';
/** How long a run waits for another to finish (a slow migration on a large table takes minutes). */
const MIGRATION_LOCK_WAIT_SECONDS = 15 * 60;

/**
 * Runs `work` on the database while this run holds the migration lock. Runs started at once
 * (replicas, a compose one-shot beside a Kubernetes Job) take turns: the first applies, the others
 * then find nothing left to do.
 */
async function underMigrationLock<T>(config: DatabaseConfig, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  // The lock belongs to a session: a pool of one keeps it on one connection from GET_LOCK to RELEASE_LOCK.
  const lockSession = createDataSource({ ...config, DATABASE_POOL_SIZE: 1 });
  await lockSession.initialize();
  try {
    const [{ granted }] = (await lockSession.query('SELECT GET_LOCK(?, ?) AS granted', [MIGRATION_LOCK, MIGRATION_LOCK_WAIT_SECONDS])) as {
      granted: number | null;
    }[];
    if (Number(granted) !== 1)
      throw new Error(`Another migration run held the lock '${MIGRATION_LOCK}' for over ${MIGRATION_LOCK_WAIT_SECONDS} s: is one stuck?`);
    const dataSource = createDataSource(config);
    await dataSource.initialize();
    try {
      return await work(dataSource);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await lockSession.destroy();
  }
}

/** Applies the migrations a database has not seen yet and returns their names. */
export function migrateDatabase(config: DatabaseConfig): Promise<string[]> {
  return underMigrationLock(config, async (dataSource) =>
    (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name),
  );
}

/**
 * Undoes the newest `count` migrations, newest first, and returns their names: how a rollback to
 * the build before them begins, since that build refuses a schema newer than its own. Run with the
 * newer build, the one that knows how to undo them.
 */
export function revertMigrations(config: DatabaseConfig, count: number): Promise<string[]> {
  return underMigrationLock(config, async (dataSource) => {
    const reverted: string[] = [];
    for (const name of (await appliedMigrations(dataSource)).reverse().slice(0, count)) {
      await dataSource.undoLastMigration({ transaction: 'each' });
      reverted.push(name);
    }
    return reverted;
  });
}

/** The names in the migrations table, oldest first; none before the first migration made it. */
async function appliedMigrations(dataSource: DataSource): Promise<string[]> {
  const [{ tables }] = (await dataSource.query(
    "SELECT COUNT(*) AS tables FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'migrations'",
  )) as { tables: number | string }[];
  if (Number(tables) === 0) return [];
  return ((await dataSource.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[]).map((row) => row.name);
}

/** The migrations this build knows, oldest first, by the names the migrations table records. */
const KNOWN_MIGRATIONS = MIGRATIONS.map((migration) => migration.name);

export class SchemaMismatch extends Error {}

/**
 * Refuses to run against a schema this build was not written for: one that misses some of its
 * migrations (`npm run migrate` has not run), or one with migrations it does not know (a newer
 * build migrated it). Either way the code and the tables disagree, and the answer is a deploy step,
 * not a half-working shop.
 */
export async function assertSchemaCurrent(dataSource: DataSource): Promise<void> {
  const applied = await appliedMigrations(dataSource);
  const unknown = applied.filter((name) => !KNOWN_MIGRATIONS.includes(name));
  if (unknown.length > 0) {
    throw new SchemaMismatch(
      `The database's schema is newer than this build: it has migrations this build does not know (${unknown.join(', ')}). Run the build that applied them, or a newer one.`,
    );
  }
  const missing = KNOWN_MIGRATIONS.filter((name) => !applied.includes(name));
  if (missing.length > 0) {
    throw new SchemaMismatch(
      `The database's schema is older than this build: ${missing.length} migration(s) not applied (${missing.join(', ')}). Run \`npm run migrate\` first.`,
    );
  }
}
