export * from './sandbox.js';
export * from './identity/test-accounts.js';
export { DARAJA_TEST_NUMBERS, type DarajaTestNumber } from './daraja/test-numbers.js';
