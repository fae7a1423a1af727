// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { currentReturnLocation, pathFromReturnLocation } from './return-location';

describe('pathFromReturnLocation', () => {
  it('turns the kept hash into a router path', () => {
    expect(pathFromReturnLocation('#/preferences/appearance')).toBe('/preferences/appearance');
    expect(pathFromReturnLocation('#/editor/42?file=top.vhd')).toBe('/editor/42?file=top.vhd');
    expect(pathFromReturnLocation('/projects')).toBe('/projects');
  });

  it('ignores empty, root, foreign and protocol-relative states', () => {
    expect(pathFromReturnLocation(undefined)).toBeNull();
    expect(pathFromReturnLocation('')).toBeNull();
    expect(pathFromReturnLocation('#/')).toBeNull();
    expect(pathFromReturnLocation('#')).toBeNull();
    expect(pathFromReturnLocation('https://evil.example/')).toBeNull();
    expect(pathFromReturnLocation('#//evil.example/')).toBeNull();
  });
});

describe('currentReturnLocation', () => {
  it('is the current hash, or the root hash without one', () => {
    window.location.hash = '#/builds/7/abc';
    expect(currentReturnLocation()).toBe('#/builds/7/abc');
    window.location.hash = '';
    expect(currentReturnLocation()).toBe('#/');
  });
});
