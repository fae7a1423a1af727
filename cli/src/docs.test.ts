import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXIT } from './errors';
import { createProgram } from './program';

const repoFile = (name: string) => readFileSync(fileURLToPath(new URL(`../../${name}`, import.meta.url)), 'utf8');

/** Shell words of a simple command line: spaces split, quotes group (no expansion). */
const words = (line: string) => [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);

/** The program with every action replaced by a no-op: parsing checks the commands and options only. */
function parseOnly(): Command {
  const program = createProgram();
  program.configureOutput({ writeErr: () => {}, writeOut: () => {} });
  for (const command of program.commands) command.action(() => {});
  return program;
}

describe('the documentation stays true to the command', () => {
  it('every cloud-compile line of the sample workflow is a valid command', async () => {
    const workflow = parse(repoFile('.github/examples/cloud-compile-build.yml')) as {
      jobs: Record<string, { steps: { run?: string }[] }>;
    };
    const lines = Object.values(workflow.jobs)
      .flatMap((job) => job.steps)
      .flatMap((step) => (step.run ?? '').split('\n'))
      .filter((line) => line.trim().startsWith('cloud-compile '));
    expect(lines.map((line) => words(line)[1])).toEqual(['push', 'build', 'artifacts']);
    for (const line of lines) {
      await expect(parseOnly().parseAsync(words(line.trim()).slice(1), { from: 'user' }), line).resolves.toBeDefined();
    }
  });

  it('a line with an unknown option fails this check (the check is real)', async () => {
    await expect(parseOnly().parseAsync(['build', '--project', 'x', '--wiat'], { from: 'user' })).rejects.toThrow(
      /unknown option/,
    );
  });

  it("the README's command table shows every command, with options the command takes", async () => {
    const readme = repoFile('README.md');
    for (const command of createProgram().commands) expect(readme).toContain(`| \`cloud-compile ${command.name()}`);
    // The simulate row's forms, as a user would type them from it.
    for (const line of [
      'simulate --project Counter --testbench counter_tb.vhd --stop-time-ns 500 --wait --vcd out.vcd --source-root hdl',
      'simulate --project Counter --stimulus run.json --cycles 2000 --wait',
    ]) {
      await expect(parseOnly().parseAsync(words(line), { from: 'user' }), line).resolves.toBeDefined();
    }
  });

  it("the README's exit code table lists every exit code", () => {
    const readme = repoFile('README.md');
    for (const code of Object.values(EXIT))
      expect(readme).toMatch(new RegExp(`^\\| ${code}\\b|\\| \\d+ / ${code} \\|`, 'm'));
  });
});
