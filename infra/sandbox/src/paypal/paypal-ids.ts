import { randomBytes, randomInt } from 'node:crypto';

// PayPal's order, capture and payer ids are upper-case letters and digits of a fixed length.
const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export function paypalId(length = 17): string {
  return Array.from({ length }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
}

export function webhookEventId(): string {
  return `WH-${paypalId()}-${paypalId()}`;
}

export function debugId(): string {
  return randomBytes(7).toString('hex').slice(0, 13);
}

/** PayPal's timestamps: RFC 3339 in UTC, whole seconds. */
export function paypalTime(at = new Date()): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}
