/**
 * Network failures that mean a request never reached its server (refused, no such host, no
 * route): sending it again cannot make the provider act twice. Any other failure after the
 * connection was made leaves the provider's outcome unknown.
 */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function neverSent(networkErrorCode: string | undefined): boolean {
  return networkErrorCode !== undefined && NEVER_SENT_CODES.has(networkErrorCode);
}
