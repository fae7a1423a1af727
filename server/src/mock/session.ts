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

export interface MockIdentity {
  /** The session of the request's `app.at` cookie, or null when it is missing, forged or expired. */
  sessionFromRequest(request: FastifyRequest): Promise<MockSession | null>;
  getUser(userId: string): MockUser | undefined;
  /**
   * Records that the user accepted this terms version (what `updateTerms` does). With a
   * `sessionId` (MOCK_SANDBOX=session: the sandbox's sign-in) it holds for that sign-in only, so
   * visitors of a public demo never see each other's changes; without, for the user.
   */
  acceptTerms(userId: string, version: number, sessionId?: string): MockUser;
  /** Back to fixtures/users.yaml: every name and terms change is undone, registered users go. */
  reset(): void;
  /** The current terms version users must accept. */
  readonly termsVersion: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    mockIdentity: MockIdentity;
  }
}
