export * from './config.schema.js';
export * from './exit-with-reason.js';
