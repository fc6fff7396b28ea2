import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a session, an e-mailed link or a callback URL nobody can guess. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of such a token: its SHA-256, so a leak of the table hands out nothing that works. */
export function secretTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
