// HTTP load with autocannon: a short warm-up, then the measured run. Loaded after the install.
import autocannon from 'autocannon';
import { cpuMillisOf, machineCpuMillis } from './cpu.mjs';

/**
 * Hammers `target` with `connections` clients for `warmUpSeconds` then `durationSeconds` (JIT,
 * connection pools and MySQL's buffer pool settle before anything counts). `target` is one URL, or
 * `{ origin, paths, headers }`: a mix, each request asking for the next of `paths` in turn across
 * all clients, with `headers` (a browser's Accept-Encoding, say).
 * Only 200 answers count: any other, and any connection error or timeout, makes the run an error.
 * `serverPid`, where known, adds the server's CPU time per request. An answer slower than
 * `timeoutSeconds` is a timeout.
 */
export async function measure(target, { connections, durationSeconds, warmUpSeconds, timeoutSeconds = 10 }, serverPid) {
  // One load throughout: a second run after the warm-up would cut the requests in flight, and the
  // server would finish their work (a slow page's: a great deal) inside the measured window unanswered.
  const latencies = [];
  let window;
  const startWindow = () => {
    window = { cpu: cpuMillisOf(serverPid), machine: machineCpuMillis(), startedAt: performance.now() };
  };
  let warmUp;
  if (warmUpSeconds > 0) warmUp = setTimeout(startWindow, warmUpSeconds * 1000);
  else startWindow();
  let result;
  try {
    result = await run(
      target,
      { connections, duration: warmUpSeconds + durationSeconds, timeout: timeoutSeconds },
      (statusCode, responseTime) => {
        if (window && statusCode === 200) latencies.push(responseTime);
      },
    );
  } finally {
    clearTimeout(warmUp);
  }
  const cpuAfter = cpuMillisOf(serverPid);
  const machineAfter = machineCpuMillis();
  const seconds = (performance.now() - window.startedAt) / 1000;
  const answered = result.statusCodeStats?.[200]?.count ?? 0;
  const otherAnswers = result.requests.total - answered;
  if (otherAnswers + result.errors + result.timeouts > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(', ');
    throw new Error(
      `${describe(target)}: ${otherAnswers} answers other than 200, ${result.errors} connection errors, ${result.timeouts} timeouts (status codes: ${codes})`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    /** Every measured answer's time in milliseconds, shortest first. */
    latencies,
    requests: latencies.length,
    /** Answered during the warm-up and the measured run together. */
    requestsWithWarmUp: answered,
    bytesPerRequest: result.throughput.total / Math.max(1, answered),
    cpuMsPerRequest:
      window.cpu === undefined || cpuAfter === undefined ? undefined : (cpuAfter - window.cpu) / Math.max(1, latencies.length),
    /** How many CPUs the server kept busy on average: below one, a one-threaded server waited for a CPU. */
    serverCpus: window.cpu === undefined || cpuAfter === undefined ? undefined : (cpuAfter - window.cpu) / (seconds * 1000),
    /** The share of the whole machine's CPU in use during the measured run: neighbours and the load generator too. */
    machineBusy:
      window.machine && machineAfter ? (machineAfter.busy - window.machine.busy) / (machineAfter.total - window.machine.total) : undefined,
  };
}

/** The nearest-rank percentile of `sorted` (ascending). */
function percentile(sorted, rank) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))];
}

function describe(target) {
  return typeof target === 'string' ? target : `${target.origin} (${target.paths.length} paths)`;
}

let running;

/** Stops the load under way, if any: on Ctrl-C before the servers it targets are stopped. */
export function stopLoad() {
  running?.stop();
}

async function run(target, { connections, duration, timeout }, onAnswer) {
  const options = { connections, duration, timeout, pipelining: 1 };
  if (typeof target === 'string') {
    options.url = target;
  } else {
    let next = 0;
    Object.assign(options, {
      url: target.origin,
      headers: target.headers,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: target.paths[next++ % target.paths.length] }) }],
    });
  }
  running = autocannon(options);
  // autocannon's own percentiles skip p95, and cover the warm-up: each answer's time is kept instead.
  running.on('response', (_client, statusCode, _bytes, responseTime) => onAnswer(statusCode, responseTime));
  try {
    return await running;
  } finally {
    running = undefined;
  }
}
