import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import { demoEnvironment } from '../helpers/dockerfile.js';
import { signIn } from '../helpers/sign-in.js';
import { listeningPort, spawnGateway, type GatewayProcess } from '../helpers/spawn-gateway.js';
import { ADA } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * The production image runs `node server/dist/server.js` (server/Dockerfile) with only the server's
 * production dependencies installed. Docker cannot run here, so: build server/dist exactly as the
 * image does, run it with plain node, and check that it imports nothing a production install lacks.
 */
const DIST = path.join(REPO_ROOT, 'server/dist');
const serverPackage = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server/package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

let gateway: GatewayProcess | undefined;

beforeAll(() => {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
}, 60_000);

afterEach(async () => {
  gateway?.child.kill('SIGTERM');
  await gateway?.exited;
  gateway = undefined;
});

/** The package a bare import specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

describe('the compiled gateway (server/dist)', () => {
  it('has no TypeScript left: every source file became a .js file beside its source map', () => {
    const files = fs.readdirSync(DIST, { recursive: true, encoding: 'utf8' });
    expect(files).toContain('server.js');
    expect(files).toContain(path.join('proxy', 'proxy.js'));
    expect(files.filter((file) => file.endsWith('.ts'))).toEqual([]);
    expect(files.filter((file) => file.includes('.test.'))).toEqual([]);
  });

  it('has every source file that is not TypeScript too, in the same place (the Yosys worker a build starts)', () => {
    const source = path.join(REPO_ROOT, 'server/src');
    const asIs = fs
      .readdirSync(source, { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.endsWith('.ts') && fs.statSync(path.join(source, file)).isFile());
    expect(asIs).toContain(path.join('mock', 'builds', 'toolchain', 'tools', 'yosys-process.mjs'));
    for (const file of asIs)
      expect(fs.readFileSync(path.join(DIST, file)), file).toEqual(fs.readFileSync(path.join(source, file)));
  });

  it(
    'runs a real, sandboxed build (GHDL, then Yosys in its worker) to success, with the demo image’s settings and PATH',
    { timeout: 180_000 },
    async () => {
      const demo = demoEnvironment();
      // The compose demo asks for real builds (never a silent fall-back to simulated ones).
      expect(demo.MOCK_BUILDS).toBe('toolchain');
      gateway = spawnGateway(
        {
          ...demo,
          PORT: '0',
          // Loopback for the test; what the image's 0.0.0.0 implies for unisolated builds is kept: refused.
          HOST: '127.0.0.1',
          MOCK_BUILD_UNISOLATED: 'refuse',
          MOCK_BUILD_CONCURRENCY: '1',
          PUBLIC_URL: 'http://127.0.0.1:8082',
        },
        'compiled',
      );
      expect(await gateway.waitForLine(/builds run GHDL/)).toMatch(/file isolation by bubblewrap/);
      const base = `http://127.0.0.1:${await listeningPort(gateway)}`;
      const { cookieHeader } = await signIn(base, ADA);
      const call = async (method: string, url: string) => {
        const response = await fetch(`${base}${url}`, { method, headers: { cookie: cookieHeader } });
        return (await response.json()) as never;
      };
      const projects: { id: string; name: string }[] = await call('GET', '/api/projects');
      const adder = projects.find((project) => project.name === 'Adder')!;
      const queued: { id: string } = await call('POST', `/api/projects/${adder.id}/builds`);
      const build = await waitFor(
        async () => {
          const now: { status: string; error: string | null } = await call('GET', `/api/builds/${queued.id}`);
          return now.status === 'queued' || now.status === 'running' ? undefined : now;
        },
        'the build to finish',
        170_000,
      );
      // Without the worker beside the compiled runner: "SYNTHESIS failed", bwrap could not find its folder.
      expect(build).toMatchObject({ status: 'succeeded', error: null });
      const log: { lines: string[] } = await call('GET', `/api/builds/${queued.id}/log?limit=100000`);
      expect(log.lines.join('\n')).toMatch(/^Tools: GHDL .*; Yosys .*\(WebAssembly\)$/m);
      expect(log.lines.join('\n')).toMatch(/^Isolation: file isolation by bubblewrap/m);
    },
  );

  it('imports only Node built-ins and production dependencies of server/package.json', () => {
    const imported = new Set<string>();
    for (const file of fs.readdirSync(DIST, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.js')) continue;
      const source = fs.readFileSync(path.join(DIST, file), 'utf8');
      // esbuild writes every import with double quotes: `from "x"`, `import "x"`, `import("x")`.
      for (const match of source.matchAll(/(?:\bfrom\s+|^import\s+|\bimport\s*\(\s*)"([^"./][^"]*)"/gm)) {
        const specifier = match[1] ?? '';
        if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
        imported.add(packageOf(specifier));
      }
    }
    expect([...imported]).toEqual(expect.arrayContaining(['fastify', 'undici', 'zod']));
    const notProduction = [...imported].filter((name) => !(name in serverPackage.dependencies));
    expect(notProduction).toEqual([]);
    // tsx ran the TypeScript before; the image no longer carries it.
    expect(serverPackage.dependencies).not.toHaveProperty('tsx');
    expect(serverPackage.dependencies).not.toHaveProperty('typescript');
  });

  it('runs with plain node (no tsx) and serves /readyz', async () => {
    gateway = spawnGateway({ PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json' }, 'compiled');
    const port = await listeningPort(gateway);
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', mode: 'mock' });
    expect(gateway.child.spawnargs.join(' ')).not.toMatch(/tsx/);
    expect(gateway.stdout()).not.toMatch(/ANYONE WHO CAN REACH/);
  });

  it('says plainly at start-up that anyone can sign in when mock mode listens beyond this machine', async () => {
    gateway = spawnGateway({ PORT: '0', HOST: '0.0.0.0', LOG_FORMAT: 'json' }, 'compiled');
    const line = JSON.parse(await gateway.waitForLine(/ANYONE WHO CAN REACH/)) as { level: number; msg: string };
    expect(line.level).toBe(40);
    expect(line.msg).toMatch(/ANYONE WHO CAN REACH THIS PORT CAN SIGN IN as any user, without a password/);
    expect(line.msg).toMatch(/MOCK_SANDBOX=session/);
  });
});
