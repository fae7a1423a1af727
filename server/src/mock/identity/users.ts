import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { MockUser } from '../session.js';
import type { StateStore } from '../state/state-store.js';
import { readJson, updateJson } from '../state/stored-json.js';

/** What users.yaml holds; see the comment at the top of fixtures/users.yaml. */
const usersFileSchema = z.object({
  termsVersion: z.number().int().min(1),
  users: z
    .array(
      z.object({
        id: z.string().min(1),
        email: z.email(),
        name: z.string().min(1),
        given_name: z.string(),
        family_name: z.string(),
        email_verified: z.boolean(),
        roles: z.array(z.string().min(1)),
        tos_accepted_version: z.number().int().min(0),
      }),
    )
    .min(1),
});

export type UsersFile = z.infer<typeof usersFileSchema>;

/** An error the gateway's error handler turns into `{"detail": ...}` with this status. */
export class IdentityError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** RFC 5321's limits: a whole address of at most 254 characters, at most 64 before the @. */
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_PART_MAX = 64;
/** A display name's length, so nothing huge is kept or copied into tokens and cookies. */
export const NAME_MAX = 100;

const emailSchema = z.email();

/** Why this is not an email address the identity provider keeps, or null when it is one. */
export function emailProblem(email: string): string | null {
  if (email.length > EMAIL_MAX || email.slice(0, email.lastIndexOf('@')).length > EMAIL_LOCAL_PART_MAX) {
    return `An email address has at most ${EMAIL_MAX} characters, ${EMAIL_LOCAL_PART_MAX} of them before the @.`;
  }
  if (!emailSchema.safeParse(email).success) return 'Enter an email address, like ada@example.com.';
  return null;
}

