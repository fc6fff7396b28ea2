export * from './test-config.js';
export * from './disposable-redis.js';
export * from './wait-for.js';
export * from './accounts.js';
export * from './identity-sandbox.js';
export * from './catalogue.js';
export * from './images.js';
