import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes), OWASP's first choice. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a crash of sign-in.
    return false;
  }
}
