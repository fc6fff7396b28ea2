import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { ACCOUNT_MESSAGE_KINDS, JOBS, LIMITS, MESSAGES, normaliseEmail, type SessionUser } from '@shop/contracts';
import { hashPassword, inTransaction, isDuplicateKey, recordEvent, Refusal, User, verifyPassword } from '@shop/db';
import { toSessionUser } from '../access/session.service.js';
import { refuseForLimit } from '../throttling/rate-limits.service.js';
import { GoogleIdentityService, GoogleSignInRefused, type GoogleIdentity } from './google-identity.service.js';
import { LoginThrottleService } from './login-throttle.service.js';

export interface Registration {
  userName: string;
  email: string;
  password: string;
}

function googleRefusalAsFailure({ reason }: GoogleSignInRefused): Refusal {
  if (reason === 'unavailable') return new Refusal('GOOGLE_SIGN_IN_UNAVAILABLE', MESSAGES.googleSignIn.unavailable);
  if (reason === 'failed' || reason === 'cancelled') return new Refusal('GOOGLE_TOKEN_REJECTED', MESSAGES.googleSignIn.tokenRejected);
  return new Refusal('GOOGLE_SIGN_IN_REFUSED', MESSAGES.googleSignIn[reason], { reason });
}

/** Accounts: who someone is, proven by a password or by Google. Sessions are the caller's business. */
@Injectable()
export class AuthService {
  /** Verified against when the e-mail is unknown, so a wrong address costs as long as a wrong password. */
  private readonly decoyHash = hashPassword('decoy password that matches nothing');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly throttle: LoginThrottleService,
    private readonly google: GoogleIdentityService,
  ) {}

  async register({ userName, email, password }: Registration): Promise<SessionUser | Refusal> {
    const emailTaken = new Refusal('EMAIL_TAKEN', MESSAGES.registration.emailTaken);
    const users = this.dataSource.getRepository(User);
    if (await users.existsBy({ email })) return emailTaken;
    const passwordHash = await hashPassword(password);
    try {
      return await inTransaction(this.dataSource, async (manager) => {
        // Typing an address proves nothing about owning it: the account stays unverified until the
        // mailed link comes back. Shopping meanwhile is allowed; linking Google is not.
        const user = await manager.save(
          manager.create(User, { userName, email, passwordHash, role: 'user', googleSubject: null, emailVerifiedAt: null }),
        );
        await recordEvent(manager, JOBS.notificationSend, { kind: ACCOUNT_MESSAGE_KINDS.emailVerification, userId: user.id });
        return toSessionUser(user);
      });
    } catch (error) {
      if (isDuplicateKey(error)) return emailTaken;
      throw error;
    }
  }

  async signInWithPassword(email: string, password: string, clientAddress: string): Promise<SessionUser | Refusal> {
    const waitMs = await this.throttle.beginAttempt(email, clientAddress);
    if (waitMs > 0) refuseForLimit(MESSAGES.login.tooManyAttempts(Math.ceil(waitMs / 60_000)), waitMs);

    const user = await this.dataSource.getRepository(User).findOneBy({ email, deletedAt: IsNull() });
    const passwordMatches = await verifyPassword(user?.passwordHash ?? (await this.decoyHash), password);
    // A failure keeps the point its attempt took.
    if (!user?.passwordHash || !passwordMatches) return new Refusal('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
    await this.throttle.attemptSucceeded(email, clientAddress);
    return toSessionUser(user);
  }

  /**
   * A signed-in person's password asked again before a change that needs it (a new password, the
   * account's deletion). Wrong answers count as failed sign-ins: a borrowed session is no way round
   * the sign-in throttle for guessing the password.
   */
  async confirmPassword(
    account: { email: string; passwordHash: string },
    password: string,
    clientAddress: string,
  ): Promise<true | Refusal> {
    const waitMs = await this.throttle.beginAttempt(account.email, clientAddress);
    if (waitMs > 0) refuseForLimit(MESSAGES.login.tooManyAttempts(Math.ceil(waitMs / 60_000)), waitMs);
    if (!(await verifyPassword(account.passwordHash, password)))
      return new Refusal('CURRENT_PASSWORD_WRONG', MESSAGES.account.currentPasswordWrong);
    await this.throttle.attemptSucceeded(account.email, clientAddress);
    return true;
  }

  /** `POST /auth/social-login`: an ID token the client got from Google itself. */
  async signInWithIdToken(idToken: string): Promise<SessionUser | Refusal> {
    try {
      const user = await this.signInWithGoogle(await this.google.verifyIdToken(idToken));
      return user instanceof GoogleSignInRefused ? googleRefusalAsFailure(user) : user;
    } catch (error) {
      if (error instanceof GoogleSignInRefused) return googleRefusalAsFailure(error);
      throw error;
    }
  }

  /** The browser's return from Google's account chooser. */
  async signInWithGoogleCallback(
    callbackPathAndQuery: string,
    stateFromCookie: string | undefined,
  ): Promise<{ user: SessionUser; returnTo: string | undefined } | GoogleSignInRefused> {
    try {
      const { identity, returnTo } = await this.google.finishSignIn(callbackPathAndQuery, stateFromCookie);
      const user = await this.signInWithGoogle(identity);
      return user instanceof GoogleSignInRefused ? user : { user, returnTo };
    } catch (error) {
      if (error instanceof GoogleSignInRefused) return error;
      throw error;
    }
  }

  /**
   * The shop account of a Google identity: the one linked to it, else the account with the same
   * e-mail when both Google and the shop know that e-mail to be its owner's, which gets linked,
   * else a new shopper.
   */
  private async signInWithGoogle(identity: GoogleIdentity): Promise<SessionUser | GoogleSignInRefused> {
    const users = this.dataSource.getRepository(User);
    const linked = await users.findOneBy({ googleSubject: identity.subject, deletedAt: IsNull() });
    if (linked) return toSessionUser(linked);
    if (!identity.emailVerified) return new GoogleSignInRefused('emailNotVerified');

    const email = normaliseEmail(identity.email);
    const sameEmail = await users.findOneBy({ email });
    if (sameEmail) {
      if (sameEmail.googleSubject) return new GoogleSignInRefused('accountExistsWithOtherMethod');
      // Anyone can register a password account under someone else's address and wait: linking it
      // would hand the mailbox owner an account whose password a stranger knows.
      if (!sameEmail.emailVerifiedAt) return new GoogleSignInRefused('passwordAccountExists');
      await users.update(sameEmail.id, { googleSubject: identity.subject });
      return toSessionUser(sameEmail);
    }
    try {
      const userName = identity.name?.trim().slice(0, LIMITS.userNameMaxLength) || email.split('@')[0]!;
      // Google said the address is verified: the account starts proven.
      const created = users.create({
        userName,
        email,
        passwordHash: null,
        role: 'user',
        googleSubject: identity.subject,
        emailVerifiedAt: new Date(),
      });
      return toSessionUser(await users.save(created));
    } catch (error) {
      // Two first sign-ins of one Google account at once: the other created it.
      if (isDuplicateKey(error)) return this.signInWithGoogle(identity);
      throw error;
    }
  }
}
