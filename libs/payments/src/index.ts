export * from './daraja/index.js';
export * from './paypal/index.js';
export * from './clients-from-config.js';
export * from './never-sent.js';
