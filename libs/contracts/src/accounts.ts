import { ROUTES } from './routes.js';

/** One account per address: e-mails are compared and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A non-browser client (an app holding a bearer token) sends this header with value `bearer` on
 * sign-in to receive the session token in the answer instead of a cookie; browsers never see it.
 */
export const SESSION_TRANSPORT_HEADER = 'x-session-transport';

/** Where the api sends the browser back after "Continue with Google": the login route plus these parameters. */
export const GOOGLE_SIGN_IN_RESULT = {
  path: ROUTES.login,
  /** `signed-in` on success. */
  outcomeParam: 'google',
  signedIn: 'signed-in',
  /** On failure: a key of MESSAGES.googleSignIn. */
  errorParam: 'googleError',
  returnToParam: 'returnTo',
} as const;

export const GOOGLE_SIGN_IN_ERRORS = [
  'cancelled',
  'emailNotVerified',
  'accountExistsWithOtherMethod',
  'passwordAccountExists',
  'failed',
  'unavailable',
] as const;
export type GoogleSignInError = (typeof GOOGLE_SIGN_IN_ERRORS)[number];

/**
 * A path of this shop's web app to return to after sign-in, or undefined. Only same-origin paths
 * pass: `//evil.example` or `https://…` would make the sign-in an open redirect.
 */
export function safeReturnPath(candidate: string | null | undefined): string | undefined {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return undefined;
  if (candidate.startsWith('/api/') || candidate.startsWith('/auth/')) return undefined;
  return candidate.length <= 2048 ? candidate : undefined;
}
