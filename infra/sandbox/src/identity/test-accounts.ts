import { createHash } from 'node:crypto';

export interface TestGoogleAccount {
  accountId: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

/** Google's `sub` is stable per account; deriving ours from the address keeps it stable across sandbox restarts. */
export function testAccount(name: string, email: string, emailVerified = true): TestGoogleAccount {
  const normalisedEmail = email.trim().toLowerCase();
  const accountId = `sandbox-${createHash('sha256').update(normalisedEmail).digest('hex').slice(0, 21)}`;
  return { accountId, name: name.trim(), email: normalisedEmail, emailVerified };
}

/** The accounts the sign-in page offers; docs/sandbox.md says what each is for. */
export const LISTED_TEST_ACCOUNTS: readonly TestGoogleAccount[] = [
  testAccount('Wanjiku Kamau', 'wanjiku.kamau@gmail.test'),
  testAccount('Otieno Odhiambo', 'otieno.odhiambo@gmail.test'),
  testAccount('Amina Hassan', 'amina.hassan@gmail.test'),
  testAccount('Njeri Unverified', 'njeri.unverified@gmail.test', false),
];
