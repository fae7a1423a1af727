import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { httpCaller } from '../helpers/http-caller.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA, GRACE } from '../helpers/test-fixtures.js';

// checkDraft over real HTTP with the real toolchain (GHDL, Verilator, bubblewrap) on the seed fixtures:
// the draft's errors at their lines without saving it, the project's other files and the platform's
// packages in scope, the body bounded, a user's older check superseded, the check rate, and a draft
// that reads a file of the host finding nothing there.

interface Diagnostic {
  file: string;
  line: number;
  column: number | null;
  severity: string;
  message: string;
  origin: string;
}
interface CheckResult {
  diagnostics: Diagnostic[];
  tool: string;
  elapsed_ms: number;
  outcome: string;
  detail: string | null;
}

type Caller = ReturnType<typeof httpCaller>;

async function signedIn(gateway: RunningGateway, email: string): Promise<Caller> {
  return httpCaller(gateway.baseUrl, (await signIn(gateway.baseUrl, email)).cookieHeader);
}

const projectId = async (who: Caller, name: string) =>
  (await who('GET', '/api/projects')).json<{ id: string; name: string }[]>().find((p) => p.name === name)!.id;
const saved = async (who: Caller, id: string, name: string) =>
  (await who('GET', `/api/projects/${id}/files/${name}`)).json<{ content: string }>().content;
const userErrors = (result: CheckResult) =>
  result.diagnostics.filter((d) => d.severity === 'error' && d.origin === 'user');

