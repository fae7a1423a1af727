import { describe, expect, it } from 'vitest';
import { isUnauthorizedUserInfoError } from './user-info';

describe('isUnauthorizedUserInfoError', () => {
  it("recognises the SDK's 401 message", () => {
    expect(
      isUnauthorizedUserInfoError(
        new Error('Unable to fetch userInfo in fusionauth. Request failed with status code 401'),
      ),
    ).toBe(true);
  });

  it('ignores other failures', () => {
    expect(
      isUnauthorizedUserInfoError(
        new Error('Unable to fetch userInfo in fusionauth. Request failed with status code 500'),
      ),
    ).toBe(false);
    expect(isUnauthorizedUserInfoError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isUnauthorizedUserInfoError('status code 401')).toBe(false);
    expect(isUnauthorizedUserInfoError(null)).toBe(false);
  });
});
