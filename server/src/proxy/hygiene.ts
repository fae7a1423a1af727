/**
 * What crosses the gateway in proxy mode besides the body: which cookies each upstream sees, which
 * Set-Cookie headers the browser gets back, and the client-address headers the upstreams may trust.
 */

/**
 * The cookies the compile API needs: the access token it authenticates a browser by (API keys come
 * in `Authorization` and pass untouched). Refresh and id tokens, FusionAuth's own cookies and the
 * SPA's cookies stay between the browser, the gateway and the identity provider.
 */
export const API_COOKIES: ReadonlySet<string> = new Set(['app.at']);

/**
 * Cookie namespaces the identity side owns: FusionAuth's hosted backend (`app.at`, `app.rt`,
 * `app.idt`, `app.at_exp`, …) and its hosted pages (`fusionauth.sso`, `fusionauth.trusted-device`, …).
 * The API upstream may not set any of them: it could otherwise sign a browser in or out.
 */
export const IDENTITY_COOKIE_PREFIXES = ['app.', 'fusionauth.'] as const;

export function isIdentityCookie(name: string): boolean {
  return IDENTITY_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** A Cookie header with only the pairs the API needs; undefined when none is left. */
export function cookiesForApi(header: string | undefined): string | undefined {
  if (!header) return undefined;
  // A browser signed in to the SPA alone sends just its access token: nothing to take out.
  if (header.startsWith('app.at=') && !header.includes(';')) return header;
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => API_COOKIES.has(pair.slice(0, Math.max(0, pair.indexOf('='))).trim()));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/**
 * The name a browser gives a Set-Cookie's cookie; '' for a nameless one (no `=` in its name-value
 * pair, or nothing before it), which browsers store with the whole pair as its value.
 */
function setCookieName(setCookie: string): string {
  const pair = setCookie.split(';', 1)[0] ?? '';
  const equals = pair.indexOf('=');
  return equals === -1 ? '' : pair.slice(0, equals).trim();
}

/**
 * The API upstream's Set-Cookie headers without those for identity cookies, nor nameless ones
 * (`app.rt` alone, `=app.at=x`): a browser keeps those as a cookie whose value reads like an
 * identity cookie in `document.cookie`.
 */
export function setCookiesFromApi(header: string | string[] | undefined): string[] {
  const all = header === undefined ? [] : [header].flat();
  return all.filter((cookie) => {
    const name = setCookieName(cookie);
    return name !== '' && !isIdentityCookie(name);
  });
}

/** A Forwarded (RFC 7239) node: IPv6 addresses are quoted and bracketed. */
function forwardedNode(address: string): string {
  return address.includes(':') ? `"[${address}]"` : address;
}

/**
 * The client-address and public-origin headers an upstream gets. `chain` is the client's address
 * followed by every proxy hop the gateway trusts (TRUST_PROXY), ending with the peer the gateway
 * itself saw. Whatever the client sent in X-Forwarded-For, Forwarded or X-Real-IP is replaced, so an
 * upstream never takes a client's word for its own address. FusionAuth builds its redirects from
 * X-Forwarded-Proto/Host/Port.
 */
export function forwardedHeaders(chain: readonly string[], publicUrl: URL): Readonly<Record<string, string>> {
  // One client address (no trusted proxy in front): the same six headers for every request of that
  // client, made once (a few thousand clients at most; the cache starts again when full).
  if (chain.length !== 1) return forwardedHeadersOf(chain, publicUrl);
  const key = `${chain[0]} ${publicUrl.href}`;
  let headers = singleHopHeaders.get(key);
  if (!headers) {
    if (singleHopHeaders.size >= SINGLE_HOP_CACHE_SIZE) singleHopHeaders.clear();
    singleHopHeaders.set(key, (headers = Object.freeze(forwardedHeadersOf(chain, publicUrl))));
  }
  return headers;
}

const SINGLE_HOP_CACHE_SIZE = 4096;
const singleHopHeaders = new Map<string, Readonly<Record<string, string>>>();

function forwardedHeadersOf(chain: readonly string[], publicUrl: URL): Record<string, string> {
  const proto = publicUrl.protocol.replace(':', '');
  const port = publicUrl.port || (proto === 'https' ? '443' : '80');
  const nodes = chain.map((address) => `for=${forwardedNode(address)}`);
  if (nodes.length > 0) nodes[nodes.length - 1] += `;host="${publicUrl.host}";proto=${proto}`;
  return {
    'x-forwarded-proto': proto,
    'x-forwarded-host': publicUrl.host,
    'x-forwarded-port': port,
    'x-forwarded-for': chain.join(', '),
    'x-real-ip': chain[0] ?? '',
    forwarded: nodes.join(', '),
  };
}

/**
 * The chain as the gateway saw it, client first. Fastify's `request.ips` (set only with TRUST_PROXY)
 * lists the peer first, then each trusted hop's X-Forwarded-For entry, up to the first untrusted
 * address: the client.
 */
export function clientChain(ips: readonly string[] | undefined, peer: string | undefined): string[] {
  if (ips && ips.length > 0) return [...ips].reverse();
  return peer ? [peer] : [];
}
