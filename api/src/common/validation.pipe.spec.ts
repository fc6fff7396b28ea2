import type { ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsEmail, IsOptional, IsString, ValidateNested } from 'class-validator';
import { LIMITS, MESSAGES, type ErrorData } from '@shop/contracts';
import { MaxCharacters } from './field-decorators.js';
import { idOf, idPipe } from './id-pipe.js';
import { RefusalException } from './refusals.js';
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
const V = MESSAGES.server.validationFailed;

/** The VALIDATION_FAILED refusal the pipe answers for `value`: its message and its fields. */
async function refusalOf(value: unknown, metadata: ArgumentMetadata = body): Promise<{ message: string } & ErrorData<'VALIDATION_FAILED'>> {
  try {
    await createValidationPipe().transform(value, metadata);
  } catch (error) {
    if (error instanceof RefusalException && error.refusal.code === 'VALIDATION_FAILED')
      return { message: error.refusal.message, ...(error.refusal.data as ErrorData<'VALIDATION_FAILED'>) };
    throw error;
  }
  throw new Error('expected a refusal');
}

const unicodeRefusal = { message: MESSAGES.server.validationFailed, fields: [{ field: 'body', message: MESSAGES.server.unicodeOnly }] };

describe('the validation pipe', () => {
  it('refuses text holding a lone surrogate before a rule that would throw on it reads it', async () => {
    expect(await refusalOf({ email: 'asha\uD83E@example.test' })).toEqual(unicodeRefusal);
    expect(await refusalOf({ email: 'a@example.test', labels: [{ label: '\uDC00' }] })).toEqual(unicodeRefusal);
    expect(await refusalOf({ email: 'a@example.test', ['\uD800']: 1 })).toEqual(unicodeRefusal);
  });

  it('lets paired surrogates through: an emoji is text', async () => {
    await expect(createValidationPipe().transform({ email: 'a@example.test', name: '🧸🚂' }, body)).resolves.toMatchObject({
      name: '🧸🚂',
    });
  });

  it("answers in the catalogue's words only, never class-validator's English", async () => {
    const unknownField = await refusalOf({ email: 'a@example.test', role: 'admin' });
    expect(unknownField).toEqual({ message: V, fields: [{ field: 'role', message: V }] });
    const nestedNoObject = await refusalOf({ email: 'a@example.test', labels: ['Red'] });
    expect(nestedNoObject.message).toBe(MESSAGES.server.validationFailed);
    // LabelInput's rule has no message: it says nothing rather than "label must be a string".
    const ruleWithoutMessage = await refusalOf({ email: 'a@example.test', labels: [{ label: 7 }] });
    expect(ruleWithoutMessage).toEqual({ message: V, fields: [{ field: 'labels.0.label', message: V }] });
    // An array is read as a form with fields "0", "1"…: unknown ones, and no e-mail.
    const arrayBody = await refusalOf([{ email: 'a@example.test' }]);
    expect(arrayBody).toEqual({
      message: MESSAGES.login.invalidEmail,
      fields: [
        { field: '0', message: V },
        { field: 'email', message: MESSAGES.login.invalidEmail },
      ],
    });
  });

  it("lets the shop's own rule speak first, beside an unknown field", async () => {
    expect(await refusalOf({ email: 'a@example.test', name: 'x\uFE0F'.repeat(10), extra: 1 })).toEqual({
      message: MESSAGES.variation.labelTooLong,
      fields: [
        { field: 'extra', message: V },
        { field: 'name', message: MESSAGES.variation.labelTooLong },
      ],
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
    let refused: unknown;
    try {
      idPipe(MESSAGES.orders.invalidId).transform(text, { type: 'param', data: 'orderId' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RefusalException);
    expect((refused as RefusalException).refusal).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.orders.invalidId,
      data: { fields: [{ field: 'orderId', message: MESSAGES.orders.invalidId }] },
    });
  });

  it('reads decimal digits from 1 up to the largest id a column holds', () => {
    expect([idOf('1'), idOf('007'), idOf(String(LIMITS.idMax))]).toEqual([1, 7, LIMITS.idMax]);
    expect(idOf(16)).toBeUndefined();
  });
});
