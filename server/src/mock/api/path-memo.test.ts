import { describe, expect, it } from 'vitest';
import { PATH_MEMO_ENTRIES, PATH_MEMO_KEY_CHARS, PathMemo } from './path-memo.js';

describe('PathMemo', () => {
  it('keeps what was worked out for a path, and gives it back', () => {
    const memo = new PathMemo<string>();
    expect(memo.remember('GET /api/projects', 'listProjects')).toBe('listProjects');
    expect(memo.get('GET /api/projects')).toBe('listProjects');
    expect(memo.get('GET /api/projects/p1')).toBeUndefined();
  });

  it('does not keep a key longer than the app’s paths: a stranger’s long paths pin no memory', () => {
    const memo = new PathMemo<string>();
    const long = `GET /api/projects/${'a'.repeat(16_000)}`;
    expect(memo.remember(long, 'getProject')).toBe('getProject');
    expect(memo.get(long)).toBeUndefined();
    expect(memo.size).toBe(0);
    const longest = `GET /api/projects/${'a'.repeat(PATH_MEMO_KEY_CHARS - 'GET /api/projects/'.length)}`;
    memo.remember(longest, 'getProject');
    expect(memo.get(longest)).toBe('getProject');
  });

  it('holds at most PATH_MEMO_ENTRIES, starting afresh when full', () => {
    const memo = new PathMemo<number>();
    for (let i = 0; i < PATH_MEMO_ENTRIES + 5; i++) memo.remember(`GET /api/builds/${i}`, i);
    expect(memo.size).toBeLessThanOrEqual(PATH_MEMO_ENTRIES);
    expect(memo.get(`GET /api/builds/${PATH_MEMO_ENTRIES + 4}`)).toBe(PATH_MEMO_ENTRIES + 4);
  });
});
