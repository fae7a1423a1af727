import type { MockUser } from '../session.js';

/**
 * The mock identity provider's server-rendered pages. No scripts (the gateway's CSP allows none
 * inline, and none is needed); every echoed value goes through {@link escapeHtml}.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; display: flex; justify-content: center; padding: 3rem 1rem; }
  main { width: 100%; max-width: 28rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  p.note { margin-top: 0; opacity: .8; }
  form { display: grid; gap: .5rem; }
  label { font-weight: 600; }
  input { font: inherit; padding: .5rem; border: 1px solid #767676; border-radius: 4px; }
  button { font: inherit; padding: .55rem .75rem; border-radius: 4px; border: 1px solid #1f5fbf;
    background: #1f5fbf; color: #fff; cursor: pointer; text-align: left; }
  button.secondary { background: transparent; color: inherit; border-color: #767676; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  .error { border: 1px solid #b00020; border-left-width: 6px; padding: .5rem .75rem; margin: 1rem 0; }
  .ok { border: 1px solid #1b7f3b; border-left-width: 6px; padding: .5rem .75rem; margin: 1rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  a { color: inherit; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} · Cloud Compile (mock sign-in)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function alert(message: string | undefined, kind: 'error' | 'ok' = 'error'): string {
  if (!message) return '';
  return `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</p>`;
}

export interface LoginPageInput {
  /** Where the forms post: the same path and query string. */
  action: string;
  registerHref: string;
  users: readonly MockUser[];
  error?: string;
  email?: string;
}

export function loginPage(input: LoginPageInput): string {
  const buttons = input.users
    .map(
      (user) =>
        `<button type="submit" name="email" value="${escapeHtml(user.email)}">Sign in as ${escapeHtml(user.name)} (${escapeHtml(user.email)})</button>`,
    )
    .join('\n');
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="note">Mock identity provider: choose a test user or type an email. No password needed.</p>
${alert(input.error)}
<h2 id="fixture-users">Test users</h2>
<form method="post" action="${escapeHtml(input.action)}" aria-labelledby="fixture-users">
${buttons}
</form>
<h2 id="by-email">Sign in by email</h2>
<form method="post" action="${escapeHtml(input.action)}" aria-labelledby="by-email">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(input.email ?? '')}"${input.error ? ' aria-invalid="true"' : ''}>
<button type="submit">Sign in</button>
</form>
<p>No account yet? <a href="${escapeHtml(input.registerHref)}">Create an account</a></p>`,
  );
}

export interface RegisterPageInput {
  action: string;
  loginHref: string;
  error?: string;
  email?: string;
  name?: string;
}

export function registerPage(input: RegisterPageInput): string {
  return page(
    'Create an account',
    `<h1>Create an account</h1>
<p class="note">Mock identity provider: the account lives in memory until the gateway restarts.</p>
${alert(input.error)}
<form method="post" action="${escapeHtml(input.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(input.email ?? '')}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(input.name ?? '')}">
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="${escapeHtml(input.loginHref)}">Sign in</a></p>`,
  );
}

export interface AccountPageInput {
  action: string;
  appHref: string;
  logoutHref: string;
  user: MockUser;
  error?: string;
  saved?: boolean;
}

export function accountPage(input: AccountPageInput): string {
  const { user } = input;
  return page(
    'Your account',
    `<h1>Your account</h1>
${alert(input.error)}${input.saved ? alert('Your name was saved.', 'ok') : ''}
<dl>
<dt>Name</dt><dd>${escapeHtml(user.name)}</dd>
<dt>Email</dt><dd>${escapeHtml(user.email)}</dd>
</dl>
<h2 id="change-name">Change your name</h2>
<form method="post" action="${escapeHtml(input.action)}" aria-labelledby="change-name">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(user.name)}">
<button type="submit">Save name</button>
</form>
<p><a href="${escapeHtml(input.appHref)}">Back to Cloud Compile</a> · <a href="${escapeHtml(input.logoutHref)}">Sign out</a></p>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n${alert(message)}`);
}
