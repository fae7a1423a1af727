import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, REPO_ROOT, loadConfig } from '../../src/config.js';
import { openMockWarning } from '../../src/exposure.js';
import { dockerfileStages } from '../helpers/dockerfile.js';

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
  it('has the gateway in proxy mode, the gateway-mock service and the demo replicas, all built from server/Dockerfile', () => {
    expect(gatewayNames.sort()).toEqual(['demo-gateway', 'gateway', 'gateway-mock']);
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
      // The published (or, behind the demo's load balancer, exposed) port is the one the gateway listens on.
      const reachable = [...(services[name]?.ports ?? []), ...(services[name]?.expose ?? []).map((p) => `:${p}`)];
      expect(
        reachable.some((mapping) => mapping.endsWith(`:${config.port}`)),
        name,
      ).toBe(true);
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
      expect(target?.expose?.map(String), `${upstream}: ${url.hostname} does not expose ${url.port}`).toContain(
        url.port,
      );
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
    // The proxy deployment's services run without a profile, so `up` never starts a mock beside the proxy.
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'gateway-mock' && !name.startsWith('demo-')) expect(service.profiles, name).toBeUndefined();
    }
  });

  it('has a demo profile: two mock replicas sharing one persistent Redis (session sandboxes), nginx in front', () => {
    const demo = Object.entries(services).filter(([, service]) => service.profiles?.includes('demo'));
    expect(demo.map(([name]) => name).sort()).toEqual(['demo-gateway', 'demo-lb', 'demo-redis']);
    const gateway = services['demo-gateway'] as ComposeService & { deploy?: { replicas?: number } };
    expect(gateway.deploy?.replicas).toBe(2);
    const config = loadConfig(environmentOf('demo-gateway'));
    expect(config.mode).toBe('mock');
    expect(config.mock.sandbox).toBe('session');
    expect(config.http.trustProxy).toBe(1);
    const store = new URL(config.mock.store);
    expect(store.protocol).toBe('redis:');
    const redis = services[store.hostname] as ComposeService & { command?: string[] };
    expect(redis?.image).toMatch(/^redis:\d+\.\d+\.\d+/);
    expect(redis?.command?.join(' ')).toContain('--appendonly yes');
    expect(Object.keys(gateway.depends_on ?? {})).toContain(store.hostname);
    expect(services['demo-gateway']?.ports).toBeUndefined();
    // The load balancer publishes the demo and proxies to every replica of demo-gateway.
    const lb = services['demo-lb'] as ComposeService & { configs?: { source: string }[] };
    expect(lb.ports).toEqual(['8082:8080']);
    const lbConfig = (
      parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
        configs: Record<string, { content: string }>;
      }
    ).configs[lb.configs![0]!.source]!.content;
    expect(lbConfig).toContain(`server demo-gateway:${config.port}`);
    expect(lbConfig).toMatch(/proxy_next_upstream error timeout/);
    expect(lbConfig).toContain('proxy_set_header X-Forwarded-For $$remote_addr');
  });

  it('lets the gateways drain: Docker waits longer than SHUTDOWN_GRACE_MS before killing', () => {
    for (const name of gatewayNames) {
      const graceMs = loadConfig(environmentOf(name)).shutdownGraceMs;
      const stopSeconds = Number(/^(\d+)s$/.exec(services[name]?.stop_grace_period ?? '')?.[1] ?? 10);
      expect(stopSeconds * 1000, name).toBeGreaterThan(graceMs);
    }
  });

  it('pins every third-party image to a version: no `latest`, no bare major', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) continue;
      const tag = /:([^:/@]+)$/.exec(service.image ?? '')?.[1] ?? '';
      expect(tag, `${name}: ${service.image}`).toMatch(/^\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/);
    }
  });

  it('publishes only the gateways (and the demo load balancer in front of them) on all interfaces: every other service (admin UIs, databases) on loopback at most', () => {
    for (const [name, service] of Object.entries(services)) {
      if (gatewayNames.includes(name) || name === 'demo-lb') continue;
      for (const mapping of service.ports ?? []) {
        // HOST_IP:HOST_PORT:CONTAINER_PORT; a short form publishes on 0.0.0.0 (and [::]).
        const hostIp = /^(.+):\d+:\d+(?:\/\w+)?$/.exec(String(mapping))?.[1];
        expect(hostIp && /^(127\.0\.0\.1|\[::1\])$/.test(hostIp), `${name} publishes ${mapping} beyond loopback`).toBe(
          true,
        );
      }
    }
    expect(services.fusionauth?.ports).toEqual(['127.0.0.1:9011:9011']);
  });

  it('runs the mock gateway, listening on 0.0.0.0, with per-session sandboxes and the open-demo warning', () => {
    const config = loadConfig(environmentOf('gateway-mock'));
    expect(config.mock.sandbox).toBe('session');
    expect(openMockWarning(config)).toMatch(/ANYONE WHO CAN REACH THIS PORT CAN SIGN IN/);
  });
});

describe('server/Dockerfile', () => {
  const stages = dockerfileStages();
  const final = stages.at(-1);

  it('builds from a pinned Node image', () => {
    for (const stage of stages) expect(stage.from, stage.name).toMatch(/^node:\d+\.\d+(\.\d+)?-[a-z]+-slim$/);
  });

  it('runs the compiled server with plain node, never tsx or TypeScript sources', () => {
    const cmd = final?.lines.find((line) => line.startsWith('CMD '));
    expect(cmd).toBe('CMD ["node", "server/dist/server.js"]');
    expect(final?.lines.join('\n')).not.toMatch(/tsx|server\/src/);
    const build = stages.find((stage) => stage.name === 'build');
    expect(build?.lines).toContain('RUN npm run build && npm run build:server && npm run pack:cli');
  });

  it('gives the final image only production dependencies of the server, from a stage that installs nothing else', () => {
    const copies = final?.lines.filter((line) => line.startsWith('COPY')) ?? [];
    const modules = copies.filter((line) => /node_modules/.test(line));
    expect(modules).toEqual(['COPY --from=runtime-deps /app/node_modules node_modules']);
    const deps = stages.find((stage) => stage.name === 'runtime-deps');
    const install = deps?.lines.find((line) => line.startsWith('RUN npm ci')) ?? '';
    expect(install).toMatch(/--omit=dev/);
    expect(install).toMatch(/--workspace=server/);
    expect(install).toMatch(/--include-workspace-root=false/);
    // Nothing from the build stage but its outputs and data: no node_modules, no sources.
    for (const line of copies.filter((l) => l.includes('--from=build'))) {
      expect(line).toMatch(
        /^COPY --from=build \/app\/(package\.json|server\/package\.json|server\/dist|openapi|fixtures|client\/dist|cli\/pack\/cloud-compile-cli\.tgz) /,
      );
    }
  });

  it('listens on 0.0.0.0 by default, so mock mode there gets per-session sandboxes and the warning', () => {
    const env = Object.fromEntries(
      (final?.lines.find((line) => line.startsWith('ENV HOST=')) ?? '')
        .slice(4)
        .split(/\s+/)
        .map((pair) => pair.split('=') as [string, string]),
    );
    const config = loadConfig(env);
    expect(config).toMatchObject({ host: '0.0.0.0', mode: 'mock', mock: { sandbox: 'session' } });
    expect(openMockWarning(config)).toBeDefined();
  });
});
