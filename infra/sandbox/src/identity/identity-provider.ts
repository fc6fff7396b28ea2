import { randomBytes } from 'node:crypto';
import express, { type Express } from 'express';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { renderAccountChooser } from './sign-in-page.js';
import { LISTED_TEST_ACCOUNTS, testAccount, type TestGoogleAccount } from './test-accounts.js';

export interface IdentityClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface IdentityProviderOptions {
  /** Full issuer URL, ending in the path the provider is mounted at (`/oidc`). */
  issuer: string;
  client: IdentityClient;
}

interface ForgeIdTokenRequest {
  claims?: JWTPayload;
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
  /** `stranger` signs with a key the provider never published, under the provider's key id. */
  signer?: 'provider' | 'stranger';
}

const CLIENT_NAME = 'Toy Duka';
const SIGNING_ALGORITHM = 'RS256';

async function signingKey(): Promise<{ jwk: JWK; privateKey: CryptoKey }> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { jwk: { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: 'sig' }, privateKey };
}

/** Google forces an account choice with `prompt=select_account`; the base policy doesn't know that prompt. */
function policyWithAccountSelection(): interactionPolicy.Prompt[] {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  return policy;
}

/**
 * A real OpenID provider (oidc-provider) standing in for Google: discovery, JWKS, authorization
 * code with PKCE, and an account chooser listing test accounts. Returns the routes to mount at the
 * issuer's path, plus a control route that signs arbitrary ID tokens for tests of refusals.
 */
export async function createIdentityProvider({ issuer, client }: IdentityProviderOptions): Promise<Express> {
  const accounts = new Map<string, TestGoogleAccount>(LISTED_TEST_ACCOUNTS.map((account) => [account.accountId, account]));
  const { jwk, privateKey } = await signingKey();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        client_name: CLIENT_NAME,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts e-mail and name in the ID token itself; the shop reads them from there.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Google's own lifetimes, roughly; a sign-in is a matter of minutes.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `${new URL(issuer).pathname}/interaction/${interaction.uid}`,
      policy: policyWithAccountSelection(),
    },
    // A first-party client: the account chooser is the whole interaction, no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx: KoaContextWithOIDC, accountId: string) {
      const account = accounts.get(accountId);
      if (!account) return undefined;
      return {
        accountId,
        claims: () => ({ sub: accountId, email: account.email, email_verified: account.emailVerified, name: account.name }),
      };
    },
  });

  const routes = express();
  const form = express.urlencoded({ extended: false, limit: '4kb' });

  routes.get('/interaction/:uid', async (request, response, next) => {
    try {
      const { uid } = await provider.interactionDetails(request, response);
      response.type('html').send(renderAccountChooser(uid, CLIENT_NAME, [...accounts.values()]));
    } catch (error) {
      next(error);
    }
  });

  routes.post('/interaction/:uid/login', form, async (request, response, next) => {
    try {
      const { accountId, name, email } = request.body as Record<string, string | undefined>;
      let account = accountId ? accounts.get(accountId) : undefined;
      if (!account && name?.trim() && email?.includes('@')) {
        account = testAccount(name, email);
        accounts.set(account.accountId, account);
      }
      if (!account) {
        response.status(400).type('text').send('Choose a listed account, or give a name and an e-mail address.');
        return;
      }
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: account.accountId }, select_account: {} },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      next(error);
    }
  });

  routes.post('/interaction/:uid/abort', async (request, response, next) => {
    try {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      next(error);
    }
  });

  routes.post('/control/id-tokens', express.json(), async (request, response, next) => {
    try {
      const forged = request.body as ForgeIdTokenRequest;
      const key = forged.signer === 'stranger' ? (await generateKeyPair(SIGNING_ALGORITHM)).privateKey : privateKey;
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({ ...forged.claims })
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: jwk.kid })
        .setIssuer(forged.issuer ?? issuer)
        .setAudience(forged.audience ?? client.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + (forged.expiresInSeconds ?? 600))
        .sign(key);
      response.json({ idToken });
    } catch (error) {
      next(error);
    }
  });

  routes.use(provider.callback());
  return routes;
}