describe('checkDraft with the real toolchain', () => {
  let gateway: RunningGateway;
  let ada: Caller;
  let grace: Caller;

  beforeAll(async () => {
    gateway = await startGateway({ MOCK_BUILDS: 'toolchain', MOCK_BUILD_CONCURRENCY: '1' });
    ada = await signedIn(gateway, ADA);
    grace = await signedIn(gateway, GRACE);
  });
  afterAll(() => gateway?.close());

  it('finds a VHDL syntax error at its line without saving the draft', async () => {
    const id = await projectId(ada, 'Arithmetic Unit');
    const before = await saved(ada, id, 'top.vhd');
    const lines = before.split('\n');
    const at = lines.findIndex((l) => l.includes('OutputB <='));
    lines[at] = lines[at]!.replace('<=', '<= garbage garbage');
    const answer = await ada('POST', `/api/projects/${id}/check`, { name: 'top.vhd', content: lines.join('\n') });
    expect(answer.status).toBe(200);
    const result = answer.json<CheckResult>();
    expect(result).toMatchObject({ tool: 'ghdl', outcome: 'checked', detail: null });
    expect(userErrors(result).map((d) => [d.file, d.line])).toContainEqual(['top.vhd', at + 1]);
    expect(userErrors(result)[0]!.column).toBeGreaterThan(0);
    expect(result.elapsed_ms).toBeLessThan(5_000);
    expect(await saved(ada, id, 'top.vhd')).toBe(before);
  });

  it("checks a clean VHDL draft with the project's other files, the slot entity and library Moku in scope", async () => {
    const id = await projectId(ada, 'Arithmetic Unit');
    // top.vhd instantiates work.ArithmeticUnit (arithmetic-unit.vhd, listed after it by name).
    const top = await saved(ada, id, 'top.vhd');
    const withMoku = top
      .replace('library IEEE;', 'library IEEE;\nlibrary Moku;\nuse Moku.Support.all;')
      .replace("OutputB <= (others => '0');", 'OutputB <= clip(InputA, 15, 0);');
    expect(withMoku).toContain('clip(InputA');
    const result = (
      await ada('POST', `/api/projects/${id}/check`, { name: 'top.vhd', content: withMoku })
    ).json<CheckResult>();
    expect(result.outcome).toBe('checked');
    expect(userErrors(result)).toEqual([]);
    // An entity the project does not have is the draft's error, at its line.
    const missing = top.replace('entity work.ArithmeticUnit', 'entity work.NoSuchUnit');
    const failed = (
      await ada('POST', `/api/projects/${id}/check`, { name: 'top.vhd', content: missing })
    ).json<CheckResult>();
    const line = missing.split('\n').findIndex((l) => l.includes('NoSuchUnit')) + 1;
    expect(userErrors(failed).map((d) => [d.file, d.line])).toEqual([['top.vhd', line]]);
  });

  it("reads associations at the platform's components as a build does: platform notes, no error", async () => {
    const id = await projectId(ada, 'Arithmetic Unit');
    // Our designs of platform-designs.test.ts as a draft of the project's top.vhd (another architecture).
    for (const [design, file, notes] of [
      ['scale-offset-conversion', 'trim.vhd', 4],
      ['ip-core-signed', 'smoothed-sum.vhd', 5],
    ] as const) {
      const content = readFileSync(new URL(`designs/platform/${design}/${file}`, import.meta.url), 'utf8');
      const answer = await ada('POST', `/api/projects/${id}/check`, { name: 'top.vhd', content });
      const result = answer.json<CheckResult>();
      expect(result.outcome, answer.text).toBe('checked');
      expect(userErrors(result)).toEqual([]);
      const found = result.diagnostics.filter((d) => d.severity === 'note' && d.file === 'top.vhd');
      expect(found).toHaveLength(notes);
      expect(found[0]!.message).toMatch(
        /^the vendor's toolchain .*: a limit of the check, not an error in your design$/,
      );
    }
  });

  it('finds a Verilog error at its line with Verilator', async () => {
    const id = await projectId(ada, 'Voltage Limiter');
    const before = await saved(ada, id, 'voltage-limiter.v');
    const lines = before.split('\n');
    const at = lines.findIndex((l) => l.includes('reg clipping;'));
    lines[at] = 'reg clipping'; // the semicolon missing: the error is reported at the next token
    const result = (
      await ada('POST', `/api/projects/${id}/check`, { name: 'voltage-limiter.v', content: lines.join('\n') })
    ).json<CheckResult>();
    expect(result).toMatchObject({ tool: 'verilator', outcome: 'checked' });
    const errors = userErrors(result);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.file).toBe('voltage-limiter.v');
    expect(errors[0]!.line).toBeGreaterThanOrEqual(at + 1);
    expect(errors[0]!.line).toBeLessThanOrEqual(at + 3);
    expect(await saved(ada, id, 'voltage-limiter.v')).toBe(before);
  });

  it("checks a Verilog draft with the project's VHDL: an entity it instantiates is known, a wrong port its error", async () => {
    const mixed = (name: string) => readFileSync(new URL(`designs/mixed/${name}`, import.meta.url), 'utf8');
    const created = await ada('POST', '/api/projects', { name: 'Mixed languages' });
    expect(created.status).toBe(201);
    const id = created.json<{ id: string }>().id;
    for (const name of ['mixed-top.sv', 'crossing-counter.vhd'])
      expect((await ada('POST', `/api/projects/${id}/files/${name}`, mixed(name))).status).toBe(201);
    const check = async (content: string) =>
      (await ada('POST', `/api/projects/${id}/check`, { name: 'mixed-top.sv', content })).json<CheckResult>();
    const clean = await check(mixed('mixed-top.sv'));
    expect(clean).toMatchObject({ tool: 'verilator', outcome: 'checked' });
    expect(clean.diagnostics).toEqual([]);
    const wrong = await check(mixed('mixed-top.sv').replace('.Level(', '.Threshold('));
    expect(userErrors(wrong).map((d) => [d.file, d.line, d.message])).toEqual([
      ['mixed-top.sv', 21, "Pin not found: 'Threshold' [PINNOTFOUND]"],
    ]);
  });

  it("never shows a host file a Verilog draft includes: the sandbox has none of the host's files", async () => {
    const id = await projectId(ada, 'Voltage Limiter');
    const before = await saved(ada, id, 'voltage-limiter.v');
    const content = `\`include "/etc/passwd"\n${before}`;
    const answer = await ada('POST', `/api/projects/${id}/check`, { name: 'voltage-limiter.v', content });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(/root:/);
    const errors = userErrors(answer.json<CheckResult>());
    expect(errors[0]).toMatchObject({ file: 'voltage-limiter.v', line: 1 });
    expect(errors[0]!.message).toMatch(/Cannot find include file/i);
  });

  it('bounds hostile VHDL: a host file read through textio and a huge generate loop are analysed, never run', async () => {
    const id = await projectId(ada, 'Arithmetic Unit');
    const content = [
      'library ieee; use ieee.std_logic_1164.all; use std.textio.all;',
      'package host_read is',
      '  impure function first_line return string;',
      'end package;',
      'package body host_read is',
      '  impure function first_line return string is',
      '    file f : text open read_mode is "/etc/passwd";',
      '    variable l : line;',
      '  begin',
      '    readline(f, l);',
      '    return l.all;',
      '  end function;',
      'end package body;',
      'library ieee; use ieee.std_logic_1164.all; use work.host_read.all;',
      'architecture Hostile of CustomInstrument is',
      '  constant Leaked : string := first_line;',
      'begin',
      '  many: for i in 0 to 1_000_000_000 generate',
      '    OutputA <= InputA;',
      '  end generate;',
      '  assert false report Leaked severity failure;',
      'end architecture;',
    ].join('\n');
    const answer = await ada('POST', `/api/projects/${id}/check`, { name: 'top.vhd', content });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(/root:/);
    const result = answer.json<CheckResult>();
    expect(result).toMatchObject({ tool: 'ghdl', outcome: 'checked' });
    expect(userErrors(result)).toEqual([]);
    expect(result.elapsed_ms).toBeLessThan(5_000);
  });

  it('bounds a huge Verilog generate loop: Verilator refuses it at its line', async () => {
    const id = await projectId(ada, 'Voltage Limiter');
    const content = [
      'module Huge (input wire clk, output wire [31:0] o);',
      '  genvar i;',
      '  wire [31:0] w [0:99999999];',
      '  generate for (i = 0; i < 100000000; i = i + 1) begin : g',
      '    assign w[i] = i;',
      '  end endgenerate',
      '  assign o = w[5];',
      'endmodule',
    ].join('\n');
    const answer = await ada('POST', `/api/projects/${id}/check`, { name: 'voltage-limiter.v', content });
    const result = answer.json<CheckResult>();
    expect(result.outcome).toBe('checked');
    expect(userErrors(result)[0]).toMatchObject({ file: 'voltage-limiter.v', line: 4 });
    expect(userErrors(result)[0]!.message).toMatch(/Loop unrolling took too long/);
  });

  it('refuses a file the project does not have, and a file no tool checks', async () => {
    const id = await projectId(ada, 'Moving Average');
    const missing = await ada('POST', `/api/projects/${id}/check`, { name: 'nowhere.vhd', content: '' });
    expect(missing.status).toBe(404);
    const constraints = await ada('POST', `/api/projects/${id}/check`, { name: 'timing.xdc', content: '' });
    expect(constraints.status).toBe(422);
    expect(constraints.text).toMatch(/timing\.xdc is not checked while typing/);
  });

  it("supersedes a user's check in flight with their newer one (409), leaving other users' checks alone", async () => {
    const id = await projectId(ada, 'Arithmetic Unit');
    const graceId = await projectId(grace, 'Voltage Limiter');
    const top = await saved(ada, id, 'top.vhd');
    // One tool slot: Grace's check holds it while Ada's first waits, so Ada's second arrives in time.
    const limiter = await saved(grace, graceId, 'voltage-limiter.v');
    const graces = grace('POST', `/api/projects/${graceId}/check`, { name: 'voltage-limiter.v', content: limiter });
    const first = ada('POST', `/api/projects/${id}/check`, { name: 'top.vhd', content: `${top}\ngarbage` });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = ada('POST', `/api/projects/${id}/check`, { name: 'top.vhd', content: top });
    const [older, newer, other] = await Promise.all([first, second, graces]);
    expect(older.status).toBe(409);
    expect(older.json<{ detail: string }>().detail).toMatch(/^Superseded: a newer check/);
    expect(newer.status).toBe(200);
    expect(userErrors(newer.json<CheckResult>())).toEqual([]);
    expect(other.status).toBe(200);
  });
});

