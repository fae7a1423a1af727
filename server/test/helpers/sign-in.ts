/** One Set-Cookie header, parsed: the attributes tests check. */
export interface SetCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: string;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  const cookie: SetCookie = {
    name: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    httpOnly: false,
    secure: false,
  };
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'path') cookie.path = value;
    else if (key === 'max-age') cookie.maxAge = Number(value);
    else if (key === 'expires') cookie.expires = new Date(value);
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = value;
  }
  return cookie;
}

/**
 * Test helpers for the mock identity provider over real HTTP: a small cookie jar and a one-call
 * sign-in. The jar keeps what the server sets and drops what it clears (Max-Age=0 or an Expires in
 * the past) but does not expire cookies by itself, so a test can still send an expired token and see
 * the server refuse it.
 */
export class CookieJar {
  private readonly cookies = new Map<string, SetCookie>();

  /** Stores the Set-Cookie headers of a response; returns them parsed, for attribute checks. */
  store(response: Response): SetCookie[] {
    const set = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of set) {
      const cleared =
        cookie.maxAge !== undefined
          ? cookie.maxAge <= 0
          : cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie);
    }
    return set;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string): void {
    this.cookies.set(name, { name, value, httpOnly: false, secure: false });
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  names(): string[] {
    return [...this.cookies.keys()].sort();
  }

  /** The Cookie request header, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies.values()].map((c) => `${c.name}=${c.value}`).join('; ');
  }

  /** fetch with this jar: sends its cookies, stores the response's, never follows redirects. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header();
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }
}

export interface SignInOptions {
  /** Defaults to the gateway's default CLIENT_ID. */
  clientId?: string;
  /** Defaults to the server's configured redirect URI (the parameter is left out). */
  redirectUri?: string;
  /** Defaults to what the SPA asks for: refresh and id tokens too. */
  scope?: string;
  state?: string;
  /** An existing jar to sign in with (for several users, use one jar each). */
  jar?: CookieJar;
}

export interface SignedIn {
  /** Ready for a `cookie` request header: all identity cookies the server set. */
  cookieHeader: string;
  /** Cookie name → value: `app.at`, `app.at_exp`, and `app.rt` / `app.idt` with the default scope. */
  cookies: Record<string, string>;
  jar: CookieJar;
  /** Where the server sent the browser back to (redirect_uri?state=…&locale=…&userState=Authenticated). */
  location: string;
}

/**
 * Signs a fixture (or registered) user in through the mock's real login form, as the browser
 * does: `POST /app/login/?client_id=…&redirect_uri=…&state=…&scope=…` with form field `email`.
 * Throws when the server does not redirect (unknown email, wrong client id).
 */
export async function signIn(baseUrl: string, email: string, options: SignInOptions = {}): Promise<SignedIn> {
  const jar = options.jar ?? new CookieJar();
  const url = new URL('/app/login/', baseUrl);
  url.searchParams.set('client_id', options.clientId ?? 'cloud-compile');
  if (options.redirectUri) url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('state', options.state ?? 'test-state');
  url.searchParams.set('scope', options.scope ?? 'openid email profile offline_access');
  const response = await jar.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`signIn(${email}) failed: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
  await response.body?.cancel();
  const cookies: Record<string, string> = {};
  for (const name of jar.names()) cookies[name] = jar.get(name)!;
  return { cookieHeader: jar.header() ?? '', cookies, jar, location };
}
