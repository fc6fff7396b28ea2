// A container's health check (docker-compose.yml): `node infra/compose/probe.mjs <url>` exits 0 when
// the URL answers 2xx within the time, 1 otherwise. The shop's image has Node, and neither curl nor wget.
const PROBE_TIMEOUT_MS = 3000;

let healthy = false;
try {
  const response = await fetch(process.argv[2], { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  healthy = response.ok;
} catch {
  // Refused, timed out or not a URL: unhealthy all the same.
}
// Without an explicit exit, an unread body would keep the connection, and this process, open.
process.exit(healthy ? 0 : 1);
