import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, REPO_ROOT, loadConfig } from '../../src/config.js';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  profiles?: string[];
  environment?: Record<string, string | number | boolean | null>;
  expose?: (string | number)[];
  ports?: string[];
  depends_on?: Record<string, unknown>;
  stop_grace_period?: string;
}

const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const gatewayNames = Object.keys(services).filter((name) => services[name]?.build?.dockerfile === 'server/Dockerfile');

/**
 * The value a container would see, with compose's `${NAME:-default}` resolved to its default (nothing
 * else is set when CI reads the file).
 */
function resolved(value: string | number | boolean | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
}

function environmentOf(name: string): Record<string, string | undefined> {
  const environment = services[name]?.environment ?? {};
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, resolved(value)]));
}

describe('docker-compose.yml', () => {
  it('has the gateway in proxy mode and the gateway-mock service, both built from server/Dockerfile', () => {
    expect(gatewayNames.sort()).toEqual(['gateway', 'gateway-mock']);
    for (const name of gatewayNames) {
      expect(services[name]?.build?.context).toBe('.');
      expect(fs.existsSync(path.join(REPO_ROOT, services[name]?.build?.dockerfile ?? ''))).toBe(true);
    }
  });

  it('gives the gateway services only variables the configuration schema knows', () => {
    for (const name of gatewayNames) {
      const unknown = Object.keys(environmentOf(name)).filter((key) => !CONFIG_KEYS.includes(key));
      expect(unknown, `${name}: variables the gateway does not read`).toEqual([]);
    }
  });

  it("gives the gateway services values the gateway's own validation accepts, listening on all interfaces", () => {
    for (const name of gatewayNames) {
      const config = loadConfig(environmentOf(name));
      expect(config.host, name).toBe('0.0.0.0');
      // The published port reaches the port the gateway listens on.
      expect(services[name]?.ports?.some((mapping) => mapping.endsWith(`:${config.port}`)), name).toBe(true);
    }
  });

  it('points both upstreams of proxy mode at services of this file, on the ports they expose', () => {
    const config = loadConfig(environmentOf('gateway'));
    expect(config.mode).toBe('proxy');
    const upstreams = [config.proxy.apiUpstream, config.proxy.authUpstream];
    expect(upstreams.every(Boolean)).toBe(true);
    for (const upstream of upstreams) {
      const url = new URL(upstream ?? '');
      const target = services[url.hostname];
      expect(target, `${upstream}: no service named ${url.hostname}`).toBeDefined();
      expect(target?.expose?.map(String), `${upstream}: ${url.hostname} does not expose ${url.port}`).toContain(url.port);
      expect(Object.keys(services.gateway?.depends_on ?? {})).toContain(url.hostname);
    }
    expect(new URL(config.proxy.authUpstream ?? '').hostname).toBe('fusionauth');
  });

  it('runs FusionAuth from its official image with PostgreSQL and database search, as its Docker guide says', () => {
    const fusionauth = services.fusionauth;
    expect(fusionauth?.image).toMatch(/^fusionauth\/fusionauth-app(:|$)/);
    const env = environmentOf('fusionauth');
    expect(Object.keys(env).sort()).toEqual(
      [
        'DATABASE_URL',
        'DATABASE_ROOT_USERNAME',
        'DATABASE_ROOT_PASSWORD',
        'DATABASE_USERNAME',
        'DATABASE_PASSWORD',
        'FUSIONAUTH_APP_MEMORY',
        'FUSIONAUTH_APP_RUNTIME_MODE',
        'FUSIONAUTH_APP_URL',
        'SEARCH_TYPE',
      ].sort(),
    );
    expect(env.SEARCH_TYPE).toBe('database');
    const database = /^jdbc:postgresql:\/\/([^:/]+):5432\/fusionauth$/.exec(env.DATABASE_URL ?? '');
    expect(database, 'DATABASE_URL').not.toBeNull();
    expect(services[database?.[1] ?? '']?.image).toMatch(/^postgres:/);
    expect(Object.keys(fusionauth?.depends_on ?? {})).toContain(database?.[1]);
    // FusionAuth's root account is PostgreSQL's superuser.
    expect(env.DATABASE_ROOT_USERNAME).toBe(environmentOf(database?.[1] ?? '').POSTGRES_USER);
    expect(env.DATABASE_ROOT_PASSWORD).toBe(environmentOf(database?.[1] ?? '').POSTGRES_PASSWORD);
  });

  it('has a mock profile that runs the gateway alone in mock mode', () => {
    const mock = services['gateway-mock'];
    expect(mock?.profiles).toEqual(['mock']);
    expect(loadConfig(environmentOf('gateway-mock')).mode).toBe('mock');
    expect(mock?.depends_on).toBeUndefined();
    // Every other service runs without the profile, so `up` never starts the mock beside the proxy.
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'gateway-mock') expect(service.profiles, name).toBeUndefined();
    }
  });

  it('lets the gateways drain: Docker waits longer than SHUTDOWN_GRACE_MS before killing', () => {
    for (const name of gatewayNames) {
      const graceMs = loadConfig(environmentOf(name)).shutdownGraceMs;
      const stopSeconds = Number(/^(\d+)s$/.exec(services[name]?.stop_grace_period ?? '')?.[1] ?? 10);
      expect(stopSeconds * 1000, name).toBeGreaterThan(graceMs);
    }
  });
});
