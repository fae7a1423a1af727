import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textBodyMaxLength } from '../api/document';
import { MAX_FILE_LENGTH, readSourceFiles } from './local-files';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sources-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('readSourceFiles', () => {
  it('reads the source files directly in the folder, sorted, with their UTF-8 size', async () => {
    await writeFile(path.join(dir, 'b.vhd'), '-- µ\n');
    await writeFile(path.join(dir, 'a.xdc'), '\uFEFF# BOM kept\n');
    await writeFile(path.join(dir, 'notes.md'), 'no');
    await mkdir(path.join(dir, 'sub'));
    await writeFile(path.join(dir, 'sub', 'c.v'), 'not read');
    expect(await readSourceFiles(dir)).toEqual([
      { name: 'a.xdc', content: '\uFEFF# BOM kept\n', size: 14 },
      { name: 'b.vhd', content: '-- µ\n', size: 6 },
    ]);
  });

  it('refuses files that are not UTF-8 or longer than the contract allows', async () => {
    await writeFile(path.join(dir, 'bin.coe'), Buffer.from([0xff, 0xfe, 0x00]));
    await expect(readSourceFiles(dir)).rejects.toThrow(/bin\.coe is not UTF-8 text/);
    await rm(path.join(dir, 'bin.coe'));
    await writeFile(path.join(dir, 'long.v'), 'x'.repeat(11));
    await expect(readSourceFiles(dir, 10)).rejects.toThrow(
      /long\.v is longer than the 10 characters a project file may have/,
    );
    await writeFile(path.join(dir, 'long.v'), 'x'.repeat(31));
    await expect(readSourceFiles(dir, 10)).rejects.toThrow(/long\.v is longer/);
    // The limit is the contract's, not a copy of it.
    expect(MAX_FILE_LENGTH).toBe(textBodyMaxLength('updateFile'));
    expect(MAX_FILE_LENGTH).toBe(5_242_880);
  });

  it('names a folder it cannot read', async () => {
    await expect(readSourceFiles(path.join(dir, 'missing'))).rejects.toThrow(
      /cannot read the folder .*missing \(ENOENT\)/,
    );
  });
});
