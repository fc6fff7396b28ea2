import type { HealthState } from '@shop/contracts';

/** Settles as `work` does, or rejects once `ms` have passed: a dependency that hangs answers like one that is down. */
export function withinTimeout<T>(work: Promise<T>, ms: number, what = 'the call'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

/** How long one health check of a dependency may take: a probe answers within its own timeout, outages included. */
export const HEALTH_CHECK_TIMEOUT_MS = 1500;

/** One dependency's state for a health report: up when `check` succeeds in time. */
export async function probe(check: () => Promise<unknown>): Promise<HealthState> {
  try {
    await withinTimeout(check(), HEALTH_CHECK_TIMEOUT_MS);
    return 'up';
  } catch {
    return 'down';
  }
}
