// npm run dev: the built api and workers with the Vite dev server in front for the web (hot reload).
import { build, ensureInstalled, failWith, say } from './lib/bootstrap.mjs';

let stack;
try {
  ensureInstalled();
  build();
  const { loadConfig } = await import('@shop/config');
  const { ensureServices } = await import('./lib/services.mjs');
  const { assertPortFree, shopProcesses, supervise, waitForHealthy } = await import('./lib/processes.mjs');
  const { migrateDatabase, seedDemoData } = await import('@shop/db');
  const config = loadConfig();
  await ensureServices(config);
  await assertPortFree(config.PORT, 'PORT');
  await migrateDatabase(config);
  await seedDemoData(config);
  const web = { name: 'web', command: 'npx', args: ['vite', '--port', '5173', '--strictPort'], env: { API_URL: `http://127.0.0.1:${config.PORT}` } };
  stack = supervise([...shopProcesses(), { ...web, cwd: 'web' }], {}, { onUnexpectedExit: (error) => say(error.message) });
  process.once('SIGINT', () => void stack.stop().then(() => process.exit(0)));
  await waitForHealthy(`http://127.0.0.1:${config.PORT}/api/health`);
  say('Web with hot reload at http://localhost:5173 (api at ' + config.PUBLIC_URL + ')');
} catch (error) {
  await stack?.stop();
  failWith(error);
}
