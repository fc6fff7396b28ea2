import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret someone sent is the one configured, in the same time whatever they sent: both
 * are hashed first, so neither a byte-by-byte guess nor the length of the real one shows in timing.
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
