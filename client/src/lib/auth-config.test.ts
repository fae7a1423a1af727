import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_LINKS } from '@cloud-compile/shared';
import { loadAuthConfig, validateAuthConfig } from './auth-config';

const LINKS = {
  legacyTool: 'https://legacy.vendor.test/',
  examples: 'https://docs.vendor.test/examples',
  documentation: 'https://docs.vendor.test/',
  terms: 'https://vendor.test/terms',
  privacyPolicy: 'https://vendor.test/privacy',
};

describe('validateAuthConfig', () => {
  it('accepts a complete config', () => {
    const raw = {
      clientId: 'cloud-compile',
      serverUrl: 'http://localhost:8080',
      redirectUri: 'http://localhost:8080/',
      links: LINKS,
    };
    expect(validateAuthConfig(raw)).toEqual({ ok: true, config: raw });
  });

  it('takes the default for each external link config.json leaves out (spec §5, §7: only the three sign-in keys)', () => {
    const auth = { clientId: 'c', serverUrl: 'http://s', redirectUri: 'http://s/' };
    expect(validateAuthConfig(auth)).toEqual({ ok: true, config: { ...auth, links: PLACEHOLDER_LINKS } });
    expect(validateAuthConfig({ ...auth, links: { examples: LINKS.examples } })).toEqual({
      ok: true,
      config: { ...auth, links: { ...PLACEHOLDER_LINKS, examples: LINKS.examples } },
    });
  });

  it('refuses an external link given that is not an http(s) URL (a deployment mistake)', () => {
    const auth = { clientId: 'c', serverUrl: 'http://s', redirectUri: 'http://s/' };
    expect(validateAuthConfig({ ...auth, links: { ...LINKS, terms: 'javascript:alert(1)', examples: 42 } })).toEqual({
      ok: false,
      problems: ['links.examples must be an http(s) URL', 'links.terms must be an http(s) URL'],
    });
    expect(validateAuthConfig({ ...auth, links: 'https://docs.vendor.test/' })).toEqual({
      ok: false,
      problems: ['links must be an object of addresses'],
    });
  });

  it("names every missing key with the spec's message, in order", () => {
    expect(validateAuthConfig({ links: LINKS })).toEqual({
      ok: false,
      problems: ['clientId is required', 'serverUrl is required', 'redirectUri is required'],
    });
    expect(validateAuthConfig({ clientId: 'x', serverUrl: '  ', redirectUri: 42, links: LINKS })).toEqual({
      ok: false,
      problems: ['serverUrl is required', 'redirectUri is required'],
    });
    expect(validateAuthConfig(null)).toMatchObject({ ok: false });
  });
});

describe('loadAuthConfig', () => {
  it('reports an unreachable or failing config.json readably', async () => {
    const failing = async () => new Response('nope', { status: 502 });
    expect(await loadAuthConfig(failing)).toEqual({
      ok: false,
      problems: ['config.json could not be loaded (status 502)'],
    });
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await loadAuthConfig(offline)).toEqual({
      ok: false,
      problems: ['config.json could not be loaded (Failed to fetch)'],
    });
  });

  it('asks the root for it, whatever path the page was opened at', async () => {
    const asked: string[] = [];
    const recording = async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return Response.json({ clientId: 'c', serverUrl: 'http://s', redirectUri: 'http://s/', links: LINKS });
    };
    await loadAuthConfig(recording);
    expect(asked).toEqual(['/config.json']);
  });

  it('validates what it loads', async () => {
    const partial = async () => Response.json({ clientId: 'cloud-compile', links: LINKS });
    expect(await loadAuthConfig(partial)).toEqual({
      ok: false,
      problems: ['serverUrl is required', 'redirectUri is required'],
    });
  });
});
