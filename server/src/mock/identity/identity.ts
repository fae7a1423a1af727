import fp from 'fastify-plugin';
import type { MockIdentity } from '../session.js';
import { COOKIE } from './cookies.js';
import identityRoutes from './routes.js';
import { TokenService } from './tokens.js';
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
 * gateway itself. Users come from fixtures/users.yaml plus those registered since the start.
 * Decorates `app.mockIdentity` (the contract in ../session.ts) for the mock compile API.
 */
export default fp<MockIdentityOptions>(
  async (app, options) => {
    const { config } = app;
    const usersFile = await loadUsersFile(config.mock.fixturesDir);
    const tokens = new TokenService({
      issuer: config.publicUrl,
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
    const users = new UserDirectory(usersFile.users, usersFile.termsVersion, {
      maxRegistered: config.mock.limits.users,
      forgettable: config.mock.sandbox === 'session' ? (userId) => !tokens.hasLiveSession(userId) : undefined,
    });

    const identity: MockIdentity = {
      async sessionFromRequest(request) {
        const accessToken = request.cookies[COOKIE.accessToken];
        if (!accessToken) return null;
        const verified = await tokens.verifyAccessToken(accessToken);
        if (!verified) return null;
        const user = users.get(verified.userId);
        return user ? { user: tokens.withSessionEdits(user, verified.sessionId), sessionId: verified.sessionId } : null;
      },
      getUser: (userId) => users.get(userId),
      acceptTerms: (userId, version, sessionId) => {
        if (sessionId === undefined) return users.acceptTerms(userId, version);
        users.checkTermsVersion(version);
        const user = users.get(userId);
        if (!user) throw new IdentityError(404, 'User not found');
        if (!tokens.editSession(sessionId, { tos_accepted_version: version })) {
          throw new IdentityError(401, 'The session has ended: sign in again');
        }
        return tokens.withSessionEdits(user, sessionId);
      },
      reset: () => {
        users.reset();
        tokens.clearSessionEdits();
      },
      termsVersion: users.termsVersion,
    };
    app.decorate('mockIdentity', identity);

    const autoLoginEmail = config.mock.autoLoginEmail;
    if (autoLoginEmail && !users.findByEmail(autoLoginEmail)) {
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
