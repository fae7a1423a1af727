import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { MockIdentity, MockUser } from '../session.js';
import { appOrigins, refuseForgedRequests } from '../../plugins/forged-requests.js';
import { clientKey } from '../../client-address.js';
import { COOKIE, clearTokenCookies, secureCookies, setTokenCookies } from './cookies.js';
import { accountPage, errorPage, loginPage, registerPage } from './pages.js';
import { allowedOrigins, safeRedirectTarget, withQuery } from './redirects.js';
import { withEdits, type TokenService } from './tokens.js';
import { IdentityError, type UserDirectory, emailProblem, nameProblem, splitName, userInfo } from './users.js';
import { sendError } from '../../errors.js';
import { RedisStateStore } from '../state/redis-store.js';

export interface IdentityRoutesOptions {
  users: UserDirectory;
  tokens: TokenService;
  identity: MockIdentity;
  refreshTokenTtlSeconds: number;
}

const LOGIN_PATH = '/app/login/';
const REGISTER_PATH = '/app/register/';
const ACCOUNT_PATH = '/account/';
/** FusionAuth answers with the user's locale; the mock has one. */
const LOCALE = 'en';
/**
 * The identity forms are a few short fields: a bigger body (a multi-megabyte "email") is refused
 * (413) before it is read, and what is kept or copied into tokens is bounded by emailProblem and nameProblem.
 */
const FORM_BODY_LIMIT = 16 * 1024;
/** How much of a refused value the form shows again, for the visitor to correct. */
const EMAIL_ECHO_MAX = 300;

type Params = Record<string, unknown>;

