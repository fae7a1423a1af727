import { describe, expect, it } from 'vitest';
import { accountPage, errorPage, escapeHtml, loginPage, registerPage } from './pages.js';

const user = {
  id: 'u1',
  email: 'x@example.com',
  name: '<b>"Eve" & \'co\'</b>',
  given_name: '',
  family_name: '',
  email_verified: true,
  roles: ['user'],
  tos_accepted_version: 0,
};

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('pages', () => {
  const pages = [
    loginPage({ action: '/app/login/?a="><x', registerHref: '/r?"', users: [user], error: '<err>', email: '"e' }),
    registerPage({ action: '/app/register/?"', loginHref: '/l?"', error: '<err>', email: '"e', name: '<n>' }),
    accountPage({
      action: '/account/?"',
      appHref: 'http://localhost:8080/?"',
      logoutHref: '/o?"',
      user,
      error: '<err>',
    }),
    errorPage('<title>', '<message>'),
  ];

  it.each(pages.map((html, i) => [i, html]))(
    'page %i has lang, a title, one h1, no script, nothing unescaped',
    (_i, html) => {
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html.match(/<h1>/g)).toHaveLength(1);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<(b|x|err|n|title>|message)>/);
      expect(html).not.toMatch(/"><x/);
    },
  );

  it('labels every input and gives every button text', () => {
    for (const html of pages) {
      for (const [, id] of html.matchAll(/<input id="([^"]+)"/g)) expect(html).toContain(`<label for="${id}">`);
      for (const [, text] of html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)) expect(text!.trim()).not.toBe('');
    }
  });

  it('the login page has one button per fixture user naming them', () => {
    expect(pages[0]).toContain(
      `<button type="submit" name="email" value="x@example.com">Sign in as &lt;b&gt;&quot;Eve&quot; &amp; &#39;co&#39;&lt;/b&gt; (x@example.com)</button>`,
    );
  });
});
