import { randomInt } from 'node:crypto';

/**
 * A Kenyan mobile number of one test shopper's own, as addresses store it (2547…): a shopper pays
 * from a phone of their saved addresses, and a number no other test uses keeps other tests'
 * prompts, and the per-phone push limit, away from it. None of the sandbox's test numbers, so its
 * pushes pay.
 */
export function newPhone(): string {
  return `2547${randomInt(10_000_000, 99_999_999)}`;
}
