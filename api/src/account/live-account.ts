import { IsNull, type EntityManager } from 'typeorm';
import { User } from '@shop/db';

/**
 * The account's row, locked for the rest of the transaction, unless it was deleted: every change of
 * an account queues on its row, so a deletion and a password change never interleave.
 */
export function lockedLiveAccount(manager: EntityManager, userId: number): Promise<User | null> {
  return manager.findOne(User, { where: { id: userId, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
}
