import type { DataTableColumn } from '@/components/data-table';
import type { ProjectSummary } from '@/lib/api/schemas';
import { compareNames } from '@/lib/sort';
import { inDirection, type FirstDirections, type TableSort } from '@/lib/table-sort';

export type ProjectSortColumn = 'name' | 'latestBuild' | 'updated';
export type ProjectSort = TableSort<ProjectSortColumn>;

/** Newest change first: what a returning user most likely wants to open. */
export const DEFAULT_PROJECT_SORT: ProjectSort = { column: 'updated', direction: 'descending' };

/** A column first clicked sorts names A→Z, dates newest first. */
export const PROJECT_SORT_STARTS: FirstDirections<ProjectSortColumn> = {
  name: 'ascending',
  latestBuild: 'descending',
  updated: 'descending',
};

export const PROJECT_COLUMNS: readonly DataTableColumn<ProjectSortColumn>[] = [
  { label: 'NAME', sortBy: 'name' },
  { label: 'LATEST BUILD', sortBy: 'latestBuild' },
  { label: 'LAST UPDATED', sortBy: 'updated' },
];

const time = (iso: string) => new Date(iso).getTime();

function compare(a: ProjectSummary, b: ProjectSummary, column: ProjectSortColumn): number {
  switch (column) {
    case 'name':
      return compareNames(a.name, b.name);
    case 'updated':
      return time(a.updated_at) - time(b.updated_at);
    case 'latestBuild':
      return time(a.latest_build!.queued_at) - time(b.latest_build!.queued_at);
  }
}

/**
 * The projects in the order of `sort`. Latest build sorts by when it was queued; projects without a
 * build always come last, whichever the direction. Ties fall back to the name, so the order is stable.
 */
export function sortProjects(projects: readonly ProjectSummary[], sort: ProjectSort): ProjectSummary[] {
  return [...projects].sort((a, b) => {
    if (sort.column === 'latestBuild' && (!a.latest_build || !b.latest_build)) {
      if (a.latest_build) return -1;
      if (b.latest_build) return 1;
      return compareNames(a.name, b.name);
    }
    return inDirection(compare(a, b, sort.column), sort.direction) || compareNames(a.name, b.name);
  });
}

/** The projects whose name contains the query, ignoring case, accents and surrounding spaces. */
export function filterProjects(projects: readonly ProjectSummary[], query: string): ProjectSummary[] {
  const needle = fold(query.trim());
  if (needle === '') return [...projects];
  return projects.filter((project) => fold(project.name).includes(needle));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}
