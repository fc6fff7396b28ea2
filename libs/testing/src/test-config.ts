import { randomBytes } from 'node:crypto';
import { loadConfig, type AppConfig } from '@shop/config';

/**
 * Configuration for a test file: the test database (never the demo one), and a Redis prefix of
 * its own so queues, socket channels and keys of one run never meet another's.
 */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_PREFIX: `toyduka-test-${randomBytes(4).toString('hex')}`,
    PIPELINE_HEARTBEAT_INTERVAL_MS: '0',
    OUTBOX_POLL_INTERVAL_MS: '50',
    // The relay's wait for rows nobody published: short, since specs write events with no publisher of their own.
    OUTBOX_RELAY_AFTER_MS: '100',
    SWAGGER_ENABLED: 'false',
    UPLOADS_DIR: '.data/test-uploads',
    // No server render: Jest would load the web's whole render bundle into every spec's api. The specs
    // of the render give their own (api/src/web-shell); the browser tests run the built shop, with it.
    WEB_SSR_DIR: 'no-server-render',
    ...overrides,
  });
  if (!new URL(config.DATABASE_URL).pathname.endsWith('_test')) {
    throw new Error(`Tests refuse to run against ${config.DATABASE_URL}: its database name must end in _test (npm test sets it).`);
  }
  return config;
}
