import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES, normaliseEmail } from '@shop/contracts';
import { MaxCharacters } from '../../common/field-decorators.js';

export class DeleteAccountDto {
  /** Typed by the person as a deliberate confirmation; compared as sign-in compares e-mails. */
  @ApiProperty({ example: 'wanjiku@example.co.ke', maxLength: LIMITS.emailMaxLength })
  @Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value))
  @IsNotEmpty({ message: MESSAGES.account.confirmEmailMismatch })
  @MaxCharacters(LIMITS.emailMaxLength, MESSAGES.account.confirmEmailMismatch)
  @IsString({ message: MESSAGES.account.confirmEmailMismatch })
  confirmEmail!: string;

  @ApiPropertyOptional({ description: 'Required when the account has a password' })
  @IsOptional()
  @MaxLength(LIMITS.passwordMaxLength, { message: MESSAGES.account.currentPasswordWrong })
  @IsString({ message: MESSAGES.account.passwordRequiredToDelete })
  password?: string;
}
