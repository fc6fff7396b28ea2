// The real api alone (no workers, no sandbox) on the bench catalogue, as bench:catalogue and
// bench:web-render measure it. Loaded after the install: it needs @shop/contracts and ioredis.
import { openPool, recreateDatabase } from '../../infra/scripts/lib/bench-database.mjs';
import { say } from '../../infra/scripts/lib/bootstrap.mjs';
import { onCleanUp } from '../../infra/scripts/lib/lifecycle.mjs';
import { benchPorts, databaseUrlNamed } from '../../infra/scripts/lib/workspace.mjs';
import { fillCatalogue } from './catalogue-data.mjs';
import { deleteKeysUnder } from './redis-keys.mjs';

/** The api's environment: the bench's ports, database, Redis prefix and uploads folder. */
export function catalogueApiEnv(workspace, { databaseName, redisPrefix, uploadsDir }) {
  const ports = benchPorts();
  return {
    DATABASE_URL: databaseUrlNamed(workspace.loadConfig().DATABASE_URL, databaseName),
    PORT: String(ports.api),
    WORKERS_HEALTH_PORT: String(ports.workersHealth),
    SANDBOX_PORT: String(ports.sandbox),
    PUBLIC_URL: `http://localhost:${ports.api}`,
    REDIS_PREFIX: redisPrefix,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: 'warn',
    // production would demand real admin credentials; development runs the same code paths here.
    NODE_ENV: 'development',
    SWAGGER_ENABLED: 'false',
    // No workers run to take the heartbeats: the api's only work is the requests being measured.
    PIPELINE_HEARTBEAT_INTERVAL_MS: '0',
  };
}

/**
 * The database of `config` dropped, migrated anew and filled with the bench catalogue; the keys
 * under `config.REDIS_PREFIX` emptied now and when the bench ends.
 */
export async function freshCatalogue(workspace, config) {
  await workspace.ensureRedis(config);
  await recreateDatabase(workspace, config);
  await deleteKeysUnder(config.REDIS_URL, config.REDIS_PREFIX);
  onCleanUp(() => deleteKeysUnder(config.REDIS_URL, config.REDIS_PREFIX));

  const pool = await openPool(config.DATABASE_URL, 4);
  try {
    const filled = await fillCatalogue(pool);
    say(
      `Filled the catalogue: ${filled.products} products (${filled.live} in the shop, ${filled.products - filled.live} deleted by an admin), ${filled.variations} variations, ${filled.images} images.`,
    );
  } finally {
    await pool.end();
  }
}
