import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { ACCOUNT_MESSAGE_KINDS, JOBS, MESSAGES, type SessionUser } from '@shop/contracts';
import { consumeAccountToken, hashPassword, inTransaction, recordEvent, Refusal, User, voidAccountTokens } from '@shop/db';
import { SessionService } from '../access/session.service.js';
import { lockedLiveAccount } from '../account/live-account.js';
import { EventsGateway } from '../realtime/events.gateway.js';

const linkInvalid = () => new Refusal('LINK_INVALID', MESSAGES.account.linkInvalid);

/**
 * The links the shop e-mails about an account: proving the address, and setting a new password.
 * Only the events are recorded here; the notifications worker issues each link's token as it
 * writes the mail, so the raw token never exists outside the mail (docs/adr/0028-accounts-e-mailed-links-profile-and-deletion.md).
 */
@Injectable()
export class EmailLinksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
    private readonly events: EventsGateway,
  ) {}

  requestVerification(caller: SessionUser): Promise<true | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      const account = await lockedLiveAccount(manager, caller.id);
      if (!account) return new Refusal('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated);
      if (account.emailVerifiedAt) return new Refusal('ALREADY_VERIFIED', MESSAGES.account.alreadyVerified);
      await recordEvent(manager, JOBS.notificationSend, { kind: ACCOUNT_MESSAGE_KINDS.emailVerification, userId: account.id });
      return true as const;
    });
  }

  verifyEmail(token: string): Promise<true | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      const userId = await consumeAccountToken(manager, token, ACCOUNT_MESSAGE_KINDS.emailVerification);
      const account = userId === null ? null : await lockedLiveAccount(manager, userId);
      if (!account) return linkInvalid();
      if (!account.emailVerifiedAt) await manager.update(User, account.id, { emailVerifiedAt: new Date() });
      return true as const;
    });
  }

  /**
   * Records a reset mail for a live account with this e-mail, Google-only ones included (the link
   * gives them a password); for any other address nothing, and the caller answers the same either way.
   */
  async requestPasswordReset(email: string): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      const account = await manager.findOneBy(User, { email, deletedAt: IsNull() });
      if (account) await recordEvent(manager, JOBS.notificationSend, { kind: ACCOUNT_MESSAGE_KINDS.passwordReset, userId: account.id });
    });
  }

  /**
   * Sets the new password and ends every session of the account, sockets included: whoever knew the
   * old password, or held a session, is out. The link came to the mailbox, so it is proven too.
   */
  async resetPassword(token: string, password: string): Promise<true | Refusal> {
    const passwordHash = await hashPassword(password);
    const outcome = await inTransaction(this.dataSource, async (manager) => {
      const userId = await consumeAccountToken(manager, token, ACCOUNT_MESSAGE_KINDS.passwordReset);
      const account = userId === null ? null : await lockedLiveAccount(manager, userId);
      if (!account) return linkInvalid();
      await manager.update(User, account.id, { passwordHash, emailVerifiedAt: account.emailVerifiedAt ?? new Date() });
      await voidAccountTokens(manager, account.id);
      return this.sessions.endAllOf(manager, account.id);
    });
    if (outcome instanceof Refusal) return outcome;
    for (const sessionId of outcome) this.events.disconnectSession(sessionId);
    return true;
  }
}
