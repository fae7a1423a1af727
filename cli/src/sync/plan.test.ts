import { describe, expect, it } from 'vitest';
import { isSourceFile, planSync, summaryLine, type LocalFile } from './plan';

const local = (name: string, content: string): LocalFile => ({ name, content, size: Buffer.byteLength(content) });

describe('planSync', () => {
  it('creates what the project lacks, updates a different size, compares the same size', () => {
    const actions = planSync(
      [local('a.vhd', 'new'), local('b.vhd', 'longer now'), local('c.xdc', 'same')],
      [
        { name: 'b.vhd', size: 3 },
        { name: 'c.xdc', size: 4 },
      ],
      { delete: false },
    );
    expect(actions.map((a) => `${a.kind} ${'file' in a ? a.file.name : a.name}`)).toEqual([
      'create a.vhd',
      'update b.vhd',
      'compare c.xdc',
    ]);
  });

  it('deletes source files missing locally only with --delete, and never touches other kinds', () => {
    const remote = [
      { name: 'old.v', size: 1 },
      { name: 'README.md', size: 1 },
      { name: 'ip.xci', size: 1 },
    ];
    expect(planSync([], remote, { delete: false })).toEqual([
      { kind: 'keep', name: 'old.v' },
      { kind: 'keep', name: 'ip.xci' },
    ]);
    expect(planSync([], remote, { delete: true })).toEqual([
      { kind: 'delete', name: 'old.v' },
      { kind: 'delete', name: 'ip.xci' },
    ]);
  });

  it('knows the source extensions, in any case, and not a bare extension', () => {
    expect(['a.vhd', 'a.vhdl', 'B.V', 'c.sv', 'd.xdc', 'e.xci', 'f.coe'].every(isSourceFile)).toBe(true);
    expect(['a.vhdl.bak', 'notes.txt', '.v', 'v', 'a.svh'].some(isSourceFile)).toBe(false);
  });

  it('summarises counts, mentioning files kept only when there are some', () => {
    const summary = { created: ['a'], updated: [], unchanged: ['b', 'c'], deleted: [], kept: [] };
    expect(summaryLine(summary)).toBe('1 created, 0 updated, 2 unchanged, 0 deleted');
    expect(summaryLine({ ...summary, kept: ['x'] })).toBe(
      '1 created, 0 updated, 2 unchanged, 0 deleted, 1 only in the project (kept; --delete removes them)',
    );
  });
});
