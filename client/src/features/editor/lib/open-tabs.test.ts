// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, MAX_PROJECTS, MAX_TABS, readOpenTabs, writeOpenTabs } from './open-tabs';

beforeEach(() => localStorage.clear());

describe('open tabs kept per project', () => {
  it('gives back what was written, per project', () => {
    writeOpenTabs('p1', { open: ['a.vhd', 'b.vhd'], active: 'b.vhd' });
    writeOpenTabs('p2', { open: ['x.v'], active: 'x.v' });
    expect(readOpenTabs('p1')).toEqual({ open: ['a.vhd', 'b.vhd'], active: 'b.vhd' });
    expect(readOpenTabs('p2')).toEqual({ open: ['x.v'], active: 'x.v' });
    expect(readOpenTabs('p3')).toBeNull();
  });

  it('forgets a project whose tabs were all closed', () => {
    writeOpenTabs('p1', { open: ['a.vhd'], active: 'a.vhd' });
    writeOpenTabs('p1', { open: [], active: null });
    expect(readOpenTabs('p1')).toBeNull();
  });

  it(`keeps at most ${MAX_TABS} tabs a project, names of at most ${MAX_NAME_LENGTH} characters, no repeats`, () => {
    const names = Array.from({ length: MAX_TABS + 20 }, (_, i) => `f${i}.vhd`);
    writeOpenTabs('p1', { open: ['f0.vhd', 'x'.repeat(MAX_NAME_LENGTH + 1), ...names], active: 'f60.vhd' });
    const tabs = readOpenTabs('p1')!;
    expect(tabs.open).toHaveLength(MAX_TABS);
    expect(tabs.open[0]).toBe('f0.vhd');
    expect(tabs.open.every((name) => name.length <= MAX_NAME_LENGTH)).toBe(true);
    // The active tab was not among the ones kept: the first one is.
    expect(tabs.active).toBe('f0.vhd');
  });

  it(`remembers the ${MAX_PROJECTS} projects written last`, () => {
    for (let i = 0; i < MAX_PROJECTS + 5; i++) writeOpenTabs(`p${i}`, { open: ['a.vhd'], active: 'a.vhd' });
    expect(readOpenTabs('p0')).toBeNull();
    expect(readOpenTabs('p4')).toBeNull();
    expect(readOpenTabs('p5')).not.toBeNull();
    expect(readOpenTabs(`p${MAX_PROJECTS + 4}`)).not.toBeNull();
    // Writing a project again makes it the newest.
    writeOpenTabs('p5', { open: ['b.vhd'], active: 'b.vhd' });
    writeOpenTabs('new', { open: ['a.vhd'], active: 'a.vhd' });
    expect(readOpenTabs('p5')).toEqual({ open: ['b.vhd'], active: 'b.vhd' });
    expect(readOpenTabs('p6')).toBeNull();
  });

  it('reads a damaged entry as nothing kept', () => {
    localStorage.setItem('editor-open-tabs', '{not json');
    expect(readOpenTabs('p1')).toBeNull();
    localStorage.setItem(
      'editor-open-tabs',
      JSON.stringify({ p1: { open: 'a.vhd' }, p2: { open: [1, 'b.vhd'], active: 7 } }),
    );
    expect(readOpenTabs('p1')).toBeNull();
    expect(readOpenTabs('p2')).toEqual({ open: ['b.vhd'], active: 'b.vhd' });
  });
});
