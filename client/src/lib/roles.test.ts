import { describe, expect, it } from 'vitest';
import { hasAllowedRole } from './roles';

describe('hasAllowedRole', () => {
  it('lets any signed-in user pass when no role is given', () => {
    expect(hasAllowedRole(undefined)).toBe(true);
    expect(hasAllowedRole([], [])).toBe(true);
  });

  it('needs one of the allowed roles', () => {
    expect(hasAllowedRole(['user', 'admin'], 'admin')).toBe(true);
    expect(hasAllowedRole(['user'], 'admin')).toBe(false);
    expect(hasAllowedRole(['user'], ['admin', 'user'])).toBe(true);
    expect(hasAllowedRole(['user'], ['admin', 'owner'])).toBe(false);
    expect(hasAllowedRole(undefined, 'user')).toBe(false);
  });
});
