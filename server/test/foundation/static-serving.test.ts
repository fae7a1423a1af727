import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { PLACEHOLDER_LINKS, REPO_ROOT, testConfig } from '../../src/config.js';
import { writeFakeClientBuild, type FakeClientBuild } from './static-dir.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * For the extra gateways that only check config.json and headers: proxy mode builds in milliseconds,
 * where the mock loads its fixtures and contract. No request reaches these upstreams.
 */
const QUICK_TO_BUILD = { MODE: 'proxy', API_UPSTREAM: 'http://127.0.0.1:9', AUTH_UPSTREAM: 'http://127.0.0.1:9' };

let build: FakeClientBuild;
let app: FastifyInstance;

beforeAll(async () => {
  build = await writeFakeClientBuild();
  app = await buildApp(
    testConfig({
      STATIC_DIR: build.dir,
      PUBLIC_URL: 'https://app.example.com',
      CLIENT_ID: 'client-from-env',
      REDIRECT_URI: 'https://app.example.com/#/projects',
    }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await build.remove();
});

describe('the built SPA', () => {
  it('serves hashed assets with long immutable caching', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(build.appScript);
  });

  it.each(['/', '/index.html'])('never caches index.html (%s)', async (url) => {
    const response = await app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(build.indexHtml);
  });

  it('sends the pre-compressed brotli file when the browser accepts br', async () => {
    const response = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`/*br*/${build.appScript}`);
  });

  it('sends the pre-compressed gzip file when the browser accepts only gzip', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(`/*gz*/${build.appScript}`);
  });

  it('compresses on the fly a file the build did not pre-compress', async () => {
    const response = await app.inject({ url: '/assets/style-def456.css', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(build.plainStylesheet);
  });

  it('sends files as they are to a client that accepts no encoding', async () => {
    const response = await app.inject({ url: '/assets/style-def456.css', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(build.plainStylesheet);
  });

  it('answers revalidation with 304 by ETag or date, and ranges and HEAD as @fastify/send does', async () => {
    const first = await app.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers['content-security-policy']).toBeDefined();
    const since = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
    // A browser's reload (Cache-Control: no-cache) gets the file.
    const reload = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'if-none-match': etag, 'cache-control': 'no-cache' },
    });
    expect(reload.statusCode).toBe(200);
    const range = await app.inject({ url: '/assets/app-abc123.js', headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(build.appScript.slice(0, 10));
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(build.appScript)));
    expect(head.body).toBe('');
  });

  it('serves index.html as a rebuild rewrote it', async () => {
    const rebuilt = build.indexHtml.replace('app-abc123', 'app-rebuilt1');
    fs.writeFileSync(path.join(build.dir, 'index.html'), rebuilt);
    try {
      await expect
        .poll(async () => (await app.inject({ url: '/', headers: { accept: 'text/html' } })).body, { timeout: 5000 })
        .toBe(rebuilt);
    } finally {
      fs.writeFileSync(path.join(build.dir, 'index.html'), build.indexHtml);
      await expect
        .poll(async () => (await app.inject({ url: '/', headers: { accept: 'text/html' } })).body, { timeout: 5000 })
        .toBe(build.indexHtml);
    }
  });

  it('sends a link without the hash to the hash route it meant, query kept', async () => {
    for (const [url, route] of [
      ['/projects', '/#/projects'],
      ['/projects?x=1', '/#/projects?x=1'],
      ['/preferences/api-keys', '/#/preferences/api-keys'],
      ['/editor/abc?file=top.vhd&line=3', '/#/editor/abc?file=top.vhd&line=3'],
      ['/builds/42/0123abc', '/#/builds/42/0123abc'],
      // Same origin whatever the path: never a protocol-relative `//elsewhere`.
      ['//elsewhere.example/x', '/#//elsewhere.example/x'],
    ]) {
      const response = await app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(route);
    }
  });

  it('leaves the sign-in return path (a REDIRECT_URI below the root) to the page itself', async () => {
    const atPath = await buildApp(
      testConfig({
        ...QUICK_TO_BUILD,
        STATIC_DIR: build.dir,
        PUBLIC_URL: 'https://app.example.com',
        REDIRECT_URI: 'https://app.example.com/signed-in',
      }),
    );
    try {
      const back = await atPath.inject({ url: '/signed-in?code=c&state=s', headers: { accept: 'text/html' } });
      expect(back.statusCode).toBe(200);
      expect(back.body).toBe(build.indexHtml);
      const other = await atPath.inject({ url: '/projects', headers: { accept: 'text/html' } });
      expect(other.headers.location).toBe('/#/projects');
    } finally {
      await atPath.close();
    }
  });

  it('answers /favicon.ico (asked for by pages without an icon link) with the SVG icon', async () => {
    const response = await app.inject({ url: '/favicon.ico', headers: { accept: 'image/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves an asset a rebuild wrote after the start, cached like the others; never a file outside the build', async () => {
    fs.writeFileSync(path.join(build.dir, 'assets', 'later-def456.js'), 'console.log("rebuilt");');
    const response = await app.inject({ url: '/assets/later-def456.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe('console.log("rebuilt");');
    for (const url of [
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('answers a missing asset with 404 JSON, never with index.html', async () => {
    for (const url of ['/assets/app-gone99.js', '/missing.svg']) {
      const response = await app.inject({ url, headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'Not Found' });
    }
  });

  it('keeps the API and identity paths out of the page fallback', async () => {
    for (const url of ['/api/nothing-here', '/app/nothing-here/', '/oauth2/nothing-here']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'Not Found' });
    }
  });

  it('answers a non-HTML request for an unknown path with 404 JSON', async () => {
    const response = await app.inject({ url: '/nowhere', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  });
});

describe('GET /config.json', () => {
  it('returns the SDK settings from the configuration, revalidated on every load', async () => {
    const response = await app.inject({ url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      clientId: 'client-from-env',
      serverUrl: 'https://app.example.com',
      redirectUri: 'https://app.example.com/#/projects',
      links: PLACEHOLDER_LINKS,
    });
  });

  it('defaults serverUrl to the public origin and redirectUri to its root', async () => {
    const defaults = await buildApp(testConfig({ ...QUICK_TO_BUILD, STATIC_DIR: build.dir, PORT: '9123' }));
    try {
      const response = await defaults.inject({ url: '/config.json' });
      expect(response.json()).toEqual({
        clientId: 'cloud-compile',
        serverUrl: 'http://localhost:9123',
        redirectUri: 'http://localhost:9123/',
        links: PLACEHOLDER_LINKS,
      });
    } finally {
      await defaults.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only same-origin scripts, and the usual hardening headers', async () => {
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(directives.has('upgrade-insecure-requests')).toBe(true);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it("gives the API's answers and the hashed assets a resource's headers: inert as a page, never sniffed, same-origin only", async () => {
    for (const url of ['/api/projects', '/api', '/assets/app-abc123.js', '/assets/app-abc123.js?v=1']) {
      const response = await app.inject({ url });
      // The CSP a page gets would let an answer opened as a page load scripts from this origin; this one lets it do nothing.
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      // Headers browsers apply to documents only are left out.
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(response.headers['origin-agent-cluster'], url).toBeUndefined();
    }
    // Only those paths: a page whose path merely starts like them keeps the page's headers.
    for (const url of ['/', '/apiary', '/assets-list', '/config.json']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(String(response.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it('lets the SPA reach a separate identity origin when AUTH_PUBLIC_URL names one', async () => {
    const split = await buildApp(
      testConfig({
        ...QUICK_TO_BUILD,
        STATIC_DIR: build.dir,
        PUBLIC_URL: 'http://app.test:8080',
        AUTH_PUBLIC_URL: 'https://auth.test',
      }),
    );
    try {
      const csp = String((await split.inject({ url: '/config.json' })).headers['content-security-policy']);
      expect(csp).toMatch(/connect-src 'self' https:\/\/auth\.test/);
      expect(csp).toMatch(/form-action 'self' https:\/\/auth\.test/);
      // Plain-http demo on a LAN: upgrading would break every request.
      expect(csp).not.toMatch(/upgrade-insecure-requests/);
    } finally {
      await split.close();
    }
  });

  it('the SPA works under that CSP: its index.html has no inline script', () => {
    // The source, not a build: the build copies these tags (Vite adds only external module scripts).
    const html = fs.readFileSync(path.join(REPO_ROOT, 'client/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes = '', body = ''] of scripts) {
      expect(attributes, tag).toMatch(/\bsrc=/);
      expect(body.trim(), tag).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', mode: 'mock' });
  });
});
