import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { MESSAGES } from '@shop/contracts';

/** Every broken rule, nested ones (a variation's label) included, as [rule, message]. */
function brokenRules(errors: ValidationError[]): [string, string][] {
  return errors.flatMap((error) => [...Object.entries(error.constraints ?? {}), ...brokenRules(error.children ?? [])]);
}

/**
 * Strict input: unknown fields are refused and types are converted. DTOs give catalogue
 * messages to their rules, so the first broken rule becomes the answer's message.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const rules = brokenRules(errors);
      const messages = rules.map(([, message]) => message);
      // An unknown field's text is the validator's, not the catalogue's: the rules the shop wrote speak first.
      const catalogueMessage = rules.find(([rule]) => rule !== 'whitelistValidation')?.[1];
      return new BadRequestException({ message: catalogueMessage ?? MESSAGES.server.validationFailed, errors: messages });
    },
  });
}
