import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, LessThan, MoreThan, Not, type EntityManager } from 'typeorm';
import { LIMITS, type SessionUser } from '@shop/contracts';
import { Session } from '@shop/db';
import { newSessionToken, sessionTokenHash } from './session-token.js';

export interface ActiveSession {
  /** The stored key of the session; also names its Socket.IO room, never the token itself. */
  id: string;
  user: SessionUser;
  /** Set when this use slid the expiry, so the cookie is sent again with the new lifetime. */
  renewed: boolean;
}

export function toSessionUser(user: { id: number; userName: string; email: string; role: SessionUser['role'] }): SessionUser {
  return { id: user.id, userName: user.userName, email: user.email, role: user.role };
}

/** Server-side sessions behind opaque tokens: only a hash of each token is stored. */
@Injectable()
export class SessionService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async start(userId: number): Promise<{ token: string; id: string }> {
    const token = newSessionToken();
    const id = sessionTokenHash(token);
    await this.dataSource
      .getRepository(Session)
      .insert({ tokenHash: id, userId, expiresAt: new Date(Date.now() + LIMITS.sessionIdleTimeoutMs) });
    // Ended sessions are swept here rather than by a timer: every sign-in pays a little, nothing piles up.
    await this.dataSource.getRepository(Session).delete({ userId, expiresAt: LessThan(new Date()) });
    return { token, id };
  }

  /** One lean read on every signed-in request: the session with its account, no entity hydrated. */
  async resume(token: string): Promise<ActiveSession | undefined> {
    const id = sessionTokenHash(token);
    const now = Date.now();
    // Deleting an account ends its sessions in the same transaction; the deletedAt test holds even for a row that slipped past.
    const [session] = await this.dataSource.query<(SessionUser & { expiresAt: Date })[]>(
      'SELECT `user`.`id`, `user`.`userName`, `user`.`email`, `user`.`role`, `session`.`expiresAt` FROM `sessions` `session` ' +
        'JOIN `users` `user` ON `user`.`id` = `session`.`userId` WHERE `session`.`tokenHash` = ? AND `session`.`expiresAt` > ? AND `user`.`deletedAt` IS NULL',
      [id, new Date(now)],
    );
    if (!session) return undefined;
    const renewDue = session.expiresAt.getTime() - now < LIMITS.sessionIdleTimeoutMs - LIMITS.sessionRenewIntervalMs;
    if (renewDue) {
      await this.dataSource.getRepository(Session).update({ tokenHash: id }, { expiresAt: new Date(now + LIMITS.sessionIdleTimeoutMs) });
    }
    return { id, user: toSessionUser(session), renewed: renewDue };
  }

  /** Of the given session ids, those still in force: a socket outlives the request that opened it, so its session is checked again later. */
  async stillActive(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const sessions = await this.dataSource
      .getRepository(Session)
      .find({ select: { tokenHash: true }, where: { tokenHash: In(ids), expiresAt: MoreThan(new Date()) } });
    return new Set(sessions.map((session) => session.tokenHash));
  }

  /**
   * Ends every session of the account but `keep` (the caller's own, when it stays signed in), in the
   * caller's transaction. Returns the ended ids, so their sockets can be closed once it commits.
   */
  async endAllOf(manager: EntityManager, userId: number, keep?: string): Promise<string[]> {
    const where = keep === undefined ? { userId } : { userId, tokenHash: Not(keep) };
    const ended = await manager.find(Session, { select: { tokenHash: true }, where, lock: { mode: 'pessimistic_write' } });
    if (ended.length > 0) await manager.delete(Session, { tokenHash: In(ended.map((session) => session.tokenHash)) });
    return ended.map((session) => session.tokenHash);
  }

  /** Returns the ended session's id, so its open sockets can be closed too. */
  async end(token: string): Promise<string> {
    const id = sessionTokenHash(token);
    await this.dataSource.getRepository(Session).delete({ tokenHash: id });
    return id;
  }
}
