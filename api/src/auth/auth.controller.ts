import { Body, Controller, Get, Header, HttpCode, HttpStatus, Inject, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AppConfig } from '@shop/config';
import {
  AUTH_API_PATHS,
  GOOGLE_SIGN_IN_RESULT,
  MESSAGES,
  safeReturnPath,
  SESSION_TRANSPORT_HEADER,
  type ApiSuccess,
  type GoogleSignInError,
  type SessionUser,
} from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { ClientAddress, CurrentUser, Public } from '../access/access.decorators.js';
import { SESSION_COOKIE, sessionCookieOptions, sessionTokenOfRequest } from '../access/session-token.js';
import { SessionService } from '../access/session.service.js';
import type { ShopRequest } from '../access/shop-request.js';
import { orRefuse } from '../common/refusals.js';
import { EventsGateway } from '../realtime/events.gateway.js';
import { RateLimitsService } from '../throttling/rate-limits.service.js';
import { AuthService } from './auth.service.js';
import { ForgotPasswordDto } from './dto/forgot-password.dto.js';
import { GoogleSignInQuery } from './dto/google-sign-in.query.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';
import { SocialLoginDto } from './dto/social-login.dto.js';
import { VerifyEmailDto } from './dto/verify-email.dto.js';
import { EmailLinksService } from './email-links.service.js';
import { GoogleIdentityService, GoogleSignInRefused, SIGN_IN_ATTEMPT_TTL_SECONDS } from './google-identity.service.js';

const GOOGLE_STATE_COOKIE = 'toyduka_google_state';

