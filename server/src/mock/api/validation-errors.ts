import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from '../../errors.js';

/** Where an ajv instance path points, in FastAPI's `loc` form: ["body", "config", "slots"]. */
function location(instancePath: string): (string | number)[] {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] === 'requestBody') parts[0] = 'body';
  return parts.map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const TYPE_MESSAGES: Record<string, [string, string]> = {
  integer: ['int_parsing', 'Input should be a valid integer'],
  number: ['float_parsing', 'Input should be a valid number'],
  string: ['string_type', 'Input should be a valid string'],
  boolean: ['bool_parsing', 'Input should be a valid boolean'],
  object: ['model_attributes_type', 'Input should be a valid dictionary or object'],
  array: ['list_type', 'Input should be a valid list'],
};

/** One ajv error as FastAPI (pydantic 2) would word it. */
export function toIssue(error: ErrorObject): ValidationIssue {
  const loc = location(error.instancePath);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      return { loc: missing === 'requestBody' ? ['body'] : [...loc, missing], msg: 'Field required', type: 'missing' };
    }
    case 'additionalProperties':
      return {
        loc: [...loc, String(p.additionalProperty)],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      };
    case 'minLength':
      return {
        loc,
        msg: `String should have at least ${p.limit} character${p.limit === 1 ? '' : 's'}`,
        type: 'string_too_short',
      };
    case 'maxLength':
      return { loc, msg: `String should have at most ${p.limit} characters`, type: 'string_too_long' };
    case 'pattern':
      return { loc, msg: `String should match pattern '${p.pattern}'`, type: 'string_pattern_mismatch' };
    case 'minimum':
      return { loc, msg: `Input should be greater than or equal to ${p.limit}`, type: 'greater_than_equal' };
    case 'maximum':
      return { loc, msg: `Input should be less than or equal to ${p.limit}`, type: 'less_than_equal' };
    case 'minItems':
      return { loc, msg: `List should have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`, type: 'too_short' };
    case 'uniqueItems':
      return { loc, msg: 'List items should be unique', type: 'value_error' };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) => `'${String(v)}'`);
      const wording = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed[0];
      return { loc, msg: `Input should be ${wording}`, type: 'enum' };
    }
    case 'type': {
      const [type, msg] = TYPE_MESSAGES[String(p.type)] ?? ['type_error', error.message ?? 'has the wrong type'];
      return { loc, msg, type };
    }
    case 'parse':
      return { loc: ['body'], msg: `JSON decode error: ${error.message ?? 'malformed JSON'}`, type: 'json_invalid' };
    default:
      return { loc, msg: error.message ?? 'is invalid', type: error.keyword };
  }
}

/** One problem per location (as pydantic reports the first failed constraint of a field), in ajv's order. */
export function toIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const issue = toIssue(error);
    const key = JSON.stringify(issue.loc);
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}
