// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { draftFileNames, readDraft, removeDraft, writeDraft, type Draft } from './drafts';

const draft = (content: string): Draft => ({ content, baseTimestamp: 't0', savedAt: '2025-10-01T00:00:00Z' });

describe('drafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a draft per project and file, and lists a project’s drafts', () => {
    writeDraft('p1', 'adder.vhd', draft('A'));
    writeDraft('p1', 'odd name/with:chars.v', draft('B'));
    writeDraft('p2', 'adder.vhd', draft('C'));
    expect(readDraft('p1', 'adder.vhd')?.content).toBe('A');
    expect(readDraft('p2', 'adder.vhd')?.content).toBe('C');
    expect(draftFileNames('p1')).toEqual(['adder.vhd', 'odd name/with:chars.v']);
  });

  it('removes a draft', () => {
    writeDraft('p1', 'adder.vhd', draft('A'));
    removeDraft('p1', 'adder.vhd');
    expect(readDraft('p1', 'adder.vhd')).toBeNull();
    expect(draftFileNames('p1')).toEqual([]);
  });

  it('ignores a damaged entry', () => {
    localStorage.setItem('editor-draft:p1/x.vhd', '{not json');
    localStorage.setItem('editor-draft:p1/y.vhd', JSON.stringify({ content: 3 }));
    expect(readDraft('p1', 'x.vhd')).toBeNull();
    expect(readDraft('p1', 'y.vhd')).toBeNull();
  });

  it('reports a refused write instead of throwing', () => {
    const full = {
      ...localStorage,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(writeDraft('p1', 'a.vhd', draft('A'), full)).toBe(false);
  });
});
