import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import { MemoryStateStore } from '../state/memory-store.js';
import { UserDirectory, type UserDirectoryOptions, loadUsersFile, splitName, userInfo } from './users.js';

describe('splitName', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['  Marie   Skłodowska Curie ', 'Marie', 'Skłodowska Curie'],
    ['Plato', 'Plato', ''],
    ['', '', ''],
  ])('%j → %j / %j', (name, given, family) => {
    expect(splitName(name)).toEqual({ given_name: given, family_name: family });
  });
});

describe('loadUsersFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'users-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the repository fixtures', async () => {
    const file = await loadUsersFile(path.join(REPO_ROOT, 'fixtures'));
    expect(file.termsVersion).toBe(2);
    expect(file.users.map((u) => u.email)).toContain('ada@example.com');
  });

  it('names the file and the field when the file is wrong', async () => {
    await writeFile(path.join(dir, 'users.yaml'), 'termsVersion: 0\nusers:\n  - id: x\n    email: nope\n');
    await expect(loadUsersFile(dir)).rejects.toThrow(/users\.yaml[\s\S]*termsVersion[\s\S]*users\.0\.email/);
  });

  it('refuses duplicate emails (case-insensitively)', async () => {
    const user = (id: string, email: string) =>
      `  - {id: ${id}, email: ${email}, name: N, given_name: N, family_name: '', email_verified: true, roles: [user], tos_accepted_version: 0}\n`;
    await writeFile(
      path.join(dir, 'users.yaml'),
      `termsVersion: 1\nusers:\n${user('a', 'a@x.org')}${user('b', 'A@X.org')}`,
    );
    await expect(loadUsersFile(dir)).rejects.toThrow(/duplicate email A@X\.org/);
  });

  it('says which file is missing', async () => {
    await expect(loadUsersFile(path.join(dir, 'missing'))).rejects.toThrow(/cannot read .*missing.*users\.yaml/);
  });
});

describe('UserDirectory and userInfo', () => {
  const base = {
    given_name: 'A',
    family_name: 'B',
    email_verified: true,
    roles: ['user'],
  };
  const directory = (options: UserDirectoryOptions = {}) =>
    new UserDirectory(
      new MemoryStateStore(),
      [
        { ...base, id: '1', email: 'One@Example.com', name: 'A B', tos_accepted_version: 3 },
        { ...base, id: '2', email: 'two@example.com', name: 'C D', tos_accepted_version: 2 },
      ],
      3,
      options,
    );

  it('keeps at most maxRegistered registrations: without a forgettable one, the next is refused with 503', async () => {
    const users = directory({ maxRegistered: 2 });
    await users.register('r1@example.com', 'R One');
    await users.register('r2@example.com', 'R Two');
    await expect(users.register('r3@example.com', 'R Three')).rejects.toThrow(
      'This demo is full: it keeps at most 2 new accounts and every one is in use. Sign in with a demo account, or try again later.',
    );
    expect(await users.registeredCount()).toBe(2);
    expect(await users.findByEmail('r1@example.com')).toBeDefined();
    expect(await users.findByEmail('r3@example.com')).toBeUndefined();
    // The fixture users do not count against the cap and are never forgotten.
    expect((await users.findByEmail('one@example.com'))?.id).toBe('1');
  });

  it('at the cap, forgets the oldest registration the owner says may go (no live sign-in), and only that one', async () => {
    const live = new Set<string>();
    const users = directory({ maxRegistered: 2, forgettable: (id) => !live.has(id) });
    const first = await users.register('r1@example.com', 'R One');
    const second = await users.register('r2@example.com', 'R Two');
    live.add(first.id);
    const third = await users.register('r3@example.com', 'R Three');
    expect(await users.registeredCount()).toBe(2);
    expect(await users.get(second.id)).toBeUndefined();
    expect(await users.findByEmail('r2@example.com')).toBeUndefined();
    expect((await users.findByEmail('r1@example.com'))?.id).toBe(first.id);
    expect((await users.findByEmail('R3@example.com'))?.id).toBe(third.id);
    // The forgotten address can register again (as someone new).
    live.add(third.id);
    await expect(users.register('r2@example.com', 'R Two again')).rejects.toThrow(/This demo is full/);
    live.delete(third.id);
    expect((await users.register('r2@example.com', 'R Two again')).id).not.toBe(second.id);
    // A reset forgets registrations: the cap counts from zero again.
    await users.reset();
    expect(await users.registeredCount()).toBe(0);
    expect(await users.findByEmail('r1@example.com')).toBeUndefined();
  });

  it('finds users by email whatever the case, and keeps fixture order', async () => {
    const users = directory();
    expect((await users.findByEmail(' one@EXAMPLE.com'))?.id).toBe('1');
    expect((await users.fixtureUsers()).map((u) => u.id)).toEqual(['1', '2']);
  });

  it('derives tos_state from the accepted version', async () => {
    const users = directory();
    expect(userInfo((await users.get('1'))!, 3)).toMatchObject({
      tos_state: 'ACCEPTED',
      tos_version: 3,
      tos_accepted_version: 3,
    });
    expect(userInfo((await users.get('2'))!, 3)).toMatchObject({ tos_state: 'UNACCEPTED', tos_accepted_version: 2 });
    expect(userInfo(await users.acceptTerms('2', 3), 3).tos_state).toBe('ACCEPTED');
  });

  it('registers new users unverified with no terms accepted, and refuses a taken email', async () => {
    const users = directory();
    const created = await users.register('New@Example.com', ' Nina  Neu ');
    expect(created).toMatchObject({
      email: 'new@example.com',
      name: 'Nina  Neu',
      given_name: 'Nina',
      family_name: 'Neu',
      email_verified: false,
      tos_accepted_version: 0,
    });
    expect(await users.get(created.id)).toEqual(created);
    await expect(users.register('ONE@example.com', 'X')).rejects.toThrow(expect.objectContaining({ statusCode: 409 }));
  });

  it('renames a user', async () => {
    const users = directory();
    await users.rename('1', 'Zed Zulu');
    expect(await users.get('1')).toMatchObject({ name: 'Zed Zulu', given_name: 'Zed', family_name: 'Zulu' });
  });
});
