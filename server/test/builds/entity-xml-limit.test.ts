import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ENTITY_XML_BYTES } from '../../src/mock/builds/toolchain/vhdl-entity-xml.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { httpCaller } from '../helpers/http-caller.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

// A mixed design whose VHDL entity GHDL describes in more XML than the gateway reads (a generated ROM
// table of 22,000 words: some 210 KB of VHDL, 18 MB of XML): the entity is a black box to the Verilog
// check, a platform note at the instance says so and why, and the build, over real HTTP with the real
// tools, holds no error of the user's. The VHDL itself is checked by GHDL in full. The draft check shares
// the rewrite (vhdl-entity-stubs.test.ts); over HTTP it is not run here: GHDL takes most of a check's 10 s
// to write 18 MB of XML, more on a busy machine.

interface Diagnostic {
  file: string;
  line: number;
  severity: string;
  message: string;
  origin: string;
}
interface Build {
  id: string;
  status: string;
  error: string | null;
  diagnostics: Diagnostic[];
}

const WORDS = 22_000;

/** Our own generated table: RomTable, `WORDS` 16-bit words of a fixed pseudo-random sequence. */
function romTable(): string {
  let x = 12345;
  const words: string[] = [];
  for (let i = 0; i < WORDS; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    words.push(`x"${(x >> 8).toString(16).padStart(6, '0').slice(-4)}"`);
  }
  const rows: string[] = [];
  for (let i = 0; i < WORDS; i += 8) rows.push(`    ${words.slice(i, i + 8).join(', ')}`);
  return [
    'library ieee;',
    'use ieee.std_logic_1164.all;',
    'use ieee.numeric_std.all;',
    '',
    'entity RomTable is',
    '  port (clk : in std_logic; addr : in unsigned(14 downto 0); data : out std_logic_vector(15 downto 0));',
    'end entity;',
    '',
    'architecture rtl of RomTable is',
    `  type table_t is array (0 to ${WORDS - 1}) of std_logic_vector(15 downto 0);`,
    '  constant TABLE : table_t := (',
    rows.join(',\n'),
    '  );',
    'begin',
    '  process (clk) is',
    '  begin',
    '    if rising_edge(clk) then',
    `      data <= TABLE(to_integer(addr) mod ${WORDS});`,
    '    end if;',
    '  end process;',
    'end architecture;',
    '',
  ].join('\n');
}

const INSTANCE_LINE = 15;
const NOTE =
  /^The VHDL entity RomTable \(rom-table\.vhd\) could not be described to Verilator because GHDL's description of rom-table\.vhd is (\d+\.\d) MiB, more than the 16\.0 MiB the check reads, so this instance of it was not checked \(GHDL checked its VHDL\): a limit of the check, not an error in your design$/;

describe('a VHDL entity described in more XML than the check reads', { timeout: 300_000 }, () => {
  let gateway: RunningGateway;
  let ada: ReturnType<typeof httpCaller>;
  let projectId: string;
  const top = readFile(path.join(import.meta.dirname, 'designs', 'mixed', 'rom-top.sv'), 'utf8');

  beforeAll(async () => {
    gateway = await startGateway({ MOCK_BUILDS: 'toolchain', MOCK_BUILD_CONCURRENCY: '1' });
    ada = httpCaller(gateway.baseUrl, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
    const created = await ada('POST', '/api/projects', { name: 'Table lookup' });
    expect(created.status).toBe(201);
    projectId = created.json<{ id: string }>().id;
    for (const [name, content] of [
      ['rom-top.sv', await top],
      ['rom-table.vhd', romTable()],
    ] as const)
      expect((await ada('POST', `/api/projects/${projectId}/files/${name}`, content)).status).toBe(201);
  });
  afterAll(() => gateway?.close());

  it('builds: the entity a black box to Verilator, a platform note at the instance naming it and why', async () => {
    const queued = (await ada('POST', `/api/projects/${projectId}/builds`)).json<Build>();
    const build = await waitFor(
      async () => {
        const now = (await ada('GET', `/api/builds/${queued.id}`)).json<Build>();
        return now.status === 'queued' || now.status === 'running' ? undefined : now;
      },
      'the build to finish',
      280_000,
    );
    const log = (await ada('GET', `/api/builds/${build.id}/log`)).json<{ lines: string[] }>().lines;
    expect(build.status, log.join('\n')).toBe('succeeded');
    expect(build.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const note = build.diagnostics.find((d) => d.file === 'rom-top.sv' && d.line === INSTANCE_LINE);
    expect(note).toMatchObject({ severity: 'note', origin: 'user', message: expect.stringMatching(NOTE) });
    expect(Number(NOTE.exec(note!.message)![1]) * 1024 * 1024).toBeGreaterThan(MAX_ENTITY_XML_BYTES);
    expect(log).toContainEqual(
      expect.stringMatching(
        /^INFO: rom-table\.vhd: entity RomTable is a black box to the Verilog check because GHDL's description of rom-table\.vhd is .*: a limit of the check, not an error in your design$/,
      ),
    );
    expect(log.filter((line) => /: error: /.test(line))).toEqual([]);
  });
});
