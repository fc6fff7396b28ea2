// npm start: everything a fresh clone needs to run the whole shop, then the shop itself.
import { build, ensureInstalled, failWith, say } from './lib/bootstrap.mjs';

let shop;
try {
  ensureInstalled();
  build();
  const { adminCredentials, loadConfig } = await import('@shop/config');
  const { ensureServices } = await import('./lib/services.mjs');
  const { assertPortFree, shopProcesses, supervise, waitForHealthy } = await import('./lib/processes.mjs');
  const config = loadConfig();
  await ensureServices(config);
  await assertPortFree(config.PORT, 'PORT');
  await assertPortFree(config.WORKERS_HEALTH_PORT, 'WORKERS_HEALTH_PORT');

  const { migrateDatabase, seedDemoData } = await import('@shop/db');
  const applied = await migrateDatabase(config);
  say(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Schema is up to date.');
  const seeded = await seedDemoData(config);
  if (seeded.productsCreated > 0) say(`Seeded the demo catalogue: ${seeded.productsCreated} products, ${seeded.featureImagesCreated} feature images.`);

  shop = supervise(shopProcesses(), {}, { onUnexpectedExit: (error) => { process.exitCode = 1; say(error.message); } });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      say('Stopping...');
      void shop.stop().then(() => process.exit(process.exitCode ?? 0));
    });
  }
  await waitForHealthy(`http://127.0.0.1:${config.PORT}/api/health`);
  say(`Toy Duka is running at ${config.PUBLIC_URL}  (API docs: ${config.PUBLIC_URL}/api/docs)`);
  if (config.NODE_ENV !== 'production') {
    const admin = adminCredentials(config);
    say(`Admin sign-in: ${admin.email} / ${admin.password}`);
  }
  say('Press Ctrl-C to stop.');
} catch (error) {
  await shop?.stop();
  failWith(error);
}
