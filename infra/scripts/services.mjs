// npm run services: checks (and where needed starts) MySQL and Redis.
import { failWith } from './lib/bootstrap.mjs';
import { ensureServices } from './lib/services.mjs';

try {
  const { loadConfig } = await import('@shop/config');
  await ensureServices(loadConfig());
} catch (error) {
  failWith(error);
}
