export * from './sandbox.js';
export * from './identity/test-accounts.js';
