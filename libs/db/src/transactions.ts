import type { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel.js';
import type { ErrorCode, ErrorData, PlainErrorCode } from '@shop/contracts';
import { retryingDeadlocks } from './deadlocks.js';

/** A code's data argument: left out for a code that carries none. */
export type RefusalData<C extends ErrorCode> = C extends PlainErrorCode ? [data?: ErrorData<C>] : [data: ErrorData<C>];

/**
 * An expected refusal that a transaction's work answers instead of throwing (the api's
 * Refusal is one): everything the work wrote is rolled back, and the refusal is answered.
 * It names a code (libs/contracts, errors.ts), never an HTTP status: the api's exception filter maps codes to statuses.
 */
export class Refusal<C extends ErrorCode = ErrorCode> {
  readonly data: ErrorData<C>;

  constructor(
    readonly code: C,
    readonly message: string,
    ...[data]: RefusalData<C>
  ) {
    this.data = (data ?? {}) as ErrorData<C>;
  }
}

export interface TransactionOptions {
  /** The database's own (REPEATABLE READ) unless named. */
  isolation?: IsolationLevel;
  /**
   * Whether a deadlock victim runs again (it was rolled back whole, so nothing of it stands). Only
   * work with an effect outside the database that a replay would repeat turns it off.
   */
  retryDeadlocks?: boolean;
}

/**
 * The one way the shop opens a transaction (a lint rule forbids the others): it commits what
 * `work` did, unless `work` answers a Refusal or throws; then everything it wrote is rolled back,
 * so nothing is left half-written. A deadlock victim runs again.
 */
export function inTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  { isolation, retryDeadlocks = true }: TransactionOptions = {},
): Promise<T> {
  const once = () => runOnce(dataSource, work, isolation);
  return retryDeadlocks ? retryingDeadlocks(once) : once();
}

async function runOnce<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  isolation: IsolationLevel | undefined,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction(isolation);
    const outcome = await work(runner.manager);
    if (outcome instanceof Refusal) await runner.rollbackTransaction();
    else await runner.commitTransaction();
    return outcome;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
}
