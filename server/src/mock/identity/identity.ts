import fp from 'fastify-plugin';
import type { MockIdentity } from '../session.js';
import { COOKIE } from './cookies.js';
import identityRoutes from './routes.js';
import { signingSecret } from './signing-secret.js';
import { TokenService, withEdits } from './tokens.js';
import { IdentityError, UserDirectory, loadUsersFile } from './users.js';

/** How long a sign-in lasts without activity: the refresh token's lifetime. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface MockIdentityOptions {
  /** Milliseconds since the epoch; tests inject a clock to expire tokens without waiting. */
  now?: () => number;
}

/**
 * MODE=mock: a stand-in for FusionAuth's hosted backend (/app/login/, /app/register/, /app/me/,
 * /app/refresh/, /app/logout/, /account/) so the SPA's FusionAuth SDK signs in against the
 * gateway itself. Users come from fixtures/users.yaml plus those registered since. Users, sessions
 * and refresh tokens live in the state store (`app.mockStore`, decorated before this plugin), so
 * gateways sharing a Redis serve one sign-in and a restart keeps them. Decorates
 * `app.mockIdentity` (the contract in ../session.ts) for the mock compile API.
 */
export default fp<MockIdentityOptions>(
  async (app, options) => {
    const { config, mockStore: store } = app;
    const usersFile = await loadUsersFile(config.mock.fixturesDir);
    const tokens = new TokenService({
      store,
      secret: await signingSecret(store, config.mock.sessionSecret, app.log),
      audience: config.publicConfig.clientId,
      accessTokenTtlSeconds: config.mock.tokenTtlSeconds,
      refreshTokenTtlSeconds: REFRESH_TOKEN_TTL_SECONDS,
      now: options.now ?? (() => Date.now()),
      maxSessions: config.mock.limits.sessions,
      idleSeconds: config.mock.sandboxIdleMinutes * 60,
      maxSessionsPerAddress: config.mock.limits.sessionsPerAddress,
    });
    // Registrations past MOCK_MAX_USERS: in session mode (a public demo, where an account holds no
    // work of its own) the oldest with no live sign-in is forgotten; in user mode a new one is refused.
    const users = new UserDirectory(store, usersFile.users, usersFile.termsVersion, {
      maxRegistered: config.mock.limits.users,
      forgettable:
        config.mock.sandbox === 'session' ? async (userId) => !(await tokens.hasLiveSession(userId)) : undefined,
    });

    const identity: MockIdentity = {
      async sessionFromRequest(request) {
        const accessToken = request.cookies[COOKIE.accessToken];
        if (!accessToken) return null;
        const claims = await tokens.verifyAccessTokenClaims(accessToken);
        if (!claims) return null;
        // The session and its user are read at the same time: one round trip to the store.
        const [session, user] = await Promise.all([tokens.sessionOf(claims), users.get(claims.userId)]);
        return session && user ? { user: withEdits(user, session.edits), sessionId: claims.sessionId } : null;
      },
      getUser: (userId) => users.get(userId),
      async acceptTerms(userId, version, sessionId) {
        if (sessionId === undefined) return users.acceptTerms(userId, version);
        users.checkTermsVersion(version);
        const user = await users.get(userId);
        if (!user) throw new IdentityError(404, 'User not found');
        const session = await tokens.editSession(sessionId, { tos_accepted_version: version });
        if (!session) throw new IdentityError(401, 'The session has ended: sign in again');
        return withEdits(user, session.edits);
      },
      async reset() {
        await users.reset();
        await tokens.clearSessionEdits();
      },
      termsVersion: users.termsVersion,
    };
    app.decorate('mockIdentity', identity);

    const autoLoginEmail = config.mock.autoLoginEmail;
    if (autoLoginEmail && !(await users.findByEmail(autoLoginEmail))) {
      app.log.warn({ email: autoLoginEmail }, 'MOCK_AUTO_LOGIN names no fixture user; the sign-in page is shown');
    }

    // Encapsulated: the form-body parser and these routes stay inside the identity provider.
    await app.register(identityRoutes, {
      users,
      tokens,
      identity,
      refreshTokenTtlSeconds: REFRESH_TOKEN_TTL_SECONDS,
    });
  },
  { name: 'mock-identity' },
);
