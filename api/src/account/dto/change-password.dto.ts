import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { NewPasswordField } from '../../auth/dto/credentials.fields.js';

export class ChangePasswordDto {
  @ApiProperty()
  @IsNotEmpty({ message: MESSAGES.account.currentPasswordRequired })
  // Longer than any password the shop accepts: wrong, and said the same way as any wrong password.
  @MaxLength(LIMITS.passwordMaxLength, { message: MESSAGES.account.currentPasswordWrong })
  @IsString({ message: MESSAGES.account.currentPasswordRequired })
  currentPassword!: string;

  @NewPasswordField()
  newPassword!: string;
}
