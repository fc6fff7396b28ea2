export * from './infrastructure.module.js';
export * from './timeouts.js';
