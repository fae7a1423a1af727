import { describe, expect, it } from 'vitest';
import { loadAuthConfig, validateAuthConfig } from './auth-config';

describe('validateAuthConfig', () => {
  it('accepts a complete config', () => {
    const raw = {
      clientId: 'cloud-compile',
      serverUrl: 'http://localhost:8080',
      redirectUri: 'http://localhost:8080/',
    };
    expect(validateAuthConfig(raw)).toEqual({ ok: true, config: raw });
  });

  it("names every missing key with the spec's message, in order", () => {
    expect(validateAuthConfig({})).toEqual({
      ok: false,
      problems: ['clientId is required', 'serverUrl is required', 'redirectUri is required'],
    });
    expect(validateAuthConfig({ clientId: 'x', serverUrl: '  ', redirectUri: 42 })).toEqual({
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
      return Response.json({ clientId: 'c', serverUrl: 'http://s', redirectUri: 'http://s/' });
    };
    await loadAuthConfig(recording);
    expect(asked).toEqual(['/config.json']);
  });

  it('validates what it loads', async () => {
    const partial = async () => Response.json({ clientId: 'cloud-compile' });
    expect(await loadAuthConfig(partial)).toEqual({
      ok: false,
      problems: ['serverUrl is required', 'redirectUri is required'],
    });
  });
});
