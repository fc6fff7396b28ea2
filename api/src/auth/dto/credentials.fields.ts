import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES, normaliseEmail } from '@shop/contracts';

/** The e-mail field of every credentials form: checked, then normalised, so lookups match the stored form. */
export function EmailField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ example: 'wanjiku@example.co.ke', maxLength: LIMITS.emailMaxLength }),
    Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value)),
    IsEmail({}, { message: MESSAGES.login.invalidEmail }),
    MaxLength(LIMITS.emailMaxLength, { message: MESSAGES.login.invalidEmail }),
    IsString({ message: MESSAGES.login.invalidEmail }),
  );
}
