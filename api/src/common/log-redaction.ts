import { NOTIFICATION_API, ORDER_API } from '@shop/contracts';

const REDACTED = '[redacted]';

/** Routes whose path after the prefix is made of secrets: the M-Pesa callback token and an attempt's key, the delivery reports' token. */
const SECRET_PATH_PREFIXES = [
  ORDER_API.mpesaCallback(''),
  ORDER_API.mpesaStatusResult('', '').replace(/\/+$/, '/'),
  NOTIFICATION_API.africasTalkingDeliveryReport(''),
];

/** Query parameters that carry credentials: OAuth's code and state, and any token. */
const SECRET_PARAMETERS = new Set(['code', 'state', 'token', 'access_token', 'id_token', 'refresh_token', 'session_state']);

/**
 * A request's URL as the logs may keep it: each secret path segment and the value of each secret
 * query parameter replaced, so that reading a log never gives anyone a way to forge a callback or
 * finish somebody's sign-in.
 */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const prefix = SECRET_PATH_PREFIXES.find((candidate) => path.startsWith(candidate));
  if (prefix)
    path =
      prefix +
      path
        .slice(prefix.length)
        .split('/')
        .map((segment) => (segment ? REDACTED : segment))
        .join('/');
  if (!query) return path;
  const parameters = query.split('&').map((pair) => {
    const [name = '', ...value] = pair.split('=');
    return SECRET_PARAMETERS.has(decodeURIComponentSafely(name).toLowerCase()) && value.length > 0 ? `${name}=${REDACTED}` : pair;
  });
  return `${path}?${parameters.join('&')}`;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
