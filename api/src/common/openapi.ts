import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CODES, ERROR_STATUS } from '@shop/contracts';

const FAILURE_SCHEMA = 'ApiFailure';

/** The refusal's body; `x-status-of-code` is an extension, as OpenAPI has no place for the status each enum value answers with. */
const failureSchema = Object.assign(
  {
    type: 'object' as const,
    required: ['success', 'code', 'message', 'data'],
    properties: {
      success: { type: 'boolean' as const, enum: [false] },
      code: { type: 'string' as const, enum: [...ERROR_CODES], description: 'What happened: clients decide on it (docs/errors.md).' },
      message: { type: 'string' as const, description: "The catalogue's words to show." },
      data: { type: 'object' as const, description: 'What the code carries, e.g. { available: 3 } for STOCK_SHORT; {} when nothing.' },
    },
  },
  { 'x-status-of-code': ERROR_STATUS },
);

/**
 * The refusal every route may answer, in the OpenAPI document: its codes (libs/contracts, errors.ts)
 * as the schema's enum with their statuses, and a 4XX answer on every operation.
 */
export function withRefusals(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, [FAILURE_SCHEMA]: failureSchema } };
  const refused = {
    description: 'Refused: see the code',
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${FAILURE_SCHEMA}` } } },
  };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      if (typeof operation === 'object' && operation !== null && 'responses' in operation) operation.responses['4XX'] = refused;
    }
  }
  return document;
}
