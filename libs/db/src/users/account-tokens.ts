import { IsNull, type EntityManager } from 'typeorm';
import { ACCOUNT_TOKEN_TTL_MS, type AccountMessageKind } from '@shop/contracts';
import { AccountToken } from '../entities/account-token.entity.js';
import { newSecretToken, secretTokenHash } from '../secret-tokens.js';

/**
 * A new link's token for the account, valid for its purpose's time; earlier unused ones of that
 * purpose stop working, so only the newest e-mail's link does. The raw token is returned once, for
 * the mail, and only its hash is stored.
 */
export async function issueAccountToken(
  manager: EntityManager,
  userId: number,
  purpose: AccountMessageKind,
): Promise<{ token: string; expiresAt: Date }> {
  await voidAccountTokens(manager, userId, purpose);
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + ACCOUNT_TOKEN_TTL_MS[purpose]);
  await manager.insert(AccountToken, { userId, purpose, tokenHash: secretTokenHash(token), expiresAt, usedAt: null });
  return { token, expiresAt };
}

/**
 * Uses a link's token: the account it belongs to when it is of this purpose, unused and unexpired,
 * else null. The conditional update makes a second use, even a concurrent one, find nothing.
 */
export async function consumeAccountToken(manager: EntityManager, token: string, purpose: AccountMessageKind): Promise<number | null> {
  const hash = secretTokenHash(token);
  const result = await manager
    .createQueryBuilder()
    .update(AccountToken)
    .set({ usedAt: () => 'CURRENT_TIMESTAMP(3)' })
    .where('tokenHash = :hash AND purpose = :purpose AND usedAt IS NULL AND expiresAt > CURRENT_TIMESTAMP(3)', { hash, purpose })
    .execute();
  if (result.affected !== 1) return null;
  const used = await manager.findOneByOrFail(AccountToken, { tokenHash: hash });
  return used.userId;
}

/** Every unused link of the account (of one purpose, or all) stops working: a new password voids old reset links. */
export async function voidAccountTokens(manager: EntityManager, userId: number, purpose?: AccountMessageKind): Promise<void> {
  await manager.update(
    AccountToken,
    { userId, usedAt: IsNull(), ...(purpose ? { purpose } : {}) },
    { usedAt: () => 'CURRENT_TIMESTAMP(3)' },
  );
}
