import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import {
  CONFIG_KEYS,
  ConfigError,
  PLACEHOLDER_LINKS,
  REPO_ROOT,
  loadConfig,
  placeholderLinksWarning,
} from '../../src/config.js';
import { spawnGateway } from '../helpers/spawn-gateway.js';
import { plainHttpUpstreamsWarning } from '../../src/exposure.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('runs with no environment at all: mock mode on 127.0.0.1:8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      mode: 'mock',
      publicUrl: 'http://localhost:8080',
      publicConfig: {
        clientId: 'cloud-compile',
        serverUrl: 'http://localhost:8080',
        redirectUri: 'http://localhost:8080/',
      },
    });
  });

  it('serves the external links from the environment, with documented placeholders, and rejects non-URLs', () => {
    expect(loadConfig({}).publicConfig.links).toEqual(PLACEHOLDER_LINKS);
    const links = loadConfig({
      LEGACY_TOOL_URL: 'https://legacy.vendor.test/',
      EXAMPLES_URL: 'https://docs.vendor.test/examples',
      DOCUMENTATION_URL: 'https://docs.vendor.test/',
      TERMS_URL: 'https://vendor.test/terms',
      PRIVACY_POLICY_URL: 'https://vendor.test/privacy',
    }).publicConfig.links;
    expect(links).toEqual({
      legacyTool: 'https://legacy.vendor.test/',
      examples: 'https://docs.vendor.test/examples',
      documentation: 'https://docs.vendor.test/',
      terms: 'https://vendor.test/terms',
      privacyPolicy: 'https://vendor.test/privacy',
    });
    expect(() => loadConfig({ TERMS_URL: 'javascript:alert(1)' })).toThrow(/TERMS_URL: must be an http\(s\) URL/);
  });

  it('warns in proxy mode while a link is still a placeholder', () => {
    const proxy = { MODE: 'proxy', API_UPSTREAM: 'http://api.test', AUTH_UPSTREAM: 'http://auth.test' };
    expect(placeholderLinksWarning(loadConfig(proxy))).toMatch(
      /LEGACY_TOOL_URL, EXAMPLES_URL, DOCUMENTATION_URL, TERMS_URL, PRIVACY_POLICY_URL/,
    );
    expect(placeholderLinksWarning(loadConfig({}))).toBeUndefined();
    const real = Object.fromEntries(
      ['LEGACY_TOOL_URL', 'EXAMPLES_URL', 'DOCUMENTATION_URL', 'TERMS_URL', 'PRIVACY_POLICY_URL'].map((key) => [
        key,
        'https://vendor.test/',
      ]),
    );
    expect(placeholderLinksWarning(loadConfig({ ...proxy, ...real }))).toBeUndefined();
  });

  it('warns in proxy mode when an upstream on another machine is plain http, naming it', () => {
    const proxy = (api: string, auth: string) => loadConfig({ MODE: 'proxy', API_UPSTREAM: api, AUTH_UPSTREAM: auth });
    expect(plainHttpUpstreamsWarning(proxy('http://compile-api:8000', 'https://auth.test'))).toMatch(
      /^API_UPSTREAM \(http:\/\/compile-api:8000\/?\) is plain http: access tokens, API keys and sign-in forms cross the network unencrypted/,
    );
    expect(plainHttpUpstreamsWarning(proxy('http://10.0.0.5', 'http://auth.test'))).toMatch(
      /^API_UPSTREAM \(.*\) and AUTH_UPSTREAM \(.*\) are plain http/,
    );
    // https, or an upstream on this machine, is not named; the mock has no upstreams.
    expect(plainHttpUpstreamsWarning(proxy('https://api.test', 'https://auth.test'))).toBeUndefined();
    expect(plainHttpUpstreamsWarning(proxy('http://127.0.0.1:8000', 'http://localhost:9011'))).toBeUndefined();
    expect(plainHttpUpstreamsWarning(proxy('http://[::1]:8000', 'https://auth.test'))).toBeUndefined();
    expect(plainHttpUpstreamsWarning(loadConfig({}))).toBeUndefined();
  });

  it('derives the public settings from PUBLIC_URL and keeps only its origin', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://app.example.com/some/path', CLIENT_ID: 'abc' });
    expect(config.publicUrl).toBe('https://app.example.com');
    expect(config.publicConfig).toMatchObject({
      clientId: 'abc',
      serverUrl: 'https://app.example.com',
      redirectUri: 'https://app.example.com/',
    });
    expect(
      loadConfig({ PUBLIC_URL: 'https://app.example.com', AUTH_PUBLIC_URL: 'https://auth.example.com/' }).publicConfig
        .serverUrl,
    ).toBe('https://auth.example.com');
  });

  it('accepts proxy mode with both upstreams', () => {
    const config = loadConfig({
      MODE: 'proxy',
      API_UPSTREAM: 'http://api:8000',
      AUTH_UPSTREAM: 'https://auth.example.com/',
    });
    expect(config.proxy).toMatchObject({
      apiUpstream: 'http://api:8000',
      authUpstream: 'https://auth.example.com/',
      timeoutMs: 30_000,
    });
  });

  it('gives mock mode per-session sandboxes by default when HOST is reachable from other machines; an explicit MOCK_SANDBOX wins', () => {
    expect(loadConfig({}).mock.sandbox).toBe('user');
    expect(loadConfig({ HOST: '127.0.0.1' }).mock.sandbox).toBe('user');
    expect(loadConfig({ HOST: '::1' }).mock.sandbox).toBe('user');
    expect(loadConfig({ HOST: '0.0.0.0' }).mock.sandbox).toBe('session');
    expect(loadConfig({ HOST: '::' }).mock.sandbox).toBe('session');
    expect(loadConfig({ HOST: '192.168.1.10' }).mock.sandbox).toBe('session');
    expect(loadConfig({ HOST: '0.0.0.0', MOCK_SANDBOX: 'user' }).mock.sandbox).toBe('user');
  });

  it("documents every variable it reads in README.md's configuration table", () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]));
    expect(CONFIG_KEYS.filter((key) => !documented.has(key))).toEqual([]);
  });

  it("bounds the in-memory store at a quarter of V8's heap limit unless MOCK_MAX_STORE_MB says otherwise", () => {
    const quarterMb = Math.floor(v8.getHeapStatistics().heap_size_limit / 4 / 1024 / 1024);
    expect(loadConfig({}).mock.limits.storeBytes).toBe(quarterMb * 1024 * 1024);
    expect(loadConfig({ MOCK_MAX_STORE_MB: '64' }).mock.limits.storeBytes).toBe(64 * 1024 * 1024);
    expect(problemsOf({ MOCK_MAX_STORE_MB: '0' })[0]).toMatch(/^MOCK_MAX_STORE_MB/);
  });

  it('treats an empty variable as unset (docker-compose writes FOO= for an absent value)', () => {
    expect(loadConfig({ PORT: '', MODE: '' })).toMatchObject({ port: 8080, mode: 'mock' });
  });

  it('names both upstreams when proxy mode has neither', () => {
    const problems = problemsOf({ MODE: 'proxy' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/API_UPSTREAM: is required when MODE=proxy/);
    expect(problems.join('\n')).toMatch(/AUTH_UPSTREAM: is required when MODE=proxy/);
  });

  it('names every bad variable in one error, with the value it got', () => {
    const problems = problemsOf({
      MODE: 'proxy',
      PORT: 'eighty',
      API_UPSTREAM: 'not a url',
      AUTH_UPSTREAM: 'ftp://auth.example.com',
      PUBLIC_URL: 'app.example.com',
      PROXY_TIMEOUT_MS: '-5',
      LOG_LEVEL: 'loud',
    });
    const named = problems.map((problem) => problem.split(':', 1)[0]);
    expect(new Set(named)).toEqual(
      new Set(['PORT', 'API_UPSTREAM', 'AUTH_UPSTREAM', 'PUBLIC_URL', 'PROXY_TIMEOUT_MS', 'LOG_LEVEL']),
    );
    expect(problems.find((p) => p.startsWith('AUTH_UPSTREAM'))).toMatch(
      /must be an http\(s\) URL \(got "ftp:\/\/auth\.example\.com"\)/,
    );
    expect(problems.find((p) => p.startsWith('PORT'))).toBe(
      'PORT: must be a whole number from 0 to 65535 (got "eighty")',
    );
  });

  it('the message lists every problem on its own line', () => {
    try {
      loadConfig({ MODE: 'sideways', PORT: '70000' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as Error).message.split('\n');
      expect(lines[0]).toBe('Invalid configuration:');
      expect(lines.slice(1).sort()).toEqual([
        expect.stringMatching(/^ {2}- MODE: /),
        expect.stringMatching(/^ {2}- PORT: /),
      ]);
    }
  });
});

describe('the gateway process', () => {
  it('refuses to start on bad configuration: exit code 1 and one message naming every bad variable', async () => {
    const gateway = spawnGateway({ MODE: 'proxy', API_UPSTREAM: 'nope', PORT: 'abc', LOG_FORMAT: 'json' });
    expect(await gateway.exited).toBe(1);
    const stderr = gateway.stderr();
    expect(stderr).toMatch(/^Invalid configuration:\n/);
    expect(stderr).toMatch(/- PORT: .*\(got "abc"\)/);
    expect(stderr).toMatch(/- API_UPSTREAM: .*\(got "nope"\)/);
    expect(stderr).toMatch(/- AUTH_UPSTREAM: is required when MODE=proxy/);
    expect(stderr).toMatch(/See README\.md, "Configuration"\./);
    // One message, no stack trace.
    expect(stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(gateway.stdout()).toBe('');
  });
});
