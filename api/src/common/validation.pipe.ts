import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { MESSAGES } from '@shop/contracts';

function constraintMessages(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [...Object.values(error.constraints ?? {}), ...constraintMessages(error.children ?? [])]);
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
      const messages = constraintMessages(errors);
      const unknownFieldsOnly = errors.every((error) => Object.keys(error.constraints ?? {}).every((rule) => rule === 'whitelistValidation'));
      return new BadRequestException({ message: unknownFieldsOnly ? MESSAGES.server.validationFailed : (messages[0] ?? MESSAGES.server.validationFailed), errors: messages });
    },
  });
}
