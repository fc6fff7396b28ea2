// HTTP load with autocannon: a short warm-up, then the measured run. Loaded after the install.
import autocannon from 'autocannon';
import { cpuMillisOf } from './cpu.mjs';

/**
 * Hammers `url` with `connections` clients for `durationSeconds` after a warm-up of
 * `warmUpSeconds` (JIT, connection pools and MySQL's buffer pool settle before anything counts).
 * Any answer other than 2xx, and any connection error or timeout, makes the run an error.
 * `serverPid`, where known, adds the server's CPU time per request.
 */
export async function measure(url, { connections, durationSeconds, warmUpSeconds }, serverPid) {
  if (warmUpSeconds > 0) await run(url, connections, warmUpSeconds);
  const cpuBefore = cpuMillisOf(serverPid);
  const result = await run(url, connections, durationSeconds);
  const cpuAfter = cpuMillisOf(serverPid);
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(', ');
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers, ${result.errors} connection errors, ${result.timeouts} timeouts (status codes: ${codes})`,
    );
  }
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, result.requests.total),
  };
}

let running;

/** Stops the load under way, if any: on Ctrl-C before the servers it targets are stopped. */
export function stopLoad() {
  running?.stop();
}

async function run(url, connections, durationSeconds) {
  running = autocannon({ url, connections, duration: durationSeconds, pipelining: 1, timeout: 10 });
  try {
    return await running;
  } finally {
    running = undefined;
  }
}
