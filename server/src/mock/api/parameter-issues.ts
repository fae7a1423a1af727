import type { Operation } from 'openapi-backend';
import type { ValidationIssue } from '../../errors.js';

interface Parameter {
  in: string;
  name: string;
  schema?: { type?: string };
}

/**
 * Numeric query parameters given as blanks (`?offset=+`, a space): ajv's type coercion reads them
 * as 0, pydantic (FastAPI) refuses them, and so does the contract. Found by the mock's fuzz test.
 */
export function blankNumberIssues(operation: Operation, query: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const parameter of (operation.parameters ?? []) as Parameter[]) {
    const type = parameter.schema?.type;
    if (parameter.in !== 'query' || (type !== 'integer' && type !== 'number')) continue;
    const values = ([] as unknown[]).concat(query[parameter.name] ?? []);
    if (values.some((value) => typeof value === 'string' && value !== '' && value.trim() === '')) {
      issues.push({
        loc: ['query', parameter.name],
        msg:
          type === 'integer'
            ? 'Input should be a valid integer, unable to parse string as an integer'
            : 'Input should be a valid number, unable to parse string as a number',
        type: type === 'integer' ? 'int_parsing' : 'float_parsing',
      });
    }
  }
  return issues;
}
