import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Patch, Post, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AppConfig } from '@shop/config';
import { MESSAGES, type AccountProfile, type ApiSuccess, type SessionUser } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { ClientAddress, CurrentSessionId, CurrentUser } from '../access/access.decorators.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../access/session-token.js';
import { orRefuse } from '../common/refusals.js';
import { AccountService } from './account.service.js';
import { ChangePasswordDto } from './dto/change-password.dto.js';
import { DeleteAccountDto } from './dto/delete-account.dto.js';
import { ProfileUpdateDto } from './dto/profile-update.dto.js';

/** The signed-in person's own account (ACCOUNT_API): no route names an account, the session does. */
@ApiTags('account')
@ApiCookieAuth(SESSION_COOKIE)
@Controller('account')
export class AccountController {
  constructor(
    private readonly accounts: AccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiOperation({ summary: "The signed-in account's profile" })
  @Get('profile')
  async profile(@CurrentUser() caller: SessionUser): Promise<ApiSuccess<AccountProfile>> {
    return { success: true, data: orRefuse(await this.accounts.profile(caller)) };
  }

  @ApiOperation({ summary: 'Change the name, the phone SMS go to, or which messages to receive' })
  @Patch('profile')
  async updateProfile(@CurrentUser() caller: SessionUser, @Body() changes: ProfileUpdateDto): Promise<ApiSuccess<AccountProfile>> {
    return { success: true, message: MESSAGES.account.profileUpdated, data: orRefuse(await this.accounts.updateProfile(caller, changes)) };
  }

  @ApiOperation({ summary: 'Change the password: the current one is required, and every other session ends' })
  @Post('password')
  @HttpCode(HttpStatus.OK)
  async changePassword(
    @CurrentUser() caller: SessionUser,
    @CurrentSessionId() sessionId: string,
    @Body() change: ChangePasswordDto,
    @ClientAddress() clientAddress: string,
  ): Promise<ApiSuccess<null>> {
    orRefuse(await this.accounts.changePassword(caller, sessionId, change, clientAddress));
    return { success: true, message: MESSAGES.account.passwordChanged, data: null };
  }

  @ApiOperation({ summary: 'Delete the account: personal data erased, orders kept for the books, every session ended' })
  @Post('delete')
  @HttpCode(HttpStatus.OK)
  async deleteAccount(
    @CurrentUser() caller: SessionUser,
    @Body() confirmation: DeleteAccountDto,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ApiSuccess<null>> {
    orRefuse(await this.accounts.deleteAccount(caller, confirmation, clientAddress));
    response.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(this.config.NODE_ENV), maxAge: undefined });
    return { success: true, message: MESSAGES.account.deleted, data: null };
  }
}
