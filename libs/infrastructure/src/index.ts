export * from './infrastructure.module.js';
export * from './timeouts.js';
export * from './lost-publishes.js';
export * from './outbox-publisher.js';
