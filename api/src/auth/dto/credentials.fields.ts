import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { LIMITS, MESSAGES, normaliseEmail } from '@shop/contracts';
import { MaxCharacters, Trimmed } from '../../common/field-decorators.js';

/** The e-mail field of every credentials form: checked, then normalised, so lookups match the stored form. */
export function EmailField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ example: 'wanjiku@example.co.ke', maxLength: LIMITS.emailMaxLength }),
    Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value)),
    IsEmail({}, { message: MESSAGES.login.invalidEmail }),
    MaxCharacters(LIMITS.emailMaxLength, MESSAGES.login.invalidEmail),
    IsString({ message: MESSAGES.login.invalidEmail }),
  );
}

/** A password being set (registration, reset, change): the shop's length rules, and nothing else. */
export function NewPasswordField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ minLength: LIMITS.passwordMinLength, maxLength: LIMITS.passwordMaxLength }),
    MinLength(LIMITS.passwordMinLength, { message: MESSAGES.registration.passwordTooShort(LIMITS.passwordMinLength) }),
    MaxLength(LIMITS.passwordMaxLength, { message: MESSAGES.registration.passwordTooLong(LIMITS.passwordMaxLength) }),
    IsString({ message: MESSAGES.registration.passwordTooShort(LIMITS.passwordMinLength) }),
  );
}

/** The name an account goes by, at registration and on the profile. */
export function UserNameField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ example: 'Wanjiku', maxLength: LIMITS.userNameMaxLength }),
    Trimmed(),
    IsNotEmpty({ message: MESSAGES.registration.userNameRequired }),
    MaxCharacters(LIMITS.userNameMaxLength, MESSAGES.registration.userNameTooLong(LIMITS.userNameMaxLength)),
    IsString({ message: MESSAGES.registration.userNameRequired }),
  );
}

/** The secret of an e-mailed link (43 characters as issued); anything else is a link that does not work. */
export function EmailLinkTokenField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ description: 'The token of the e-mailed link (its `token` query parameter)' }),
    IsNotEmpty({ message: MESSAGES.account.linkInvalid }),
    MaxCharacters(100, MESSAGES.account.linkInvalid),
    IsString({ message: MESSAGES.account.linkInvalid }),
  );
}
