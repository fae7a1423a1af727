import { describe, expect, it } from 'vitest';
import { loggableUrl } from './logger.js';

describe('loggableUrl', () => {
  it('keeps paths and query names but never query values', () => {
    expect(loggableUrl('/api/builds/b1/log?offset=120&limit=5000')).toBe(
      '/api/builds/b1/log?offset=[redacted]&limit=[redacted]',
    );
    expect(loggableUrl('/app/callback/?code=secret-code&state=xyz')).toBe(
      '/app/callback/?code=[redacted]&state=[redacted]',
    );
    expect(loggableUrl('/api/projects')).toBe('/api/projects');
  });

  it('masks the one-time ids of identity pages', () => {
    expect(loggableUrl('/password/change/8f2c1d')).toBe('/password/change/[redacted]');
    expect(loggableUrl('/email/verify/abc123?client_id=x')).toBe('/email/verify/[redacted]?client_id=[redacted]');
    expect(loggableUrl('/registration/verify/zz9')).toBe('/registration/verify/[redacted]');
    expect(loggableUrl('/password/forgot')).toBe('/password/forgot');
  });
});
