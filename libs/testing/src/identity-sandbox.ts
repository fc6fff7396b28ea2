import { loadConfig, SANDBOX_GOOGLE_CLIENT } from '@shop/config';
import { AUTH_API_PATHS } from '@shop/contracts';
import type { RunningSandbox } from '@shop/sandbox';

/** The test api's public URL; the sandbox's client accepts only its callback. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** The sandbox on a free port, registered for the test api; pass `configOverrides` to testConfig. */
export async function startIdentitySandbox(): Promise<{ sandbox: RunningSandbox; configOverrides: Record<string, string> }> {
  // Loaded on demand: only the tests that sign in with Google pay for starting an OpenID provider.
  const { paymentSandboxOptions, startSandbox } = await import('@shop/sandbox');
  const sandbox = await startSandbox({
    port: 0,
    ...paymentSandboxOptions(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL })),
    googleClient: {
      clientId: SANDBOX_GOOGLE_CLIENT.id,
      clientSecret: SANDBOX_GOOGLE_CLIENT.secret,
      redirectUris: [new URL(AUTH_API_PATHS.googleCallback, TEST_PUBLIC_URL).href],
    },
  });
  return { sandbox, configOverrides: { OIDC_ISSUER_URL: sandbox.issuer, PUBLIC_URL: TEST_PUBLIC_URL } };
}
