import { describe, expect, it } from 'vitest';
import { cookiesForApi, forwardedHeaders } from './hygiene.js';

describe('forwardedHeaders', () => {
  it('gives each client and each public URL their own headers, also when made once per client', () => {
    const site = new URL('https://cc.example');
    const other = new URL('http://demo.example:8080');
    for (let round = 0; round < 2; round++) {
      expect(forwardedHeaders(['203.0.113.9'], site)).toEqual({
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'cc.example',
        'x-forwarded-port': '443',
        'x-forwarded-for': '203.0.113.9',
        'x-real-ip': '203.0.113.9',
        forwarded: 'for=203.0.113.9;host="cc.example";proto=https',
      });
      expect(forwardedHeaders(['2001:db8::1'], site)['forwarded']).toBe(
        'for="[2001:db8::1]";host="cc.example";proto=https',
      );
      expect(forwardedHeaders(['203.0.113.9'], other)).toMatchObject({
        'x-forwarded-host': 'demo.example:8080',
        'x-forwarded-port': '8080',
        'x-forwarded-for': '203.0.113.9',
      });
      expect(forwardedHeaders(['198.51.100.7', '10.0.0.2'], site)).toMatchObject({
        'x-forwarded-for': '198.51.100.7, 10.0.0.2',
        'x-real-ip': '198.51.100.7',
        forwarded: 'for=198.51.100.7, for=10.0.0.2;host="cc.example";proto=https',
      });
    }
  });

  it('cannot be changed by a caller that merges them into a request', () => {
    const headers = forwardedHeaders(['203.0.113.10'], new URL('https://cc.example'));
    expect(() => Object.assign(headers, { 'x-real-ip': '6.6.6.6' })).toThrow();
    expect(forwardedHeaders(['203.0.113.10'], new URL('https://cc.example'))['x-real-ip']).toBe('203.0.113.10');
  });
});

describe('cookiesForApi', () => {
  it('keeps only the access token', () => {
    expect(cookiesForApi('app.at=token')).toBe('app.at=token');
    expect(cookiesForApi('app.rt=refresh; app.at=token; theme=dark')).toBe('app.at=token');
    expect(cookiesForApi('app.at_exp=1; app.idt=id')).toBeUndefined();
    expect(cookiesForApi('app.atx=1')).toBeUndefined();
    expect(cookiesForApi(undefined)).toBeUndefined();
  });
});
