import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, orderedScopes, selectAllState } from './scopes';
import { apiKeyFormProblems } from './api-key-form';

describe('scopes', () => {
  it('orders chosen scopes as the dialog lists them', () => {
    expect(orderedScopes(['builds:queue', 'projects:read'])).toEqual(['projects:read', 'builds:queue']);
  });

  it('tells Select all whether none, some or all are chosen', () => {
    expect(selectAllState(new Set())).toBe(false);
    expect(selectAllState(new Set(['builds:read'] as const))).toBe('mixed');
    expect(selectAllState(new Set(ALL_SCOPES))).toBe(true);
  });
});

describe('apiKeyFormProblems', () => {
  it('needs a name that is not only spaces, at most 100 characters, and a scope', () => {
    expect(apiKeyFormProblems('', new Set())).toEqual({
      name: 'API key name is required.',
      scopes: 'Choose at least one scope.',
    });
    expect(apiKeyFormProblems('   ', new Set(['builds:read'] as const))).toEqual({
      name: 'API key name cannot be only spaces.',
    });
    expect(apiKeyFormProblems('k'.repeat(101), new Set(['builds:read'] as const)).name).toMatch(/at most 100/);
    expect(apiKeyFormProblems('CI', new Set(['builds:read'] as const))).toEqual({});
  });
});
