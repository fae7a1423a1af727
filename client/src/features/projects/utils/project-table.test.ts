import { describe, expect, it } from 'vitest';
import type { Build, ProjectSummary } from '@/lib/api/schemas';
import { nextTableSort } from '@/lib/table-sort';
import { DEFAULT_PROJECT_SORT, PROJECT_SORT_STARTS, filterProjects, sortProjects } from './project-table';

const build = (queuedAt: string) => ({ id: `b-${queuedAt}`, status: 'succeeded', queued_at: queuedAt }) as Build;

const project = (name: string, updatedAt: string, latest: Build | null = null): ProjectSummary => ({
  id: name.toLowerCase(),
  name,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: updatedAt,
  latest_build: latest,
});

const adder = project('Adder', '2025-03-01T00:00:00Z', build('2025-02-01T00:00:00Z'));
const boxcar = project('boxcar', '2025-05-01T00:00:00Z');
const clip = project('Clip 10', '2025-04-01T00:00:00Z', build('2025-04-01T00:00:00Z'));
const clip9 = project('Clip 9', '2025-01-01T00:00:00Z');
const all = [adder, boxcar, clip, clip9];
const names = (list: ProjectSummary[]) => list.map((p) => p.name);

describe('sortProjects', () => {
  it('sorts by name ignoring case, numbers in numeric order', () => {
    expect(names(sortProjects(all, { column: 'name', direction: 'ascending' }))).toEqual([
      'Adder',
      'boxcar',
      'Clip 9',
      'Clip 10',
    ]);
    expect(names(sortProjects(all, { column: 'name', direction: 'descending' }))).toEqual([
      'Clip 10',
      'Clip 9',
      'boxcar',
      'Adder',
    ]);
  });

  it('sorts by last update, newest first by default', () => {
    expect(names(sortProjects(all, DEFAULT_PROJECT_SORT))).toEqual(['boxcar', 'Clip 10', 'Adder', 'Clip 9']);
    expect(names(sortProjects(all, { column: 'updated', direction: 'ascending' }))).toEqual([
      'Clip 9',
      'Adder',
      'Clip 10',
      'boxcar',
    ]);
  });

  it('sorts by latest build, keeping projects without builds last either way', () => {
    expect(names(sortProjects(all, { column: 'latestBuild', direction: 'descending' }))).toEqual([
      'Clip 10',
      'Adder',
      'boxcar',
      'Clip 9',
    ]);
    expect(names(sortProjects(all, { column: 'latestBuild', direction: 'ascending' }))).toEqual([
      'Adder',
      'Clip 10',
      'boxcar',
      'Clip 9',
    ]);
  });

  it('does not change its input', () => {
    const input = [...all];
    sortProjects(input, { column: 'name', direction: 'descending' });
    expect(input).toEqual(all);
  });
});

describe('filterProjects', () => {
  it('keeps names containing the query, ignoring case, accents and surrounding spaces', () => {
    expect(names(filterProjects(all, '  CLIP '))).toEqual(['Clip 10', 'Clip 9']);
    expect(names(filterProjects([project('Décodeur', '2025-01-01T00:00:00Z')], 'decod'))).toEqual(['Décodeur']);
    expect(filterProjects(all, 'nothing')).toEqual([]);
  });

  it('keeps everything for an empty query', () => {
    expect(filterProjects(all, '   ')).toEqual(all);
  });
});

describe("the project columns' sort order (nextTableSort)", () => {
  it('flips the direction of the sorted column', () => {
    expect(nextTableSort({ column: 'name', direction: 'ascending' }, 'name', PROJECT_SORT_STARTS)).toEqual({
      column: 'name',
      direction: 'descending',
    });
    expect(nextTableSort({ column: 'updated', direction: 'descending' }, 'updated', PROJECT_SORT_STARTS)).toEqual({
      column: 'updated',
      direction: 'ascending',
    });
  });

  it('starts a new column with names A to Z and dates newest first', () => {
    expect(nextTableSort(DEFAULT_PROJECT_SORT, 'name', PROJECT_SORT_STARTS)).toEqual({
      column: 'name',
      direction: 'ascending',
    });
    expect(nextTableSort(DEFAULT_PROJECT_SORT, 'latestBuild', PROJECT_SORT_STARTS)).toEqual({
      column: 'latestBuild',
      direction: 'descending',
    });
  });
});
