import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { MaxCharacters, Trimmed } from '../../common/field-decorators.js';
import { EmailField } from './credentials.fields.js';

export class RegisterDto {
  @ApiProperty({ example: 'Wanjiku', maxLength: LIMITS.userNameMaxLength })
  @Trimmed()
  @IsNotEmpty({ message: MESSAGES.registration.userNameRequired })
  @MaxCharacters(LIMITS.userNameMaxLength, MESSAGES.registration.userNameTooLong(LIMITS.userNameMaxLength))
  @IsString({ message: MESSAGES.registration.userNameRequired })
  userName!: string;

  @EmailField()
  email!: string;

  @ApiProperty({ minLength: LIMITS.passwordMinLength, maxLength: LIMITS.passwordMaxLength })
  @MinLength(LIMITS.passwordMinLength, { message: MESSAGES.registration.passwordTooShort(LIMITS.passwordMinLength) })
  @MaxLength(LIMITS.passwordMaxLength, { message: MESSAGES.registration.passwordTooLong(LIMITS.passwordMaxLength) })
  @IsString({ message: MESSAGES.registration.passwordTooShort(LIMITS.passwordMinLength) })
  password!: string;
}
