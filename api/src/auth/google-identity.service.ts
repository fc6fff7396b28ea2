import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import type { AppConfig } from '@shop/config';
import { AUTH_API_PATHS, type GoogleSignInError } from '@shop/contracts';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';

/** What the shop needs from a verified Google identity. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

/** State kept between sending the browser to the provider and its return, for at most this long. */
export const SIGN_IN_ATTEMPT_TTL_SECONDS = 600;

/** At most about 2 KB, each kept for SIGN_IN_ATTEMPT_TTL_SECONDS: the return path is a safeReturnPath, never longer than 2048 characters. */
interface SignInAttempt {
  codeVerifier: string;
  nonce: string;
  returnTo: string | undefined;
}

export class GoogleSignInRefused extends Error {
  constructor(
    readonly reason: GoogleSignInError,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

function identityOf(claims: JWTPayload | oidc.IDToken): GoogleIdentity {
  const {
    sub,
    email,
    email_verified: emailVerified,
    name,
  } = claims as JWTPayload & { email?: unknown; email_verified?: unknown; name?: unknown };
  if (typeof sub !== 'string' || typeof email !== 'string')
    throw new GoogleSignInRefused('failed', 'the ID token has no subject or e-mail');
  // Google has sent email_verified both as a boolean and as the string "true".
  return {
    subject: sub,
    email,
    emailVerified: emailVerified === true || emailVerified === 'true',
    name: typeof name === 'string' ? name : undefined,
  };
}

/**
 * OpenID Connect with Google (or, outside production, the sandbox's provider at the configured
 * issuer): the browser flow with PKCE, and verification of ID tokens that clients bring.
 */
@Injectable()
export class GoogleIdentityService {
  private readonly logger = new Logger(GoogleIdentityService.name);
  private provider: Promise<{ configuration: oidc.Configuration; keys: ReturnType<typeof createRemoteJWKSet> }> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  private get redirectUri(): string {
    return new URL(AUTH_API_PATHS.googleCallback, this.config.PUBLIC_URL).href;
  }

  private attemptKey(state: string): string {
    return `${this.config.REDIS_PREFIX}:google-sign-in:${state}`;
  }

  /** Discovery happens on first use and is kept; a failure is not kept, so the next sign-in tries again. */
  private discover() {
    this.provider ??= (async () => {
      const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = this.config;
      if (!clientId || !clientSecret) throw new Error('no Google client is configured (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET)');
      const issuer = new URL(this.config.OIDC_ISSUER_URL);
      const configuration = await oidc.discovery(issuer, clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
      const jwksUri = configuration.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error(`${issuer.href} publishes no jwks_uri`);
      return { configuration, keys: createRemoteJWKSet(new URL(jwksUri)) };
    })().catch((error: unknown) => {
      this.provider = undefined;
      this.logger.warn(`Google sign-in is unavailable: ${(error as Error).message}`);
      throw new GoogleSignInRefused('unavailable');
    });
    return this.provider;
  }

  /** The provider's sign-in URL, and the state value the browser must bring back (kept in a cookie). */
  async beginSignIn(returnTo: string | undefined): Promise<{ url: string; state: string }> {
    const { configuration } = await this.discover();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const attempt: SignInAttempt = { codeVerifier, nonce, returnTo };
    await this.redis.set(this.attemptKey(state), JSON.stringify(attempt), 'EX', SIGN_IN_ATTEMPT_TTL_SECONDS);
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // As the old app did: always let the shopper pick the Google account.
      prompt: 'select_account',
    });
    return { url: url.href, state };
  }

  /** Exchanges the code the provider sent back; the attempt can be finished once only. */
  async finishSignIn(
    callbackPathAndQuery: string,
    stateFromCookie: string | undefined,
  ): Promise<{ identity: GoogleIdentity; returnTo: string | undefined }> {
    const callbackUrl = new URL(callbackPathAndQuery, this.config.PUBLIC_URL);
    const state = callbackUrl.searchParams.get('state');
    const stored = state ? await this.redis.getdel(this.attemptKey(state)) : null;
    if (callbackUrl.searchParams.get('error') === 'access_denied') throw new GoogleSignInRefused('cancelled');
    if (!state || state !== stateFromCookie || !stored)
      throw new GoogleSignInRefused('failed', 'the sign-in state is missing, expired or from another browser');
    const attempt = JSON.parse(stored) as SignInAttempt;
    const { configuration } = await this.discover();
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      return { identity: identityOf(tokens.claims()!), returnTo: attempt.returnTo };
    } catch (error) {
      throw new GoogleSignInRefused('failed', (error as Error).message);
    }
  }

  /** An ID token a client obtained itself: signature by the issuer's published keys, issuer, audience, expiry. */
  async verifyIdToken(idToken: string): Promise<GoogleIdentity> {
    const { configuration, keys } = await this.discover();
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: configuration.serverMetadata().issuer,
        audience: this.config.GOOGLE_CLIENT_ID,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return identityOf(payload);
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof GoogleSignInRefused)
        throw new GoogleSignInRefused('failed', error.message);
      throw error;
    }
  }
}
