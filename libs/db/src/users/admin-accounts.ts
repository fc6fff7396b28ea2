import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { LIMITS, normaliseEmail } from '@shop/contracts';
import { User } from '../entities/index.js';
import { hashPassword } from './passwords.js';

export interface AdminAccountRequest {
  email: string;
  /** Needed only to create the account; an existing account keeps its own password. */
  password?: string;
  userName?: string;
}

export type AdminAccountOutcome = 'created' | 'promoted' | 'already-admin';

export class AdminAccountError extends Error {}

const adminAccountRequest = z.object({
  email: z.email('is not an e-mail address').max(LIMITS.emailMaxLength),
  password: z
    .string()
    .min(LIMITS.passwordMinLength, `must be at least ${LIMITS.passwordMinLength} characters`)
    .max(LIMITS.passwordMaxLength)
    .optional(),
  userName: z.string().trim().min(1).max(LIMITS.userNameMaxLength).optional(),
});

/** Makes `email` an admin: creates the account, or promotes the shopper who already has it. */
export async function ensureAdminAccount(manager: EntityManager, candidate: AdminAccountRequest): Promise<AdminAccountOutcome> {
  const checked = adminAccountRequest.safeParse({ ...candidate, email: normaliseEmail(candidate.email) });
  if (!checked.success)
    throw new AdminAccountError(checked.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; '));
  const request = checked.data;
  const email = request.email;
  const existing = await manager.findOneBy(User, { email });
  if (existing) {
    if (existing.role === 'admin') return 'already-admin';
    await manager.update(User, existing.id, { role: 'admin' });
    return 'promoted';
  }
  if (!request.password) throw new AdminAccountError(`No account uses ${email}; give a password to create it.`);
  const passwordHash = await hashPassword(request.password);
  await manager.insert(User, { userName: request.userName ?? 'Shop Admin', email, passwordHash, role: 'admin', googleSubject: null });
  return 'created';
}
