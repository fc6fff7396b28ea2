// npm run services: checks (and where needed starts) MySQL and Redis.
import { defaultNodeEnv, failWith } from './lib/bootstrap.mjs';
import { ensureServices } from './lib/services.mjs';

// Reads only where MySQL and Redis are: no setting of development's stands in for a real one here.
defaultNodeEnv('development');
try {
  const { loadConfig } = await import('@shop/config');
  await ensureServices(loadConfig());
} catch (error) {
  failWith(error);
}
