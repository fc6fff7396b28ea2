import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsEmail, IsOptional, IsString, ValidateNested } from 'class-validator';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { MaxCharacters } from './field-decorators.js';
import { idOf, idPipe } from './id-pipe.js';
import { createValidationPipe } from './validation.pipe.js';

class LabelInput {
  @IsString()
  label!: string;
}

class FormInput {
  @IsEmail({}, { message: MESSAGES.login.invalidEmail })
  email!: string;

  @IsOptional()
  @MaxCharacters(10, MESSAGES.variation.labelTooLong)
  @IsString({ message: MESSAGES.variation.labelRequired })
  name?: string;

  @IsOptional()
  @IsArray({ message: MESSAGES.server.validationFailed })
  @ValidateNested({ each: true })
  @Type(() => LabelInput)
  labels?: LabelInput[];
}

const body: ArgumentMetadata = { type: 'body', metatype: FormInput };

/** The 400 the pipe answers for `value`, as the exception filter would send it. */
async function refusalOf(value: unknown, metadata: ArgumentMetadata = body): Promise<{ message: string; errors?: string[] }> {
  try {
    await createValidationPipe().transform(value, metadata);
  } catch (error) {
    if (error instanceof BadRequestException) return error.getResponse() as { message: string; errors?: string[] };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the validation pipe', () => {
  it('refuses text holding a lone surrogate before a rule that would throw on it reads it', async () => {
    expect(await refusalOf({ email: 'asha\uD83E@example.test' })).toEqual({ message: MESSAGES.server.validationFailed });
    expect(await refusalOf({ email: 'a@example.test', labels: [{ label: '\uDC00' }] })).toEqual({
      message: MESSAGES.server.validationFailed,
    });
    expect(await refusalOf({ email: 'a@example.test', ['\uD800']: 1 })).toEqual({ message: MESSAGES.server.validationFailed });
  });

  it('lets paired surrogates through: an emoji is text', async () => {
    await expect(createValidationPipe().transform({ email: 'a@example.test', name: '🧸🚂' }, body)).resolves.toMatchObject({
      name: '🧸🚂',
    });
  });

  it("answers in the catalogue's words only, never class-validator's English", async () => {
    const unknownField = await refusalOf({ email: 'a@example.test', role: 'admin' });
    expect(unknownField).toEqual({ message: MESSAGES.server.validationFailed, errors: [MESSAGES.server.validationFailed] });
    const nestedNoObject = await refusalOf({ email: 'a@example.test', labels: ['Red'] });
    expect(nestedNoObject.message).toBe(MESSAGES.server.validationFailed);
    // LabelInput's rule has no message: it says nothing rather than "label must be a string".
    const ruleWithoutMessage = await refusalOf({ email: 'a@example.test', labels: [{ label: 7 }] });
    expect(ruleWithoutMessage).toEqual({ message: MESSAGES.server.validationFailed, errors: [MESSAGES.server.validationFailed] });
    // An array is read as a form with fields "0", "1"…: unknown ones, and no e-mail.
    const arrayBody = await refusalOf([{ email: 'a@example.test' }]);
    expect(arrayBody).toEqual({
      message: MESSAGES.login.invalidEmail,
      errors: [MESSAGES.server.validationFailed, MESSAGES.login.invalidEmail],
    });
  });

  it("lets the shop's own rule speak first, beside an unknown field", async () => {
    expect(await refusalOf({ email: 'a@example.test', name: 'x\uFE0F'.repeat(10), extra: 1 })).toEqual({
      message: MESSAGES.variation.labelTooLong,
      errors: [MESSAGES.server.validationFailed, MESSAGES.variation.labelTooLong],
    });
  });

  it('leaves a path value the text the URL carried, for its own pipe to read', async () => {
    for (const value of ['0x10', ' 7', '1e3', '7.0']) {
      await expect(createValidationPipe().transform(value, { type: 'param', metatype: Number, data: 'id' })).resolves.toBe(value);
    }
  });
});

describe('ids in a path', () => {
  it.each(['0x10', '1e3', '+5', ' 7', '7 ', '7.0', '-7', '0', '', '٧', '4294967296', '99999999999999999999'])('%p is no id', (text) => {
    expect(idOf(text)).toBeUndefined();
    expect(() => idPipe(MESSAGES.orders.invalidId).transform(text, { type: 'param' })).toThrow(
      new BadRequestException({ message: MESSAGES.orders.invalidId }),
    );
  });

  it('reads decimal digits from 1 up to the largest id a column holds', () => {
    expect([idOf('1'), idOf('007'), idOf(String(LIMITS.idMax))]).toEqual([1, 7, LIMITS.idMax]);
    expect(idOf(16)).toBeUndefined();
  });
});
