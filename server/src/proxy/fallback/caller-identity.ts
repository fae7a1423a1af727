import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MockIdentity, MockUser } from '../../mock/session.js';
import { API_COOKIES } from '../hygiene.js';
import type { VerifiedSubjects } from './verified-subject.js';

/**
 * The header the fallback puts the caller's credential hash in when it hands a request to the mock
 * (an in-process call, never a network one: a client's own header of that name is replaced).
 */
export const CALLER_HEADER = 'x-mock-fallback-caller';

/** The access-token cookie the compile API authenticates a browser by (hygiene.ts passes only it upstream). */
const [ACCESS_TOKEN_COOKIE] = [...API_COOKIES];

/** The caller's credential as the compile API would read it: a Bearer token, else the access-token cookie. */
function credentialOf(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === ACCESS_TOKEN_COOKIE) {
      const value = pair.slice(equals + 1).trim();
      if (value) return value;
    }
  }
  return undefined;
}

const hashOf = (domain: string, text: string) =>
  createHash('sha256').update(`cloud-compile mock fallback ${domain}\0${text}`).digest('hex');

/**
 * Who the caller is to the fallback, as a hash (the credential is never logged nor stored): the
 * subject of an access token verified against the identity provider's keys, so a refreshed token
 * keeps its sandbox; else the credential itself (a token's claims are never trusted unverified: a
 * forged token naming someone else's subject is just another credential). Undefined without a
 * credential: the mock answers 401.
 */
export async function callerHash(
  request: FastifyRequest,
  subjects: VerifiedSubjects | undefined,
): Promise<string | undefined> {
  const credential = credentialOf(request);
  if (credential === undefined) return undefined;
  const subject = await subjects?.subjectOf(credential);
  return subject === undefined ? hashOf('credential', credential) : hashOf('subject', subject);
}

/** The terms version the fallback's callers have accepted: the upstream's identity provider asks for terms, not the mock. */
const TERMS_VERSION = 1;

/** The one user every fallback caller is to the mock (their names and roles are the identity provider's). */
function fallbackUser(caller: string): MockUser {
  return {
    id: `fallback-${caller.slice(0, 32)}`,
    email: 'fallback@mock.invalid',
    name: 'Mock fallback',
    given_name: 'Mock',
    family_name: 'fallback',
    email_verified: true,
    roles: ['user'],
    tos_accepted_version: TERMS_VERSION,
  };
}

/**
 * The mock API's identity in proxy mode's fallback: each credential (by its hash, in {@link CALLER_HEADER})
 * is a session of its own, so with the registry in `session` mode each gets its own sandbox, empty at
 * first and bounded like the demo's (MOCK_MAX_SANDBOXES, MOCK_MAX_SANDBOXES_PER_ADDRESS, idle sweeps).
 */
export const callerIdentityPlugin = fp(
  async (app) => {
    const identity: MockIdentity = {
      async sessionFromRequest(request) {
        const caller = request.headers[CALLER_HEADER];
        if (typeof caller !== 'string' || !/^[0-9a-f]{64}$/.test(caller)) return null;
        return { user: fallbackUser(caller), sessionId: `fallback:${caller}` };
      },
      async getUser(userId) {
        return userId.startsWith('fallback-') ? fallbackUser(userId.slice('fallback-'.length)) : undefined;
      },
      async acceptTerms(userId, version) {
        return { ...fallbackUser(userId.slice('fallback-'.length)), tos_accepted_version: version };
      },
      async reset() {},
      termsVersion: TERMS_VERSION,
    };
    app.decorate('mockIdentity', identity);
  },
  { name: 'mock-identity' },
);
