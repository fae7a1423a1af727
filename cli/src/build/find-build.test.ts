import { describe, expect, it } from 'vitest';
import { EXIT } from '../errors';
import type { Api } from '../api/client';
import { buildsMatching, findBuild, parseBuildReference } from './find-build';

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

describe('findBuild', () => {
  // Two projects whose builds share the end the command would print: only a longer part tells them apart.
  const builds: Record<string, { id: string; project_name: string }[]> = {
    p1: [{ id: `aaaaaaaaaaaaaaaaa${'e3f2a1b'}`, project_name: 'Adder' }],
    p2: [{ id: `bbbbbbbbbbbbbbbbb${'e3f2a1b'}`, project_name: 'Limiter' }],
  };
  const api = {
    listProjects: () =>
      Promise.resolve({
        data: [
          { id: 'p1', name: 'Adder' },
          { id: 'p2', name: 'Limiter' },
        ],
      }),
    projectBuilds: ({ project_id }: { project_id: string }) => Promise.resolve({ data: builds[project_id] ?? [] }),
  } as unknown as Api;

  it('an ambiguous part is refused, naming the builds it matches and how to choose', async () => {
    await expect(findBuild(api, 'e3f2a1b')).rejects.toMatchObject({
      exitCode: EXIT.usage,
      message:
        'Build e3f2a1b is ambiguous: 2 builds match (aaaaaaaaaaaaaaaaae3f2a1b (Adder), bbbbbbbbbbbbbbbbbe3f2a1b (Limiter)); give more of its id or --project',
    });
    await expect(findBuild(api, 'be3f2a1b')).resolves.toMatchObject({ project_name: 'Limiter' });
    await expect(findBuild(api, 'e3f2a1b', 'Adder')).resolves.toMatchObject({ project_name: 'Adder' });
  });
});
