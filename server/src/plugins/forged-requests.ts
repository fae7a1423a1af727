import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config.js';
import { sendError } from '../errors.js';

/** Methods that change state: a browser sends these cross-site only from a form or a script. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Why a request looks forged by another site, or null when it does not. Cookies ride along on any
 * request a browser makes, so for a cookie-authenticated write the browser's own word on where the
 * request came from decides: `Sec-Fetch-Site` first (same-origin, or `none` for what the user typed),
 * else `Origin`, which must be one of ours. SameSite=Lax cookies alone do not stop a same-site
 * origin (a sibling subdomain) nor a top-level form post.
 *
 * Not forged: a request carrying neither header (curl, the contract CLI, server-to-server: no
 * ambient browser credentials), and a Bearer API key (a page of another site cannot attach one
 * without a CORS preflight this gateway never grants).
 */
export function forgedRequestReason(
  headers: { secFetchSite?: string; origin?: string; authorization?: string },
  trustedOrigins: ReadonlySet<string>,
): string | null {
  if (headers.authorization !== undefined && /^Bearer\s/i.test(headers.authorization)) return null;
  const site = headers.secFetchSite?.trim().toLowerCase();
  const origin = headers.origin?.trim();
  if (site === 'same-origin' || site === 'none') return null;
  // A trusted Origin vouches for a same-site fetch (the app and its identity pages on sibling hosts).
  if (origin !== undefined && trustedOrigins.has(origin)) return null;
  if (site !== undefined) {
    return `Refused a ${site} request: it was sent by another site's page (Sec-Fetch-Site: ${site}${origin ? `, Origin: ${origin}` : ''})`;
  }
  if (origin !== undefined)
    return `Refused a request from another origin (Origin: ${origin}); only ${[...trustedOrigins].join(', ')} may change data here`;
  return null;
}

/** The origins of these URLs: where the app and its identity pages are served (PUBLIC_URL and friends). */
export function trustedOriginsOf(urls: readonly string[]): Set<string> {
  return new Set(urls.map((url) => new URL(url).origin));
}

/** The gateway's own origins: PUBLIC_URL, the identity pages' (AUTH_PUBLIC_URL) and the redirect URI's. */
export const appOrigins = (config: AppConfig): Set<string> =>
  trustedOriginsOf([config.publicUrl, config.publicConfig.serverUrl, config.publicConfig.redirectUri]);

export interface ForgedRequestGuardOptions {
  trustedOrigins: ReadonlySet<string>;
  /** Also check safe methods (a GET that changes state, such as signing out). Default: unsafe only. */
  allMethods?: boolean;
}

/**
 * An onRequest hook answering 403 `{"detail"}` to a request another site's page made the browser
 * send (see {@link forgedRequestReason}). It runs before the body is read, so nothing is written.
 */
export function refuseForgedRequests(options: ForgedRequestGuardOptions): onRequestHookHandler {
  return function forgedRequestGuard(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (!options.allMethods && !UNSAFE_METHODS.has(request.method)) return done();
    const reason = forgedRequestReason(
      {
        secFetchSite: header(request, 'sec-fetch-site'),
        origin: header(request, 'origin'),
        authorization: header(request, 'authorization'),
      },
      options.trustedOrigins,
    );
    if (!reason) return done();
    request.log.warn({ reason, method: request.method }, 'forged cross-site request refused');
    void sendError(reply.header('cache-control', 'no-store'), 403, reason);
  };
}
