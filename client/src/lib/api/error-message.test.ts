import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './error-message';

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
