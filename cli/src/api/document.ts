import type { Document } from 'openapi-client-axios';
// The contract itself, bundled into the built command: the same operations, parameters and scopes the
// app and the mock use, with nothing restated here.
import contract from '../../../openapi/openapi.json' with { type: 'json' };

export const DOCUMENT = contract as unknown as Document;

function findOperation(operationId: string, document: Document): Record<string, unknown> | undefined {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (
        typeof operation === 'object' &&
        operation !== null &&
        'operationId' in operation &&
        operation.operationId === operationId
      ) {
        return operation as Record<string, unknown>;
      }
    }
  }
  return undefined;
}

/** The longest text body an operation takes (its `text/plain` schema's maxLength), if it sets one. */
export function textBodyMaxLength(operationId: string, document: Document = DOCUMENT): number | undefined {
  const body = findOperation(operationId, document)?.requestBody as
    { content?: Record<string, { schema?: { maxLength?: unknown } }> } | undefined;
  const max = body?.content?.['text/plain']?.schema?.maxLength;
  return typeof max === 'number' ? max : undefined;
}

/** The scopes of which an API key needs any one for an operation (the contract's `x-required-scopes`). */
export function requiredScopes(operationId: string, document: Document = DOCUMENT): string[] {
  const scopes = findOperation(operationId, document)?.['x-required-scopes'];
  return Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
}

/** What an operation does, in the contract's words (its `summary`), for messages: the user never typed its operationId. */
export function operationSummary(operationId: string, document: Document = DOCUMENT): string | undefined {
  const summary = findOperation(operationId, document)?.summary;
  return typeof summary === 'string' ? summary : undefined;
}
