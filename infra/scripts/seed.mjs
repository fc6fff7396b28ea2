// npm run seed: the demo catalogue, feature images and admin account; safe to run again.
// It follows NODE_ENV as given: unset is production, where the demo admin's known password is never
// used (NODE_ENV=development npm run seed for the demo one).
import { failWith, say } from './lib/bootstrap.mjs';

try {
  const { loadConfig } = await import('@shop/config');
  const { seedDemoData } = await import('@shop/db');
  const report = await seedDemoData(loadConfig());
  say(
    `Seeded ${report.productsCreated} products and ${report.featureImagesCreated} feature images; admin ${report.adminEmail} ${report.adminCreated ? 'created' : 'already there'}.`,
  );
} catch (error) {
  failWith(error);
}
