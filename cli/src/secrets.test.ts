import { describe, expect, it } from 'vitest';
import { keepSecret, redact } from './secrets';

describe('redact', () => {
  it('replaces every remembered secret, however often it appears', () => {
    keepSecret('cc_secret-key');
    expect(redact('key cc_secret-key in a URL ?k=cc_secret-key')).toBe('key *** in a URL ?k=***');
    expect(redact('nothing here')).toBe('nothing here');
  });
});
