/** MySQL chose this transaction as a deadlock's victim and rolled it back; running it again is the documented answer. */
export function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ER_LOCK_DEADLOCK';
}

/** A write met a unique index: a row with the same key (as the index's collation compares them) is there already. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ER_DUP_ENTRY';
}

/**
 * Runs a whole transaction again when MySQL picks it as a deadlock victim (it was rolled back, so
 * nothing of it stands). `run` must start its own transaction each time.
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
    }
  }
}
