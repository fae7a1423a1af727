import { describe, expect, it } from 'vitest';
import { EXIT } from '../errors';
import { buildsMatching, parseBuildReference } from './find-build';

const ID = '6f1c2d9e8a7b6c5d4e3f2a1b';

describe('parseBuildReference', () => {
  it('reads every form the command prints: the full id, the short id, the build page address', () => {
    expect(parseBuildReference(ID)).toEqual({ kind: 'id', id: ID });
    expect(parseBuildReference(ID.toUpperCase())).toEqual({ kind: 'id', id: ID });
    expect(parseBuildReference('3f2a1b'.padStart(7, 'e'))).toEqual({ kind: 'part', part: 'e3f2a1b' });
    expect(parseBuildReference(`http://127.0.0.1:8080/#/builds/${'a'.repeat(24)}/${ID}`)).toEqual({
      kind: 'id',
      id: ID,
    });
  });

  it('refuses what cannot be part of an id, with a usage error', () => {
    for (const text of ['abc', 'xyz1234', '', `${ID}0`, 'e3f2a1b;rm']) {
      expect(() => parseBuildReference(text), text).toThrow(expect.objectContaining({ exitCode: EXIT.usage }));
    }
  });
});

describe('buildsMatching', () => {
  it('matches the end of an id (as printed) or its start', () => {
    const builds = [{ id: ID }, { id: 'e3f2a1b0000000000000abcd' }, { id: '000000000000000000000000' }];
    expect(buildsMatching(builds, 'e3f2a1b')).toEqual([{ id: ID }, { id: 'e3f2a1b0000000000000abcd' }]);
    expect(buildsMatching(builds, '4e3f2a1b')).toEqual([{ id: ID }]);
    expect(buildsMatching(builds, 'abcd')).toEqual([{ id: 'e3f2a1b0000000000000abcd' }]);
  });
});
