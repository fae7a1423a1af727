import type { ProjectSummary } from '@/lib/api/schemas';
import { compareNames, type SortDirection } from '@/lib/sort';

export type ProjectSortColumn = 'name' | 'latestBuild' | 'updated';

export interface ProjectSort {
  column: ProjectSortColumn;
  direction: SortDirection;
}

/** Newest change first: what a returning user most likely wants to open. */
export const DEFAULT_PROJECT_SORT: ProjectSort = { column: 'updated', direction: 'descending' };

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
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...projects].sort((a, b) => {
    if (sort.column === 'latestBuild' && (!a.latest_build || !b.latest_build)) {
      if (a.latest_build) return -1;
      if (b.latest_build) return 1;
      return compareNames(a.name, b.name);
    }
    return sign * compare(a, b, sort.column) || compareNames(a.name, b.name);
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

/**
 * The sort after a click on a column's header: the same column flips its direction; a new column
 * starts with names A→Z and dates newest first.
 */
export function nextProjectSort(current: ProjectSort, column: ProjectSortColumn): ProjectSort {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: column === 'name' ? 'ascending' : 'descending' };
}
