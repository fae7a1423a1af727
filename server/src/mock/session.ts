import type { FastifyRequest } from 'fastify';

/**
 * The contract between the mock identity provider (mock/identity) and the mock compile API
 * (mock/api): the API trusts the sessions the identity provider issues, and changes a user's terms
 * state through it. Neither side reaches into the other's internals.
 */
export interface MockUser {
  /** Stable id (UUID): the OIDC `sub`. */
  id: string;
  email: string;
  name: string;
  given_name: string;
  family_name: string;
  email_verified: boolean;
  roles: string[];
  /** 0 = never accepted. The user must accept when this is below the current terms version. */
  tos_accepted_version: number;
}

export interface MockSession {
  user: MockUser;
  /** One sign-in: stays the same across token refreshes, new on every login. */
  sessionId: string;
}

/**
 * Users and sessions live in the state store (app.mockStore), so every call that reads or changes
 * them is async: with Redis it is a round trip, and every gateway on the store sees the change.
 */
export interface MockIdentity {
  /**
   * The session of the request's `app.at` cookie, or null when it is missing, forged, expired or
   * signed out. Runs on every API request: the token's signature, then one read of the session
   * (and of its user, at the same time).
   */
  sessionFromRequest(request: FastifyRequest): Promise<MockSession | null>;
  getUser(userId: string): Promise<MockUser | undefined>;
  /**
   * Records that the user accepted this terms version (what `updateTerms` does). With a
   * `sessionId` (MOCK_SANDBOX=session: the sandbox's sign-in) it holds for that sign-in only, so
   * visitors of a public demo never see each other's changes; without, for the user.
   */
  acceptTerms(userId: string, version: number, sessionId?: string): Promise<MockUser>;
  /** Back to fixtures/users.yaml: every name and terms change is undone, registered users go. */
  reset(): Promise<void>;
  /** The current terms version users must accept. */
  readonly termsVersion: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    mockIdentity: MockIdentity;
  }
}
