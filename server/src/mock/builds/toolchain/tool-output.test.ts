import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectArtifacts } from './build-artifacts.js';
import {
  FileTooBig,
  MAX_NETLIST_BYTES,
  OUT_OF_MEMORY,
  designMemoryLines,
  readToolFile,
  toolEndMessages,
  wroteTooMuch,
} from './tool-output.js';

const limits = { timeLimitMs: 120_000, outputLimitBytes: 2 * 1024 * 1024, fileSizeLimitBytes: 64 * 1024 * 1024 };

describe('toolEndMessages', () => {
  it('says which limit stopped a tool, naming the setting that raises it', () => {
    expect(toolEndMessages('ghdl', { reason: 'time-limit' }, limits)).toEqual([
      'ERROR: time limit reached: the build was stopped after 120 s (MOCK_BUILD_TIME_LIMIT_S)',
    ]);
    expect(toolEndMessages('yosys', { reason: 'output-limit', limit: 'bytes' }, limits)).toEqual([
      'ERROR: output limit reached: the log was cut here, at 2048 KiB (MOCK_BUILD_OUTPUT_LIMIT_KB)',
    ]);
    expect(toolEndMessages('ghdl', { reason: 'output-limit', limit: 'lines' }, limits)).toEqual([
      'ERROR: output limit reached: the log was cut here, at 50000 lines (MOCK_BUILD_OUTPUT_LIMIT_LINES)',
    ]);
    expect(toolEndMessages('ghdl', { reason: 'spawn-error', message: 'spawn ghdl ENOENT' }, limits)).toEqual([
      'ERROR: ghdl could not be started (spawn ghdl ENOENT). Install it: apt-get install ghdl',
    ]);
  });

  it('tells a file-size stop by SIGXFSZ, also through the shell that ran the tool (exit 128 + 25)', () => {
    const message = `ERROR: ghdl tried to write a file larger than ${limits.fileSizeLimitBytes} bytes and was stopped`;
    expect(toolEndMessages('ghdl', { reason: 'signal', signal: 'SIGXFSZ' }, limits)).toEqual([message]);
    expect(toolEndMessages('ghdl', { reason: 'exit', code: 153 }, limits)).toEqual([message]);
    expect(wroteTooMuch({ reason: 'signal', signal: 'SIGKILL' })).toBe(false);
  });

  it('says nothing of a tool that exited by itself, whatever its code', () => {
    expect(toolEndMessages('ghdl', { reason: 'exit', code: 0 }, limits)).toEqual([]);
    expect(toolEndMessages('ghdl', { reason: 'exit', code: 1 }, limits)).toEqual([]);
    expect(toolEndMessages('ghdl', { reason: 'cancelled' }, limits)).toEqual([]);
  });
});

describe('designMemoryLines', () => {
  it("holds the design's own memory-sounding lines, trimmed, so a tool quoting them is one lookup", () => {
    const lines = designMemoryLines([
      { content: 'entity a is\n    report "buffer out of memory" severity failure;  \nend;' },
      { content: '-- heap exhausted here?\nsignal x : bit;' },
    ]);
    expect(lines).toEqual(new Set(['report "buffer out of memory" severity failure;', '-- heap exhausted here?']));
    expect(OUT_OF_MEMORY.test('raised STORAGE_ERROR : heap exhausted')).toBe(true);
    expect(lines.has('raised STORAGE_ERROR : heap exhausted')).toBe(false);
  });
});

describe('tool-written files', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads a file within the limit and refuses a bigger one without reading it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tool-output-'));
    await writeFile(path.join(dir, 'small.rpt'), 'cells 12\n');
    await writeFile(path.join(dir, 'big.v'), Buffer.alloc(2048));
    expect((await readToolFile(path.join(dir, 'small.rpt'), 1024)).toString()).toBe('cells 12\n');
    await expect(readToolFile(path.join(dir, 'big.v'), 1024)).rejects.toThrow(FileTooBig);
    await expect(readToolFile(path.join(dir, 'big.v'), 1024)).rejects.toThrow(
      'big.v is 2048 bytes, more than the 1024 bytes a check build reads',
    );
  });

  it('keeps the report and the netlist as artifacts, and the whole log opened by its summary', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tool-output-'));
    await writeFile(path.join(dir, 'resources.rpt'), 'cells 12\n');
    await writeFile(path.join(dir, 'netlist.json'), '{"modules":{}}');
    const fullLog = ['==> Stage: IP', 'done'];
    const artifacts = await collectArtifacts(dir, 'Check build summary: 0 errors', fullLog, (line) =>
      fullLog.push(line),
    );
    expect(artifacts.map((a) => [a.name, a.content.toString()])).toEqual([
      ['resources.rpt', 'cells 12\n'],
      ['netlist.json', '{"modules":{}}'],
      ['build.log', 'Check build summary: 0 errors\n==> Stage: IP\ndone\n'],
    ]);
  });

  it('leaves out a netlist too big to keep, and the downloaded log says so', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tool-output-'));
    await writeFile(path.join(dir, 'netlist.json'), Buffer.alloc(MAX_NETLIST_BYTES + 1));
    const fullLog: string[] = [];
    const artifacts = await collectArtifacts(dir, 'summary', fullLog, (line) => fullLog.push(line));
    expect(artifacts.map((a) => a.name)).toEqual(['build.log']);
    const note = `INFO: netlist.json (${MAX_NETLIST_BYTES + 1} bytes) is larger than ${MAX_NETLIST_BYTES} bytes and is not kept`;
    expect(artifacts[0]!.content.toString()).toBe(`summary\n${note}\n`);
  });
});
