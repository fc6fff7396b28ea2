export * from './sandbox.js';
export * from './identity/test-accounts.js';
export { DARAJA_TEST_NUMBERS, type DarajaTestNumber } from './daraja/test-numbers.js';
export { AFRICAS_TALKING_TEST_NUMBERS, type AfricasTalkingTestNumber } from './africastalking/test-numbers.js';
export type { SentSms } from './africastalking/africastalking-sandbox.js';
export type { SentEmail } from './mail/mail-sandbox.js';
export type { OutboxMessages } from './outbox/outbox-router.js';
