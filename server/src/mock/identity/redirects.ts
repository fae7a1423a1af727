/**
 * The open-redirect guard: the identity provider redirects only to absolute http(s) URLs on an
 * allowed origin (the configured redirect URI's or the gateway's own).
 */

/** The origins of the given URLs; anything that is not an http(s) URL is left out. */
export function allowedOrigins(urls: readonly string[]): Set<string> {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') origins.add(parsed.origin);
    } catch {
      // Not a URL: contributes no origin.
    }
  }
  return origins;
}

/**
 * The target as a URL when it is safe to redirect to, else null. Refused: relative and
 * scheme-relative (`//evil`) targets, other schemes (`javascript:`, `data:`), user-info
 * (`http://app@evil`), and backslashes or control characters, which browsers and parsers read
 * differently (`http://app\@evil`, `java\tscript:`).
 */
export function safeRedirectTarget(target: unknown, allowed: ReadonlySet<string>): URL | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\\\u0000-\u0020\u007f]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (!allowed.has(url.origin)) return null;
  return url;
}

/** `target` with the query parameters added (existing ones kept, same names replaced). */
export function withQuery(target: URL, params: Record<string, string | undefined>): string {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
