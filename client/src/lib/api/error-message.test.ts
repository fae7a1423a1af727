import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, parseErrorDetail } from './error-message';

describe('parseErrorDetail', () => {
  it('joins the msg values of a detail list with "; "', () => {
    const body = {
      detail: [
        { loc: ['path', 'name'], msg: 'name is too long', type: 'value_error' },
        { loc: ['query', 'new_name'], msg: 'field required', type: 'missing' },
      ],
    };
    expect(parseErrorDetail(body)).toBe('name is too long; field required');
  });

  it('uses a string detail as is', () => {
    expect(parseErrorDetail({ detail: 'Project not found' })).toBe('Project not found');
  });

  it('skips list items without a string msg', () => {
    expect(parseErrorDetail({ detail: [{ msg: 'first' }, { loc: [] }, 'text', { msg: 42 }, { msg: 'last' }] })).toBe(
      'first; last',
    );
  });

  it('has no message for bodies without a usable detail', () => {
    expect(parseErrorDetail(undefined)).toBeUndefined();
    expect(parseErrorDetail(null)).toBeUndefined();
    expect(parseErrorDetail('Internal Server Error')).toBeUndefined();
    expect(parseErrorDetail({ message: 'nope' })).toBeUndefined();
    expect(parseErrorDetail({ detail: [] })).toBeUndefined();
    expect(parseErrorDetail({ detail: '' })).toBeUndefined();
    expect(parseErrorDetail({ detail: { msg: 'an object, not a list' } })).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it("prefers the API's message and falls back otherwise", () => {
    expect(errorMessage(new ApiError(422, 'a; b'), 'fallback')).toBe('a; b');
    expect(errorMessage(new ApiError(500, undefined), 'An unknown error occurred.')).toBe('An unknown error occurred.');
    expect(errorMessage(new TypeError('Network down'), 'An unknown error occurred.')).toBe(
      'An unknown error occurred.',
    );
  });

  it('gives ApiError a readable message of its own', () => {
    expect(new ApiError(404, 'Project not found').message).toBe('Project not found');
    expect(new ApiError(503, undefined).message).toBe('Request failed with status code 503');
  });
});
