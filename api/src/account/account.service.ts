import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { MESSAGES, normaliseEmail, type AccountProfile, type SessionUser } from '@shop/contracts';
import { kenyanMobileNumber } from '@shop/contracts/phone';
import {
  AccountToken,
  Address,
  Cart,
  hashPassword,
  inTransaction,
  Notification,
  Refusal,
  User,
  voidAccountTokens,
  WishlistItem,
} from '@shop/db';
import { SessionService } from '../access/session.service.js';
import { AuthService } from '../auth/auth.service.js';
import { EventsGateway } from '../realtime/events.gateway.js';
import type { ChangePasswordDto } from './dto/change-password.dto.js';
import type { DeleteAccountDto } from './dto/delete-account.dto.js';
import type { ProfileUpdateDto } from './dto/profile-update.dto.js';
import { lockedLiveAccount } from './live-account.js';

function profileOf(user: User): AccountProfile {
  return {
    userName: user.userName,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    phone: user.phone,
    notifyBySms: user.notifyBySms,
    notifyByEmail: user.notifyByEmail,
    hasPassword: user.passwordHash !== null,
    googleLinked: user.googleSubject !== null,
  };
}

/** The session outlived its account (deleted a moment ago in another tab): signed out, as the guard would say next time. */
const accountGone = () => new Refusal('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated);

/** The phone column's value of a typed number: null or blank removes it, anything else must be a Kenyan mobile. */
function phoneOf(typed: string | null): string | null | Refusal {
  if (typed === null || typed === '') return null;
  return kenyanMobileNumber(typed) ?? new Refusal('PHONE_INVALID', MESSAGES.address.invalidPhone);
}

/**
 * The signed-in person's own account: the Profile tab, a new password, and deletion. Every method
 * acts for the session's user only; no route names an account, so there is none of another's to name.
 */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly events: EventsGateway,
  ) {}

  async profile(caller: SessionUser): Promise<AccountProfile | Refusal> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: caller.id, deletedAt: IsNull() });
    return user ? profileOf(user) : accountGone();
  }

  updateProfile(caller: SessionUser, { userName, phone, notifyBySms, notifyByEmail }: ProfileUpdateDto): Promise<AccountProfile | Refusal> {
    const storedPhone = phone === undefined ? undefined : phoneOf(phone);
    if (storedPhone instanceof Refusal) return Promise.resolve(storedPhone);
    return inTransaction(this.dataSource, async (manager) => {
      const user = await lockedLiveAccount(manager, caller.id);
      if (!user) return accountGone();
      const changes = Object.fromEntries(
        Object.entries({ userName, phone: storedPhone, notifyBySms, notifyByEmail }).filter(([, value]) => value !== undefined),
      );
      return profileOf(await manager.save(Object.assign(user, changes)));
    });
  }

  /** The current password first; then every other session of the account ends, this one stays, and unused reset links stop working. */
  async changePassword(
    caller: SessionUser,
    keptSessionId: string,
    { currentPassword, newPassword }: ChangePasswordDto,
    clientAddress: string,
  ): Promise<true | Refusal> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: caller.id, deletedAt: IsNull() });
    if (!user) return accountGone();
    if (!user.passwordHash) return new Refusal('NO_PASSWORD_TO_CHANGE', MESSAGES.account.noPasswordToChange);
    const confirmed = await this.auth.confirmPassword(
      { email: user.email, passwordHash: user.passwordHash },
      currentPassword,
      clientAddress,
    );
    if (confirmed instanceof Refusal) return confirmed;
    const passwordHash = await hashPassword(newPassword);
    const ended = await inTransaction(this.dataSource, async (manager) => {
      const locked = await lockedLiveAccount(manager, caller.id);
      // A reset or another change got in between: the password just confirmed is no longer the account's.
      if (!locked || locked.passwordHash !== user.passwordHash)
        return new Refusal('CURRENT_PASSWORD_WRONG', MESSAGES.account.currentPasswordWrong);
      await manager.update(User, locked.id, { passwordHash });
      await voidAccountTokens(manager, locked.id, 'passwordReset');
      return this.sessions.endAllOf(manager, locked.id, keptSessionId);
    });
    if (ended instanceof Refusal) return ended;
    this.disconnect(ended);
    return true;
  }

  /**
   * Erases the account's personal data in one transaction (Kenya's Data Protection Act 2019): the
   * row stays, anonymised, because orders (the shop's books) point at it and keep what the law
   * requires (docs/adr/0028-accounts-e-mailed-links-profile-and-deletion.md). Reviews keep their rating and text under the neutral name.
   */
  async deleteAccount(caller: SessionUser, { confirmEmail, password }: DeleteAccountDto, clientAddress: string): Promise<true | Refusal> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: caller.id, deletedAt: IsNull() });
    if (!user) return accountGone();
    // An admin removing their own access could leave the shop without one; another admin takes the role away first.
    if (user.role === 'admin') return new Refusal('ADMIN_CANNOT_DELETE', MESSAGES.account.adminCannotDelete);
    if (normaliseEmail(confirmEmail) !== user.email) return new Refusal('CONFIRM_EMAIL_MISMATCH', MESSAGES.account.confirmEmailMismatch);
    if (user.passwordHash) {
      if (!password) return new Refusal('PASSWORD_REQUIRED', MESSAGES.account.passwordRequiredToDelete);
      const confirmed = await this.auth.confirmPassword({ email: user.email, passwordHash: user.passwordHash }, password, clientAddress);
      if (confirmed instanceof Refusal) return confirmed;
    }
    const ended = await inTransaction(this.dataSource, async (manager) => {
      const locked = await lockedLiveAccount(manager, caller.id);
      if (!locked) return accountGone();
      await manager.update(User, locked.id, {
        userName: MESSAGES.account.deletedUserName,
        // Unique like any e-mail, and in the reserved .invalid domain: nothing is ever delivered there, nobody can register it.
        email: `deleted-${locked.id}@deleted.invalid`,
        passwordHash: null,
        googleSubject: null,
        phone: null,
        notifyBySms: false,
        notifyByEmail: false,
        deletedAt: new Date(),
      });
      await manager.delete(Address, { userId: locked.id });
      // The cart's lines go with it (cart_items cascade on the cart).
      await manager.delete(Cart, { userId: locked.id });
      await manager.delete(WishlistItem, { userId: locked.id });
      await manager.delete(AccountToken, { userId: locked.id });
      // Mails about the account itself name its e-mail; messages about orders stay with the orders.
      await manager.delete(Notification, { userId: locked.id, orderId: IsNull() });
      return this.sessions.endAllOf(manager, locked.id);
    });
    if (ended instanceof Refusal) return ended;
    this.disconnect(ended);
    return true;
  }

  private disconnect(sessionIds: string[]): void {
    for (const sessionId of sessionIds) this.events.disconnectSession(sessionId);
  }
}
