import { describe, expect, it } from 'vitest';
import { allowedOrigins, safeRedirectTarget, withQuery } from './redirects.js';

const allowed = allowedOrigins([
  'http://localhost:8080/',
  'https://app.example.com/callback',
  'javascript:x',
  'nonsense',
]);

describe('allowedOrigins', () => {
  it('keeps only http(s) origins', () => {
    expect([...allowed].sort()).toEqual(['http://localhost:8080', 'https://app.example.com']);
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    'http://localhost:8080/',
    'http://localhost:8080',
    'http://localhost:8080/projects?x=1#y',
    'HTTP://LOCALHOST:8080/',
    'https://app.example.com/anything',
  ])('allows %s', (target) => {
    expect(safeRedirectTarget(target, allowed)).toBeInstanceOf(URL);
  });

  it.each([
    ['another host', 'https://evil.example/'],
    ['another port', 'http://localhost:8081/'],
    ['another scheme on the same host', 'https://localhost:8080/'],
    ['a look-alike host', 'http://localhost:8080.evil.example/'],
    ['scheme-relative', '//evil.example'],
    ['relative path', '/projects'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with a tab', 'java\tscript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['userinfo trick', 'http://localhost:8080@evil.example'],
    ['userinfo on an allowed host', 'http://user:pw@localhost:8080/'],
    ['backslash trick', 'http://localhost:8080\\@evil.example'],
    ['backslash scheme-relative', '/\\evil.example'],
    ['leading space', ' http://localhost:8080/'],
    ['newline', 'http://localhost:8080/\nSet-Cookie:x'],
    ['empty', ''],
  ])('refuses %s', (_name, target) => {
    expect(safeRedirectTarget(target, allowed)).toBeNull();
  });

  it('refuses non-strings (repeated query parameters arrive as arrays)', () => {
    expect(safeRedirectTarget(['http://localhost:8080/'], allowed)).toBeNull();
    expect(safeRedirectTarget(undefined, allowed)).toBeNull();
  });

  it('refuses absurdly long targets', () => {
    expect(safeRedirectTarget(`http://localhost:8080/${'a'.repeat(3000)}`, allowed)).toBeNull();
  });
});

describe('withQuery', () => {
  it('adds parameters, keeps the target’s own, replaces same-named ones and skips undefined', () => {
    const target = new URL('http://localhost:8080/p?tab=2&state=old');
    expect(withQuery(target, { state: 'a b', locale: 'en', missing: undefined })).toBe(
      'http://localhost:8080/p?tab=2&state=a+b&locale=en',
    );
  });
});
