import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { EmailField } from './credentials.fields.js';

export class LoginDto {
  @EmailField()
  email!: string;

  @ApiProperty()
  @IsNotEmpty({ message: MESSAGES.login.passwordRequired })
  // Longer than any password the shop accepts: wrong, and said the same way as any wrong password.
  @MaxLength(LIMITS.passwordMaxLength, { message: MESSAGES.login.invalidCredentials })
  @IsString({ message: MESSAGES.login.passwordRequired })
  password!: string;
}
