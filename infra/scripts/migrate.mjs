// npm run migrate: brings the database of DATABASE_URL up to the newest schema.
import { defaultNodeEnv, failWith, say } from './lib/bootstrap.mjs';
import { ensureMysql } from './lib/services.mjs';

// Reads only DATABASE_URL: no setting of development's stands in for a real one here.
defaultNodeEnv('development');
try {
  const { loadConfig } = await import('@shop/config');
  const { migrateDatabase } = await import('@shop/db');
  const config = loadConfig();
  await ensureMysql(config);
  const applied = await migrateDatabase(config);
  say(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Schema is up to date.');
} catch (error) {
  failWith(error);
}
