import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import { dockerfileStages } from '../helpers/dockerfile.js';
import { signIn } from '../helpers/sign-in.js';
import { listeningPort, spawnGateway, type GatewayProcess } from '../helpers/spawn-gateway.js';
import { ADA } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * The demo image must build with the real toolchain (issue 35, item 6). Docker cannot run here, so:
 * (1) every program the gateway runs for a build must come, on this Debian 12 machine (the image's
 * base is Debian 12 too), from a package the image's final stage installs, one apt pulls in with it,
 * or one every Debian image has (Essential); Yosys from the server's production dependencies;
 * (2) the compiled gateway (what the image runs) builds a design for real with the image's and the
 * compose demo's settings and the image's PATH, its builds sandboxed by bubblewrap.
 * Not proven without Docker: that apt in the image resolves the same packages, and that the host's
 * Docker lets bubblewrap create user namespaces (compose allows them; see docker-compose.yml).
 */

/** What a build runs (server/src/mock/builds): GHDL, bubblewrap around each tool, prlimit for its limits, sh for GHDL's --synth redirect. */
const BUILD_PROGRAMS = ['ghdl', 'bwrap', 'prlimit', 'sh'];
/** Docker's default PATH; node images set none of their own. */
const IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const stages = dockerfileStages();
const final = stages.at(-1)!;

/** The packages the final stage installs with apt-get. */
function imagePackages(): string[] {
  const install = final.lines.find((line) => /apt-get install/.test(line)) ?? '';
  const words = /apt-get install (.*?)(?:&&|$)/.exec(install)?.[1]?.split(/\s+/) ?? [];
  return words.filter((word) => word && !word.startsWith('-'));
}

/** The package that owns a file on this machine (dpkg -S), following symlinks. */
function owner(file: string): string {
  const real = fs.realpathSync(file);
  const found = spawnSync('dpkg', ['-S', real], { encoding: 'utf8' });
  if (found.status !== 0) {
    // merged /usr: dpkg may know the file by its /bin path.
    const alternative = real.startsWith('/usr/') ? real.slice(4) : `/usr${real}`;
    return execFileSync('dpkg', ['-S', alternative], { encoding: 'utf8' }).split(':')[0]!;
  }
  return found.stdout.split(':')[0]!;
}

/** What apt installs for `names`: the packages and the first alternative of each of their Depends (one level, as apt picks). */
function withDependencies(names: string[]): Set<string> {
  const all = new Set(names);
  // One call for all (apt-cache loads its cache each time: seconds on a busy machine).
  const output = execFileSync('apt-cache', ['depends', '--no-recommends', '--no-suggests', ...names], {
    encoding: 'utf8',
  });
  let alternative = false;
  for (const line of output.split('\n')) {
    const match = /^\s+(\|)?(?:Pre)?Depends: <?([\w.+-]+)>?/.exec(line);
    if (!match) {
      alternative = false; // a new package's section
      continue;
    }
    if (!alternative) all.add(match[2]!);
    alternative = match[1] === '|';
  }
  return all;
}

const essential = () =>
  new Set(
    execFileSync('dpkg-query', ['-W', '-f', '${Package} ${Essential}\\n'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.endsWith(' yes'))
      .map((line) => line.split(' ')[0]!),
  );

/** Where a program resolves on the image's PATH (on this machine). */
function which(program: string): string {
  for (const dir of IMAGE_PATH.split(':')) {
    const file = path.join(dir, program);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`${program} is not on the image's PATH here`);
}

describe("the demo image's toolchain", () => {
  it(
    'installs, with apt, the packages of every program a build runs (GHDL and its backend, bubblewrap, prlimit)',
    {
      timeout: 120_000,
    },
    () => {
      const installed = withDependencies(imagePackages());
      const base = essential();
      const files = BUILD_PROGRAMS.map(which);
      // /usr/bin/ghdl is a wrapper that runs the backend beside it (ghdl-mcode here): that one too.
      const backend = ['mcode', 'llvm', 'gcc'].map((b) => `/usr/bin/ghdl-${b}`).find((f) => fs.existsSync(f));
      expect(backend).toBeDefined();
      for (const file of [...files, backend!]) {
        const pkg = owner(file);
        expect(installed.has(pkg) || base.has(pkg), `${file} (package ${pkg})`).toBe(true);
      }
      expect(imagePackages()).toEqual(expect.arrayContaining(['ghdl', 'bubblewrap']));
    },
  );

  it("has Yosys in the server's production dependencies, which the final image copies", () => {
    const server = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(server.dependencies).toHaveProperty('@yowasp/yosys');
    expect(final.lines).toContain('COPY --from=runtime-deps /app/node_modules node_modules');
  });
});

describe('the compiled gateway with the image and compose demo settings', () => {
  let gateway: GatewayProcess | undefined;

  beforeAll(() => {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
  }, 60_000);
  afterAll(async () => {
    gateway?.child.kill('SIGTERM');
    await gateway?.exited;
  });

  it('runs a real, sandboxed build (GHDL, then Yosys) to success', { timeout: 240_000 }, async () => {
    const imageEnv = Object.fromEntries(
      final.lines
        .filter((line) => line.startsWith('ENV '))
        .flatMap((line) => line.slice(4).split(/\s+/))
        .map((pair) => pair.split('=') as [string, string]),
    );
    const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const demo = { ...compose.services['demo-gateway']?.environment };
    // Redis and the load balancer are other containers; the build path does not touch them.
    delete demo.MOCK_STORE;
    delete demo.TRUST_PROXY;
    expect(demo.MOCK_BUILDS).toBe('toolchain');
    gateway = spawnGateway(
      {
        ...imageEnv,
        ...demo,
        PATH: IMAGE_PATH,
        PORT: '0',
        // Loopback for the test; what 0.0.0.0 implies for unisolated builds is kept: refused.
        HOST: '127.0.0.1',
        MOCK_BUILD_UNISOLATED: 'refuse',
        MOCK_BUILD_CONCURRENCY: '1',
        PUBLIC_URL: 'http://127.0.0.1:8082',
      },
      'compiled',
    );
    const started = await gateway.waitForLine(/builds run GHDL/);
    expect(started).toMatch(/file isolation by bubblewrap/);
    const base = `http://127.0.0.1:${await listeningPort(gateway)}`;
    const { cookieHeader } = await signIn(base, ADA);
    const call = async <T>(method: string, url: string): Promise<T> => {
      const response = await fetch(`${base}${url}`, { method, headers: { cookie: cookieHeader } });
      return (await response.json()) as T;
    };
    const projects = await call<{ id: string; name: string }[]>('GET', '/api/projects');
    const adder = projects.find((project) => project.name === 'Adder')!;
    const queued = await call<{ id: string }>('POST', `/api/projects/${adder.id}/builds`);
    const build = await waitFor(
      async () => {
        const now = await call<{ status: string; error: string | null }>('GET', `/api/builds/${queued.id}`);
        return now.status === 'queued' || now.status === 'running' ? undefined : now;
      },
      'the build to finish',
      220_000,
    );
    expect(build).toMatchObject({ status: 'succeeded', error: null });
    const log = await call<{ lines: string[] }>('GET', `/api/builds/${queued.id}/log?limit=100000`);
    expect(log.lines.join('\n')).toMatch(/^Tools: GHDL .*; Yosys .*\(WebAssembly\)$/m);
    expect(log.lines.join('\n')).toMatch(/^Isolation: file isolation by bubblewrap/m);
  });
});