/** Why this is not a display name the identity provider keeps, or null when it is one. */
export function nameProblem(name: string): string | null {
  return name.length === 0 || name.length > NAME_MAX ? `Enter your name (1 to ${NAME_MAX} characters).` : null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** "Ada King Lovelace" → given "Ada", family "King Lovelace"; one word is a given name only. */
export function splitName(name: string): { given_name: string; family_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { given_name: words[0] ?? '', family_name: words.slice(1).join(' ') };
}

/** Reads and validates `<fixturesDir>/users.yaml`; a bad file names the problem and stops the start. */
export async function loadUsersFile(fixturesDir: string): Promise<UsersFile> {
  const file = path.join(fixturesDir, 'users.yaml');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Mock identity: cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = usersFileSchema.safeParse(parseYaml(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new Error(`Mock identity: invalid ${file}:\n  - ${problems.join('\n  - ')}`);
  }
  const emails = new Set<string>();
  for (const user of parsed.data.users) {
    const email = normaliseEmail(user.email);
    if (emails.has(email)) throw new Error(`Mock identity: invalid ${file}: duplicate email ${user.email}`);
    emails.add(email);
  }
  return parsed.data;
}

function copyUser(user: MockUser): MockUser {
  return { ...user, roles: [...user.roles] };
}

/** The directory's keys in the state store. */
const KEYS = {
  /** A user as changed since the fixtures (a fixture user until then has none), or a registered user. */
  user: (userId: string) => `identity:user:${userId}`,
  /** A registered user's id by normalised email (fixture emails are looked up in the fixtures). */
  email: (email: string) => `identity:email:${email}`,
  /** Registered users, scored in registration order (the store's write versions only increase). */
  registered: 'identity:users:registered',
};

export interface UserDirectoryOptions {
  /** Users registered (since the last full reset) at most (MOCK_MAX_USERS). Default: unbounded. */
  maxRegistered?: number;
  /**
   * Whether a registered user may be forgotten to make room (session mode: one with no live
   * sign-in holds nothing). Without it, a registration past the cap is refused.
   */
  forgettable?: (userId: string) => boolean | Promise<boolean>;
}

/**
 * The mock's users: the fixture users, with their changes and those registered since, kept in the
 * state store (so every gateway on it, and a restarted one, sees the same users). Callers get
 * copies, so only these methods change a user.
 */
export class UserDirectory {
  /** Fixture users by id, as in the file. */
  private readonly fixturesById = new Map<string, MockUser>();
  /** Fixture user ids by normalised email: a sign-in looks its user up without the store. */
  private readonly fixtureIdByEmail = new Map<string, string>();

  constructor(
    private readonly store: StateStore,
    fixtures: readonly MockUser[],
    readonly termsVersion: number,
    private readonly options: UserDirectoryOptions = {},
  ) {
    for (const user of fixtures) {
      const email = normaliseEmail(user.email);
      this.fixturesById.set(user.id, { ...copyUser(user), email });
      this.fixtureIdByEmail.set(email, user.id);
    }
  }

  /** Back to the fixtures: edits undone, registered users gone (every gateway on the store). */
  async reset(): Promise<void> {
    const registered = await this.store.lowest(KEYS.registered, await this.store.count(KEYS.registered));
    for (const { member } of registered) await this.forget(member);
    await this.store.remove(KEYS.registered, ...[...this.fixturesById.keys()].map(KEYS.user));
  }

  /** Fixture users in file order (with their changes), for the login page's one-click buttons. */
  async fixtureUsers(): Promise<MockUser[]> {
    const users = await Promise.all([...this.fixturesById.keys()].map((id) => this.get(id)));
    return users.filter((user) => user !== undefined);
  }

  async get(userId: string): Promise<MockUser | undefined> {
    const stored = await readJson<MockUser>(this.store, KEYS.user(userId));
    if (stored) return stored.value;
    const fixture = this.fixturesById.get(userId);
    return fixture && copyUser(fixture);
  }

  async findByEmail(email: string): Promise<MockUser | undefined> {
    const normalised = normaliseEmail(email);
    const id = this.fixtureIdByEmail.get(normalised) ?? (await this.store.read(KEYS.email(normalised)))?.value;
    return id === undefined ? undefined : this.get(id);
  }

  /** Users registered since the last full reset (not the fixtures). */
  registeredCount(): Promise<number> {
    return this.store.count(KEYS.registered);
  }

  /**
   * A new user has accepted no terms yet, so the app asks them first. The email is claimed first
   * (a write over "no document"), so of two gateways registering one address, one gets 409.
   */
  async register(email: string, name: string): Promise<MockUser> {
    if (await this.findByEmail(email)) throw new IdentityError(409, 'A user with this email already exists');
    await this.makeRoom();
    const user: MockUser = {
      id: randomUUID(),
      email: normaliseEmail(email),
      name: name.trim(),
      ...splitName(name),
      email_verified: false,
      roles: ['user'],
      tos_accepted_version: 0,
    };
    if ((await this.store.write(KEYS.email(user.email), user.id, 0)) === null) {
      throw new IdentityError(409, 'A user with this email already exists');
    }
    const version = await this.store.write(KEYS.user(user.id), JSON.stringify(user), 0);
    await this.store.score(KEYS.registered, user.id, version ?? 0);
    return copyUser(user);
  }

  /**
   * Before a registration at the cap: forgets the oldest forgettable registered user (a scan, but
   * only at the cap), else refuses with 503 and keeps everyone.
   */
  private async makeRoom(): Promise<void> {
    const max = this.options.maxRegistered;
    if (max === undefined) return;
    const count = await this.store.count(KEYS.registered);
    if (count < max) return;
    const forgettable = this.options.forgettable;
    if (forgettable) {
      for (const { member } of await this.store.lowest(KEYS.registered, count)) {
        if (!(await forgettable(member))) continue;
        await this.forget(member);
        return;
      }
    }
    throw new IdentityError(
      503,
      `This demo is full: it keeps at most ${max} new accounts and every one is in use. Sign in with a demo account, or try again later.`,
    );
  }

  /** A registered user and their email are gone. */
  private async forget(userId: string): Promise<void> {
    const user = await readJson<MockUser>(this.store, KEYS.user(userId));
    await this.store.remove(KEYS.user(userId), ...(user ? [KEYS.email(user.value.email)] : []));
    await this.store.unscore(KEYS.registered, userId);
  }

  rename(userId: string, name: string): Promise<MockUser> {
    return this.change(userId, (user) => ({ ...user, name: name.trim(), ...splitName(name) }));
  }

  acceptTerms(userId: string, version: number): Promise<MockUser> {
    this.checkTermsVersion(version);
    return this.change(userId, (user) => ({ ...user, tos_accepted_version: version }));
  }

  checkTermsVersion(version: number): void {
    if (!Number.isInteger(version) || version < 1 || version > this.termsVersion) {
      throw new IdentityError(400, `Terms version must be an integer from 1 to ${this.termsVersion}`);
    }
  }

  /** A change of one user, over the version read (a fixture user unchanged so far: over none). */
  private async change(userId: string, edit: (user: MockUser) => MockUser): Promise<MockUser> {
    const written = await updateJson<MockUser>(this.store, KEYS.user(userId), (current) => {
      const user = current?.value ?? this.fixturesById.get(userId);
      return user ? { value: edit(copyUser(user)) } : null;
    });
    if (!written) throw new IdentityError(404, 'User not found');
    return copyUser(written.value);
  }
}

/** The OIDC userinfo `/app/me/` answers, with the terms fields the app's terms screen reads. */
export function userInfo(user: MockUser, termsVersion: number) {
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.email_verified,
    name: user.name,
    given_name: user.given_name,
    family_name: user.family_name,
    preferred_username: user.email,
    roles: [...user.roles],
    tos_state: user.tos_accepted_version < termsVersion ? 'UNACCEPTED' : 'ACCEPTED',
    tos_version: termsVersion,
    tos_accepted_version: user.tos_accepted_version,
  } as const;
}