/** A single string parameter; repeated (array) or missing parameters are undefined. */
function param(source: unknown, name: string): string | undefined {
  const value = (source as Params | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

function pathWithParams(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, options) => {
  const { users, tokens, identity, refreshTokenTtlSeconds } = options;
  const { config } = app;
  const { clientId, redirectUri } = config.publicConfig;
  const redirectOrigins = allowedOrigins([redirectUri, config.publicUrl]);
  const secure = secureCookies(config.publicUrl);
  const lifetimes = { accessTokenTtlSeconds: config.mock.tokenTtlSeconds, refreshTokenTtlSeconds, secure };

  await app.register(formbody);
  // Sign-in and sign-up each start a session: per client address, at most MOCK_SIGN_IN_RATE_LIMIT a
  // minute, so one visitor cannot fill the demo's sign-in table (MOCK_MAX_SESSIONS) or its sandboxes.
  // With a Redis store the counters are kept there too: the limit holds across every gateway on it.
  const store = app.mockStore;
  const sharedCounters =
    store instanceof RedisStateStore ? { redis: store.client, nameSpace: `${store.keyPrefix}identity:sign-ins:` } : {};
  await app.register(rateLimit, {
    ...sharedCounters,
    global: false,
    // An IPv6 /64 is one key, else each of its addresses would have a limit of its own. The library's
    // default does the same today; this is stated, and is the very key sessions and sandboxes are
    // counted under per address, so the limits cannot drift apart.
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many sign-ins from your address: at most ${context.max} a minute. Try again in ${context.after}.`,
    }),
  });

  /**
   * Every route that acts on the identity cookies, or sets them, refuses requests another site's
   * page made the browser send: the account and refresh posts (cookie-authenticated writes), signing
   * out (a GET, but it ends the session), and the sign-in and sign-up posts (else a page could sign a
   * visitor in as the attacker's account). The pages' own forms are same-origin posts and pass.
   */
  const sameSiteWrite = {
    onRequest: refuseForgedRequests({ trustedOrigins: appOrigins(config) }),
    bodyLimit: FORM_BODY_LIMIT,
  };
  const sameSiteNavigation = {
    onRequest: refuseForgedRequests({ trustedOrigins: appOrigins(config), allMethods: true }),
  };
  // One limiter (one counter per address) for both routes: signing up is signing in.
  const signInLimit = app.rateLimit({ max: config.mock.limits.signInsPerMinute, timeWindow: 60_000 });
  const signInWrite = { ...sameSiteWrite, onRequest: [sameSiteWrite.onRequest, signInLimit] };

  /**
   * Why a redirect target was refused, naming the settings that decide it. The usual cause is a
   * gateway in proxy mode in front of this one (a "staging" mock): the app there asks to come back
   * to the proxy's address, which this gateway knows only if its PUBLIC_URL (or REDIRECT_URI) says so.
   */
  function redirectRefusal(redirectParam: string, target: unknown): string {
    const origin = typeof target === 'string' && URL.canParse(target) ? new URL(target).origin : undefined;
    const asked = origin && origin !== 'null' ? ` (${origin})` : '';
    return (
      `The ${redirectParam}${asked} is not an address of this application, so the sign-in cannot return there. ` +
      `This gateway returns only to the origins of its PUBLIC_URL (${config.publicUrl}) and REDIRECT_URI ` +
      `(${redirectUri}). Behind another gateway in proxy mode, set this gateway’s PUBLIC_URL to the address ` +
      'people open the app at (the proxy’s).'
    );
  }

  /** A 400 page, never a redirect: what every bad client id or redirect target gets. */
  function refuse(request: FastifyRequest, reply: FastifyReply, title: string, message: string) {
    request.log.info({ reason: title }, 'identity request refused');
    return sendHtml(reply, 400, errorPage(title, message));
  }

  interface AuthRequest {
    redirect: URL;
    state?: string;
    scope: string;
    /**
     * The request's query string as sent ('' or '?…'), carried through the page's forms and links
     * unchanged, so extra parameters (the SDK's authParams) survive too.
     */
    carriedQuery: string;
  }

  /**
   * Validates the login/register/logout parameters. Replies with a 400 page and returns null when
   * the client id is not ours or the redirect target is not on the allow-list.
   */
  function authRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    redirectParam: 'redirect_uri' | 'post_logout_redirect_uri',
  ): AuthRequest | null {
    const query = request.query;
    if (param(query, 'client_id') !== clientId) {
      refuse(request, reply, 'Unknown application', 'The client_id is missing or does not belong to this application.');
      return null;
    }
    const rawRedirect = (query as Params)[redirectParam];
    const redirect =
      rawRedirect === undefined ? new URL(redirectUri) : safeRedirectTarget(rawRedirect, redirectOrigins);
    if (!redirect) {
      refuse(request, reply, 'Redirect not allowed', redirectRefusal(redirectParam, rawRedirect));
      return null;
    }
    const queryStart = request.url.indexOf('?');
    const carriedQuery = queryStart === -1 ? '' : request.url.slice(queryStart);
    return { redirect, state: param(query, 'state'), scope: param(query, 'scope') ?? '', carriedQuery };
  }

  /** Starts a session for the user, sets the cookies and returns to the app as FusionAuth does. */
  async function completeSignIn(request: FastifyRequest, reply: FastifyReply, user: MockUser, auth: AuthRequest) {
    const scopes = new Set(auth.scope.split(/\s+/).filter(Boolean));
    let issued;
    try {
      issued = await tokens.startSession(
        user,
        {
          refreshable: scopes.has('offline_access'),
          withIdToken: scopes.has('openid'),
        },
        clientKey(request.ip),
      );
    } catch (error) {
      // The demo's sign-in table is full (MOCK_MAX_SESSIONS): say so on a page, nobody is signed out.
      if (!(error instanceof IdentityError)) throw error;
      return sendHtml(reply, error.statusCode, errorPage('Sign-in unavailable', error.message));
    }
    setTokenCookies(reply, issued, lifetimes);
    reply.header('cache-control', 'no-store');
    return reply.redirect(
      withQuery(auth.redirect, { state: auth.state, locale: LOCALE, userState: 'Authenticated' }),
      302,
    );
  }

  async function renderLogin(reply: FastifyReply, status: number, auth: AuthRequest, error?: string, email?: string) {
    return sendHtml(
      reply,
      status,
      loginPage({
        action: LOGIN_PATH + auth.carriedQuery,
        registerHref: REGISTER_PATH + auth.carriedQuery,
        users: await users.fixtureUsers(),
        error,
        email,
      }),
    );
  }

  function renderRegister(
    reply: FastifyReply,
    status: number,
    auth: AuthRequest,
    values: { error?: string; email?: string; name?: string } = {},
  ) {
    return sendHtml(
      reply,
      status,
      registerPage({
        action: REGISTER_PATH + auth.carriedQuery,
        loginHref: LOGIN_PATH + auth.carriedQuery,
        ...values,
      }),
    );
  }

  app.get(LOGIN_PATH, async (request, reply) => {
    const auth = authRequest(request, reply, 'redirect_uri');
    if (!auth) return reply;
    const autoLoginUser = config.mock.autoLoginEmail ? await users.findByEmail(config.mock.autoLoginEmail) : undefined;
    if (autoLoginUser) return completeSignIn(request, reply, autoLoginUser, auth);
    return renderLogin(reply, 200, auth);
  });

  app.post(LOGIN_PATH, signInWrite, async (request, reply) => {
    const auth = authRequest(request, reply, 'redirect_uri');
    if (!auth) return reply;
    const email = (param(request.body, 'email') ?? '').trim();
    const problem = emailProblem(email);
    if (problem) return renderLogin(reply, 400, auth, problem, email.slice(0, EMAIL_ECHO_MAX));
    const user = await users.findByEmail(email);
    if (!user) {
      return renderLogin(reply, 400, auth, `No account uses ${email}. Check it, or create an account.`, email);
    }
    return completeSignIn(request, reply, user, auth);
  });

  app.get(REGISTER_PATH, async (request, reply) => {
    const auth = authRequest(request, reply, 'redirect_uri');
    if (!auth) return reply;
    return renderRegister(reply, 200, auth);
  });

  app.post(REGISTER_PATH, signInWrite, async (request, reply) => {
    const auth = authRequest(request, reply, 'redirect_uri');
    if (!auth) return reply;
    const email = (param(request.body, 'email') ?? '').trim();
    const name = (param(request.body, 'name') ?? '').trim();
    const problem = emailProblem(email) ?? nameProblem(name);
    if (problem) {
      return renderRegister(reply, 400, auth, {
        error: problem,
        email: email.slice(0, EMAIL_ECHO_MAX),
        name: name.slice(0, EMAIL_ECHO_MAX),
      });
    }
    if (await users.findByEmail(email)) {
      return renderRegister(reply, 409, auth, {
        error: `An account already uses ${email}. Sign in instead.`,
        email,
        name,
      });
    }
    let user: MockUser;
    try {
      user = await users.register(email, name);
    } catch (error) {
      // The demo keeps a bounded number of accounts (MOCK_MAX_USERS): say so on the form.
      if (!(error instanceof IdentityError)) throw error;
      return renderRegister(reply, error.statusCode, auth, { error: error.message, email, name });
    }
    return completeSignIn(request, reply, user, auth);
  });

  app.get('/app/me/', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await identity.sessionFromRequest(request);
    if (!session) return sendError(reply, 401, 'Not signed in, or the access token has expired');
    return userInfo(session.user, users.termsVersion);
  });

  app.post('/app/refresh/', sameSiteWrite, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (param(request.query, 'client_id') !== clientId) {
      return sendError(reply, 400, 'Unknown client_id');
    }
    const refreshToken = request.cookies[COOKIE.refreshToken];
    if (!refreshToken) return sendError(reply, 400, 'No refresh token: sign in again');
    const redeemed = await tokens.redeemRefreshToken(refreshToken);
    // The cookies stay as they are on failure: another tab may have just set newer ones.
    if (!redeemed.ok) {
      request.log.info({ reason: redeemed.reason }, 'refresh token refused');
      return sendError(reply, 400, 'The refresh token is invalid, used or expired: sign in again');
    }
    const user = await users.get(redeemed.userId);
    if (!user) return sendError(reply, 400, 'The user no longer exists: sign in again');
    const seen = withEdits(user, redeemed.edits);
    setTokenCookies(reply, await tokens.reissue(seen, redeemed.sessionId, redeemed.options), lifetimes);
    return reply.code(200).send();
  });

  app.get('/app/logout/', sameSiteNavigation, async (request, reply) => {
    const auth = authRequest(request, reply, 'post_logout_redirect_uri');
    if (!auth) return reply;
    const accessToken = request.cookies[COOKIE.accessToken];
    const refreshToken = request.cookies[COOKIE.refreshToken];
    const sessionId =
      (accessToken && (await tokens.verifyAccessToken(accessToken))?.sessionId) ||
      (refreshToken && (await tokens.sessionOfRefreshToken(refreshToken)));
    if (sessionId) await tokens.endSession(sessionId);
    clearTokenCookies(reply, secure);
    reply.header('cache-control', 'no-store');
    return reply.redirect(auth.redirect.toString(), 302);
  });

  /** The account page's own address, which is also where sign-in returns to. */
  const accountPath = (extra: Record<string, string> = {}) =>
    pathWithParams(ACCOUNT_PATH, { client_id: clientId, ...extra });

  async function accountSession(request: FastifyRequest, reply: FastifyReply) {
    if (param(request.query, 'client_id') !== clientId) {
      refuse(request, reply, 'Unknown application', 'The client_id is missing or does not belong to this application.');
      return null;
    }
    const session = await identity.sessionFromRequest(request);
    if (!session) {
      const back = new URL(accountPath(), config.publicUrl).toString();
      reply.header('cache-control', 'no-store');
      reply.redirect(
        pathWithParams(LOGIN_PATH, { client_id: clientId, redirect_uri: back, scope: 'openid offline_access' }),
        302,
      );
      return null;
    }
    return session;
  }

  function renderAccount(
    reply: FastifyReply,
    status: number,
    user: MockUser,
    extra: { error?: string; saved?: boolean },
  ) {
    return sendHtml(
      reply,
      status,
      accountPage({
        action: accountPath(),
        appHref: redirectUri,
        logoutHref: pathWithParams('/app/logout/', { client_id: clientId, post_logout_redirect_uri: redirectUri }),
        user,
        ...extra,
      }),
    );
  }

  app.get(ACCOUNT_PATH, async (request, reply) => {
    const session = await accountSession(request, reply);
    if (!session) return reply;
    return renderAccount(reply, 200, session.user, { saved: param(request.query, 'saved') === '1' });
  });

  app.post(ACCOUNT_PATH, sameSiteWrite, async (request, reply) => {
    const session = await accountSession(request, reply);
    if (!session) return reply;
    const name = (param(request.body, 'name') ?? '').trim();
    const problem = nameProblem(name);
    if (problem) return renderAccount(reply, 400, session.user, { error: problem });
    // MOCK_SANDBOX=session (a public demo): the change holds for this sign-in only.
    if (config.mock.sandbox === 'session') await tokens.editSession(session.sessionId, { name, ...splitName(name) });
    else await users.rename(session.user.id, name);
    // Post/redirect/get, so a reload does not post again.
    return reply.redirect(accountPath({ saved: '1' }), 303);
  });
};

export default identityRoutes;
