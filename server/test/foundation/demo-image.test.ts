import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import { dockerfileStages, IMAGE_PATH } from '../helpers/dockerfile.js';

/**
 * The demo image must build with the real toolchain (issue 35, item 6). Docker cannot run here, so:
 * (1) every program the gateway runs for a build must come, on this Debian 12 machine (the image's
 * base is Debian 12 too), from a package the image's final stage installs, one apt pulls in with it,
 * or one every Debian image has (Essential); Yosys from the server's production dependencies;
 * (2) production-build.test.ts runs the compiled gateway (what the image runs) with the image's and the
 * compose demo's settings and the image's PATH (imageEnvironment below) through a real, sandboxed build.
 * Not proven without Docker: that apt in the image resolves the same packages, and that the host's
 * Docker lets bubblewrap create user namespaces (compose allows them; see docker-compose.yml).
 */

/** What a build runs (server/src/mock/builds): GHDL, bubblewrap around each tool, prlimit for its limits, sh for GHDL's --synth redirect. */
const BUILD_PROGRAMS = ['ghdl', 'bwrap', 'prlimit', 'sh'];

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
