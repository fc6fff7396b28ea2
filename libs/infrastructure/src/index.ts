export * from './tokens.js';
export * from './infrastructure.module.js';
export * from './timeouts.js';
export * from './lost-publishes.js';
export * from './outbox-publisher.js';
export * from './shop-window-version.js';
