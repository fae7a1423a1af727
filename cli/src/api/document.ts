import type { Document } from 'openapi-client-axios';
// The contract itself, bundled into the built command: the same operations, parameters and scopes the
// app and the mock use, with nothing restated here.
import contract from '../../../openapi/openapi.json' with { type: 'json' };

export const DOCUMENT = contract as unknown as Document;

/** The scopes of which an API key needs any one for an operation (the contract's `x-required-scopes`). */
export function requiredScopes(operationId: string, document: Document = DOCUMENT): string[] {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (typeof operation === 'object' && operation !== null && 'operationId' in operation && operation.operationId === operationId) {
        const scopes = (operation as { 'x-required-scopes'?: unknown })['x-required-scopes'];
        return Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
      }
    }
  }
  return [];
}
