import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { MESSAGES, type FieldProblem } from '@shop/contracts';
import { Refusal } from '@shop/db';
import { RefusalException } from './refusals.js';

/**
 * Rules whose words are class-validator's own whatever a DTO says: an unknown field, a nested
 * field that is no object, a body that is no object at all. They answer the catalogue's general words.
 */
const VALIDATOR_WORDED_RULES = new Set(['whitelistValidation', 'nestedValidation', 'unknownValue']);

interface BrokenRule {
  rule: string;
  field: string;
  message: string;
}

/** Every broken rule, nested ones (a variation's label: `variations.0.label`) included, with the field's path. */
function brokenRules(errors: ValidationError[], parent = ''): BrokenRule[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    return [
      ...Object.entries(error.constraints ?? {}).map(([rule, message]) => ({ rule, field, message })),
      ...brokenRules(error.children ?? [], field),
    ];
  });
}

/** A request that breaks one rule, or a body the rules cannot read, is refused with VALIDATION_FAILED and the fields at fault. */
function validationRefusal(message: string, fields: FieldProblem[]): RefusalException {
  return new RefusalException(new Refusal('VALIDATION_FAILED', message, { fields }));
}

/** A lone UTF-16 surrogate: JSON may carry one ("\ud83e"), but it is no character, and validators that encode text throw on it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a parsed body or query holds text that is not Unicode, looked for without recursion (bodies are bounded in depth, not in width). */
function holdsIllFormedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); pending.length > 0 || next !== undefined; next = pending.pop()) {
    if (typeof next === 'string' && LONE_SURROGATE.test(next)) return true;
    if (typeof next === 'object' && next !== null) {
      for (const [key, child] of Object.entries(next)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

const IGNORING_UNKNOWN_FIELDS = new WeakSet<object>();

/**
 * For a body a provider posts, which it may give new fields without notice: unknown fields are
 * dropped instead of refused, as a refusal would only make it post the same body again and again.
 */
export function IgnoresUnknownFields(): ClassDecorator {
  return (dto) => {
    IGNORING_UNKNOWN_FIELDS.add(dto);
  };
}

/**
 * Refuses text that is not Unicode before the DTO's rules read it: isEmail, for one, throws a
 * URIError on it. A path's or query's single value stays the text the URL carried: Nest's own
 * conversion of an `id: number` parameter is +value, which reads "0x10" as 16, " 7" as 7 and "1e3"
 * as 1000, so ids are read by their pipes (id-pipe.ts), decimal digits only.
 */
class ShopValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if ((metadata.type === 'body' || metadata.type === 'query') && holdsIllFormedText(value)) {
      throw validationRefusal(MESSAGES.server.validationFailed, [{ field: metadata.type, message: MESSAGES.server.unicodeOnly }]);
    }
    return super.transform(value, metadata);
  }

  protected override transformPrimitive(value: unknown): unknown {
    return value;
  }

  protected override validate(object: object, validatorOptions?: ValidatorOptions) {
    return super.validate(
      object,
      IGNORING_UNKNOWN_FIELDS.has(object.constructor) ? { ...validatorOptions, forbidNonWhitelisted: false } : validatorOptions,
    );
  }
}

/**
 * Strict input: unknown fields are refused (dropped for an @IgnoresUnknownFields DTO) and types are converted. DTOs give catalogue messages to
 * their rules, so the first broken rule becomes the answer's message; a rule without one says
 * nothing (dismissDefaultMessages), as class-validator's English is not the shop's.
 */
export function createValidationPipe(): ValidationPipe {
  return new ShopValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    dismissDefaultMessages: true,
    exceptionFactory: (errors) => {
      const fields = brokenRules(errors).map(({ rule, field, message }) => ({
        field,
        message: VALIDATOR_WORDED_RULES.has(rule) || message === '' ? MESSAGES.server.validationFailed : message,
      }));
      // The rules the shop wrote speak first; an unknown field alone gets the general words.
      const catalogueMessage = fields.find(({ message }) => message !== MESSAGES.server.validationFailed)?.message;
      return validationRefusal(catalogueMessage ?? MESSAGES.server.validationFailed, fields);
    },
  });
}
