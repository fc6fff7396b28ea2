import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString } from 'class-validator';
import { LIMITS, MESSAGES, normaliseEmail } from '@shop/contracts';
import { MaxCharacters } from '../../common/field-decorators.js';

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
