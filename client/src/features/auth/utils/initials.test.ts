import { describe, expect, it } from 'vitest';
import { avatarInitials, initialsOf } from './initials';

describe('avatarInitials', () => {
  it('uses the first letter of each word of the name', () => {
    expect(avatarInitials(true, { name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('AL');
  });

  it('keeps at most two characters', () => {
    expect(avatarInitials(true, { name: 'Grace Brewster Murray Hopper' })).toBe('GB');
  });

  it('uppercases', () => {
    expect(avatarInitials(true, { name: 'ada lovelace' })).toBe('AL');
    expect(avatarInitials(true, { name: 'émile zola' })).toBe('ÉZ');
  });

  it('ignores repeated and surrounding spaces', () => {
    expect(avatarInitials(true, { name: '  Ada   Lovelace ' })).toBe('AL');
  });

  it('falls back to the email when there is no name', () => {
    expect(avatarInitials(true, { email: 'ada@example.com' })).toBe('A');
    expect(avatarInitials(true, { name: '', email: 'new@example.com' })).toBe('N');
    expect(avatarInitials(true, { name: '   ', email: 'revised@example.com' })).toBe('R');
  });

  it('shows U while a signed-in user has no user info yet', () => {
    expect(avatarInitials(true, null)).toBe('U');
  });

  it('shows ? when signed out, whatever user info is left over', () => {
    expect(avatarInitials(false, null)).toBe('?');
    expect(avatarInitials(false, { name: 'Ada Lovelace' })).toBe('?');
  });

  it('shows U for user info with neither name nor email', () => {
    expect(avatarInitials(true, {})).toBe('U');
  });
});

describe('initialsOf', () => {
  it('handles a single word and letters outside the basic plane', () => {
    expect(initialsOf('Ada')).toBe('A');
    expect(initialsOf('𝒜da 𝔅yron')).toBe('𝒜𝔅');
    expect(initialsOf('straße ßig')).toBe('SS');
  });
});
