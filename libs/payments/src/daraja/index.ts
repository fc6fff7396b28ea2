export * from './daraja-client.js';
export * from './daraja-error.js';
export * from './daraja-timestamp.js';
export * from './mpesa-failure-reason.js';
export * from './stk-callback.js';
export * from './transaction-status-result.js';