export interface SignedIn {
  success: true;
  message: string;
  user: SessionUser;
  /** Only for clients that asked for a bearer token (SESSION_TRANSPORT_HEADER); browsers get the cookie. */
  token?: string;
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly auth: AuthService,
    private readonly emailLinks: EmailLinksService,
    private readonly sessions: SessionService,
    private readonly google: GoogleIdentityService,
    private readonly events: EventsGateway,
    private readonly rateLimits: RateLimitsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('register')
  async register(
    @Body() registration: RegisterDto,
    @ClientAddress() clientAddress: string,
    @Req() request: ShopRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedIn> {
    // Counted before the password is hashed and whether or not the e-mail is taken: a script
    // creating accounts, or probing which e-mails have one, pays the same.
    await this.rateLimits.consume('registrationsPerClientAddress', [clientAddress], MESSAGES.registration.tooManyRegistrations);
    const user = orRefuse(await this.auth.register(registration));
    return this.startSession(user, MESSAGES.registration.succeeded, request, response);
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  async login(
    @Body() { email, password }: LoginDto,
    @ClientAddress() clientAddress: string,
    @Req() request: ShopRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedIn> {
    const user = orRefuse(await this.auth.signInWithPassword(email, password, clientAddress));
    return this.startSession(user, MESSAGES.login.succeeded, request, response);
  }

  @Public()
  @Post('social-login')
  @HttpCode(HttpStatus.OK)
  async socialLogin(
    @Body() { token }: SocialLoginDto,
    @Req() request: ShopRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedIn> {
    const user = orRefuse(await this.auth.signInWithIdToken(token));
    return this.startSession(user, MESSAGES.login.succeeded, request, response);
  }

  /** Ends the caller's session everywhere it is used: this browser, other tabs' sockets, bearer clients. */
  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(@Req() request: ShopRequest, @Res({ passthrough: true }) response: Response): Promise<{ success: true; message: string }> {
    const token = sessionTokenOfRequest(request);
    if (token) this.events.disconnectSession(await this.sessions.end(token));
    response.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(this.config.NODE_ENV), maxAge: undefined });
    return { success: true, message: MESSAGES.login.loggedOut };
  }

  @ApiCookieAuth(SESSION_COOKIE)
  @Get('check-auth')
  @Header('Cache-Control', 'no-store')
  checkAuth(@CurrentUser() user: SessionUser): { success: true; user: SessionUser } {
    return { success: true, user };
  }

  @ApiCookieAuth(SESSION_COOKIE)
  @ApiOperation({ summary: 'Mail a new link that verifies the e-mail address of the signed-in account (409 when it is verified already)' })
  @Post('verify-email/resend')
  @HttpCode(HttpStatus.OK)
  async resendVerification(@CurrentUser() caller: SessionUser): Promise<ApiSuccess<null>> {
    // Keyed by account, not address: each mail lands in one inbox, and the caller is known.
    await this.rateLimits.consume('verificationMailsPerAccount', [String(caller.id)], MESSAGES.account.tooManyVerificationMails);
    orRefuse(await this.emailLinks.requestVerification(caller));
    return { success: true, message: MESSAGES.account.verificationSent, data: null };
  }

  /** Public: the link may be opened in another browser than the one signed in. */
  @Public()
  @ApiOperation({ summary: "Use an e-mailed verification link's token: the account's e-mail address is verified" })
  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  async verifyEmail(@Body() { token }: VerifyEmailDto, @ClientAddress() clientAddress: string): Promise<ApiSuccess<null>> {
    await this.rateLimits.consume('emailLinkUsesPerClientAddress', [clientAddress], MESSAGES.account.tooManyLinkUses);
    orRefuse(await this.emailLinks.verifyEmail(token));
    return { success: true, message: MESSAGES.account.emailVerified, data: null };
  }

  /** The same answer whether or not an account has the e-mail, and the same limits counted either way. */
  @Public()
  @ApiOperation({ summary: 'Mail a password reset link to the account with this e-mail, if there is one' })
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  async forgotPassword(@Body() { email }: ForgotPasswordDto, @ClientAddress() clientAddress: string): Promise<ApiSuccess<null>> {
    await Promise.all([
      this.rateLimits.consume('passwordResetRequestsPerClientAddress', [clientAddress], MESSAGES.account.tooManyResetRequests),
      this.rateLimits.consume('passwordResetRequestsPerEmail', [email], MESSAGES.account.tooManyResetRequests),
    ]);
    await this.emailLinks.requestPasswordReset(email);
    return { success: true, message: MESSAGES.account.resetRequested, data: null };
  }

  @Public()
  @ApiOperation({ summary: "Set a new password with an e-mailed reset link's token: every session of the account ends" })
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  async resetPassword(@Body() { token, password }: ResetPasswordDto, @ClientAddress() clientAddress: string): Promise<ApiSuccess<null>> {
    await this.rateLimits.consume('emailLinkUsesPerClientAddress', [clientAddress], MESSAGES.account.tooManyLinkUses);
    orRefuse(await this.emailLinks.resetPassword(token, password));
    return { success: true, message: MESSAGES.account.passwordReset, data: null };
  }

  /** "Continue with Google": off to the provider's account chooser, with PKCE, state and nonce. */
  @Public()
  @Get('google')
  async beginGoogleSignIn(
    @Query() { returnTo }: GoogleSignInQuery,
    @ClientAddress() clientAddress: string,
    @Res() response: Response,
  ): Promise<void> {
    // Anyone may start one without an account, and each start stores an attempt in Redis: past the
    // limit the answer is a 429 and nothing is stored.
    await this.rateLimits.consume('googleSignInStartsPerClientAddress', [clientAddress], MESSAGES.server.tooManyRequestsFor);
    try {
      const { url, state } = await this.google.beginSignIn(safeReturnPath(returnTo));
      response.cookie(GOOGLE_STATE_COOKIE, state, this.googleStateCookieOptions());
      response.redirect(HttpStatus.FOUND, url);
    } catch (error) {
      this.redirectToLogin(response, { [GOOGLE_SIGN_IN_RESULT.errorParam]: this.googleErrorOf(error) });
    }
  }

  @Public()
  @Get('google/callback')
  async finishGoogleSignIn(@Req() request: ShopRequest, @Res() response: Response): Promise<void> {
    response.clearCookie(GOOGLE_STATE_COOKIE, { ...this.googleStateCookieOptions(), maxAge: undefined });
    try {
      const outcome = await this.auth.signInWithGoogleCallback(
        request.originalUrl,
        request.cookies?.[GOOGLE_STATE_COOKIE] as string | undefined,
      );
      if (outcome instanceof GoogleSignInRefused) throw outcome;
      await this.startSession(outcome.user, MESSAGES.login.succeeded, request, response);
      const result: Record<string, string> = { [GOOGLE_SIGN_IN_RESULT.outcomeParam]: GOOGLE_SIGN_IN_RESULT.signedIn };
      if (outcome.returnTo) result[GOOGLE_SIGN_IN_RESULT.returnToParam] = outcome.returnTo;
      this.redirectToLogin(response, result);
    } catch (error) {
      this.redirectToLogin(response, { [GOOGLE_SIGN_IN_RESULT.errorParam]: this.googleErrorOf(error) });
    }
  }

  private async startSession(user: SessionUser, message: string, request: ShopRequest, response: Response): Promise<SignedIn> {
    const { token } = await this.sessions.start(user.id);
    if (request.header(SESSION_TRANSPORT_HEADER) === 'bearer') return { success: true, message, user, token };
    // A browser signing in again (perhaps as someone else) leaves no live session behind its old cookie.
    const replaced = request.cookies?.[SESSION_COOKIE] as string | undefined;
    if (replaced) this.events.disconnectSession(await this.sessions.end(replaced));
    response.cookie(SESSION_COOKIE, token, sessionCookieOptions(this.config.NODE_ENV));
    return { success: true, message, user };
  }

  private googleStateCookieOptions() {
    return { ...sessionCookieOptions(this.config.NODE_ENV), path: AUTH_API_PATHS.googleSignIn, maxAge: SIGN_IN_ATTEMPT_TTL_SECONDS * 1000 };
  }

  /** A browser mid-redirect gets the login screen with a reason, never a JSON error page. */
  private googleErrorOf(error: unknown): GoogleSignInError {
    if (error instanceof GoogleSignInRefused) return error.reason;
    this.logger.error(error instanceof Error ? error.stack : String(error));
    return 'failed';
  }

  /** The web's login screen finishes a Google sign-in: it shows the toast and moves on. */
  private redirectToLogin(response: Response, parameters: Record<string, string>): void {
    response.redirect(HttpStatus.FOUND, `${GOOGLE_SIGN_IN_RESULT.path}?${new URLSearchParams(parameters)}`);
  }
}