describe('checkDraft bounds', () => {
  let gateway: RunningGateway;
  let ada: Caller;

  beforeAll(async () => {
    gateway = await startGateway({
      MOCK_BUILDS: 'toolchain',
      MOCK_MAX_FILE_BYTES: '4096',
      MOCK_MAX_CHECKS_PER_MINUTE: '3',
    });
    ada = await signedIn(gateway, ADA);
  });
  afterAll(() => gateway?.close());

  it('answers 422 for a draft over the file size limit and 413 for a body far past it, before any check', async () => {
    const id = await projectId(ada, 'Adder');
    const over = await ada('POST', `/api/projects/${id}/check`, { name: 'adder.vhd', content: 'x'.repeat(4097) });
    expect(over.status).toBe(422);
    expect(over.text).toMatch(/File size limit: this demo checks files of at most 4 KiB/);
    const far = await fetch(`${gateway.baseUrl}/api/projects/${id}/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: (await signIn(gateway.baseUrl, ADA)).cookieHeader },
      body: JSON.stringify({ name: 'adder.vhd', content: 'x'.repeat(200_000) }),
    });
    expect(far.status).toBe(413);
  });

  it('counts checks against the per-user rate (429 saying when to try again)', async () => {
    const id = await projectId(ada, 'Adder');
    const content = await saved(ada, id, 'adder.vhd');
    // The size refusal above counted nothing; three checks fit in the minute, the fourth does not.
    for (let i = 0; i < 3; i++)
      expect((await ada('POST', `/api/projects/${id}/check`, { name: 'adder.vhd', content })).status).toBe(200);
    const refused = await ada('POST', `/api/projects/${id}/check`, { name: 'adder.vhd', content });
    expect(refused.status).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Check rate limit reached: this demo checks at most 3 drafts per user per minute; try again in \d+ seconds?$/,
    );
  });
});
