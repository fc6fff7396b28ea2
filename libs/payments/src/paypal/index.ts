export * from './kes-conversion.js';
export * from './paypal-client.js';
export * from './paypal-error.js';
export * from './paypal-webhook-event.js';
