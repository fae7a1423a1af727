import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { MockUser } from '../session.js';

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

export interface UserDirectoryOptions {
  /** Users registered since the start at most (MOCK_MAX_USERS). Default: unbounded. */
  maxRegistered?: number;
  /**
   * Whether a registered user may be forgotten to make room (session mode: one with no live
   * sign-in holds nothing). Without it, a registration past the cap is refused.
   */
  forgettable?: (userId: string) => boolean;
}

/**
 * The mock's user store: the fixture users plus those registered since the start, in memory.
 * Callers get copies, so only these methods change a user.
 */
export class UserDirectory {
  private readonly byId = new Map<string, MockUser>();
  /** User ids by normalised email: a sign-in looks its user up in O(1). */
  private readonly idByEmail = new Map<string, string>();
  /** Users registered since the start, oldest first. */
  private readonly registeredIds = new Set<string>();
  /** Fixture users in file order, for the login page's one-click buttons. */
  private readonly fixtureIds: string[] = [];

  constructor(
    private readonly fixtures: readonly MockUser[],
    readonly termsVersion: number,
    private readonly options: UserDirectoryOptions = {},
  ) {
    this.reset();
  }

  /** Back to the fixtures: edits undone, registered users gone. */
  reset(): void {
    this.byId.clear();
    this.idByEmail.clear();
    this.registeredIds.clear();
    this.fixtureIds.length = 0;
    for (const user of this.fixtures) {
      const email = normaliseEmail(user.email);
      this.byId.set(user.id, { ...copyUser(user), email });
      this.idByEmail.set(email, user.id);
      this.fixtureIds.push(user.id);
    }
  }

  fixtureUsers(): MockUser[] {
    return this.fixtureIds.map((id) => copyUser(this.byId.get(id)!));
  }

  get(userId: string): MockUser | undefined {
    const user = this.byId.get(userId);
    return user && copyUser(user);
  }

  findByEmail(email: string): MockUser | undefined {
    const id = this.idByEmail.get(normaliseEmail(email));
    return id === undefined ? undefined : this.get(id);
  }

  /** Users registered since the start (not the fixtures). */
  get registeredCount(): number {
    return this.registeredIds.size;
  }

  /** A new user has accepted no terms yet, so the app asks them first. */
  register(email: string, name: string): MockUser {
    if (this.findByEmail(email)) throw new IdentityError(409, 'A user with this email already exists');
    this.makeRoom();
    const user: MockUser = {
      id: randomUUID(),
      email: normaliseEmail(email),
      name: name.trim(),
      ...splitName(name),
      email_verified: false,
      roles: ['user'],
      tos_accepted_version: 0,
    };
    this.byId.set(user.id, user);
    this.idByEmail.set(user.email, user.id);
    this.registeredIds.add(user.id);
    return copyUser(user);
  }

  /**
   * Before a registration at the cap: forgets the oldest forgettable registered user (a scan, but
   * only at the cap), else refuses with 503 and keeps everyone.
   */
  private makeRoom(): void {
    const max = this.options.maxRegistered;
    if (max === undefined || this.registeredIds.size < max) return;
    const forgettable = this.options.forgettable;
    if (forgettable) {
      for (const id of this.registeredIds) {
        if (!forgettable(id)) continue;
        this.idByEmail.delete(this.byId.get(id)!.email);
        this.byId.delete(id);
        this.registeredIds.delete(id);
        return;
      }
    }
    throw new IdentityError(
      503,
      `This demo is full: it keeps at most ${max} new accounts and every one is in use. Sign in with a demo account, or try again later.`,
    );
  }

  rename(userId: string, name: string): MockUser {
    const user = this.mustGet(userId);
    user.name = name.trim();
    Object.assign(user, splitName(name));
    return copyUser(user);
  }

  acceptTerms(userId: string, version: number): MockUser {
    this.checkTermsVersion(version);
    const user = this.mustGet(userId);
    user.tos_accepted_version = version;
    return copyUser(user);
  }

  checkTermsVersion(version: number): void {
    if (!Number.isInteger(version) || version < 1 || version > this.termsVersion) {
      throw new IdentityError(400, `Terms version must be an integer from 1 to ${this.termsVersion}`);
    }
  }

  private mustGet(userId: string): MockUser {
    const user = this.byId.get(userId);
    if (!user) throw new IdentityError(404, 'User not found');
    return user;
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
