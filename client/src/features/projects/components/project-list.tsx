import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FolderOpen, Folder, ListChecks, Pencil, Search, Trash2 } from 'lucide-react';
import { ActionMenu } from '@/components/action-menu';
import { BuildStatusIcon } from '@/components/build-status-icon';
import { useConfirmedRemoval } from '@/components/confirmed-removal';
import { DataTable } from '@/components/data-table';
import type { ProjectSummary } from '@/lib/api/schemas';
import { formatDateTime, formatDay, formatRelative, shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useTableSort } from '@/lib/table-sort';
import { useDeleteProject } from '../api/delete-project';
import {
  DEFAULT_PROJECT_SORT,
  PROJECT_COLUMNS,
  PROJECT_SORT_STARTS,
  filterProjects,
  sortProjects,
} from '../utils/project-table';
import { RenameProjectDialog } from './rename-project-dialog';

export interface ProjectListProps {
  projects: readonly ProjectSummary[];
  /** Called after a project is deleted (the page forgets it if it was the current one). */
  onDeleted?(projectId: string): void;
  /**
   * Shown instead of the filter and table when there are no projects. The list stays mounted when
   * the last project is deleted, so the confirmation stays open until the server has answered.
   */
  emptyState: ReactNode;
}

/**
 * The projects table: NAME, LATEST BUILD and LAST UPDATED (sortable), a filter by name, and a "…"
 * menu per row (Open, Builds, Rename, Delete).
 */
export function ProjectList({ projects, onDeleted, emptyState }: ProjectListProps) {
  const navigate = useNavigate();
  const filterId = useId();
  const [query, setQuery] = useState('');
  const { sort, directionOf, sortBy } = useTableSort(DEFAULT_PROJECT_SORT, PROJECT_SORT_STARTS);
  const [renaming, setRenaming] = useState<ProjectSummary | null>(null);
  const deleteProject = useDeleteProject();
  const deleting = useConfirmedRemoval<ProjectSummary>({
    title: 'Delete Project',
    confirmLabel: 'Delete',
    message: (project) => (
      <>
        Delete <strong>{project.name}</strong> with all its files and builds? This cannot be undone.
      </>
    ),
    remove: (project) => deleteProject(project.id),
    toasts: (project) => ({
      success: `Project deleted: ${project.name}`,
      failure: `Failed to delete project: ${project.name}`,
    }),
    onRemoved: (project) => onDeleted?.(project.id),
  });

  const visible = useMemo(() => sortProjects(filterProjects(projects, query), sort), [projects, query, sort]);

  return (
    <>
      {projects.length === 0 ? (
        emptyState
      ) : (
        <>
          <div className="project-filter field">
            <label htmlFor={filterId}>Filter by name</label>
            <span className="project-filter-input">
              <Search size={16} aria-hidden="true" />
              <input
                id={filterId}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                autoComplete="off"
              />
            </span>
            {/* What the filter left, read out as it changes (the table itself is not a live region). */}
            <p role="status" className="visually-hidden">
              {filterResult(query, visible.length)}
            </p>
          </div>
          <DataTable
            caption="Your projects"
            className="card-table project-table"
            columns={PROJECT_COLUMNS}
            directionOf={directionOf}
            onSort={sortBy}
          >
            {visible.length === 0 && (
              <tr>
                <td colSpan={4} className="project-table-empty">
                  No project name contains “{query.trim()}”.
                </td>
              </tr>
            )}
            {visible.map((project) => (
              <tr key={project.id}>
                <td className="project-name-cell">
                  {/* A long name shows two lines; the whole name is the link's text (and its tooltip). */}
                  <Link to={paths.editor(project.id)} className="project-link" title={project.name}>
                    <Folder size={18} aria-hidden="true" />
                    <span className="project-name">{project.name}</span>
                  </Link>
                </td>
                <td data-label="Latest build">
                  <LatestBuild project={project} />
                </td>
                <td data-label="Last updated">
                  <span className="project-updated">
                    {formatDay(project.updated_at)}{' '}
                    <span className="muted">({formatRelative(project.updated_at)})</span>
                  </span>
                </td>
                <td className="project-actions card-table-actions">
                  <ActionMenu
                    label={`Actions for ${project.name}`}
                    items={[
                      {
                        label: 'Open',
                        icon: <FolderOpen size={16} aria-hidden="true" />,
                        onSelect: () => void navigate(paths.editor(project.id)),
                      },
                      {
                        label: 'Builds',
                        icon: <ListChecks size={16} aria-hidden="true" />,
                        onSelect: () => void navigate(paths.builds(project.id)),
                      },
                      {
                        label: 'Rename',
                        icon: <Pencil size={16} aria-hidden="true" />,
                        onSelect: () => setRenaming(project),
                      },
                      {
                        label: 'Delete',
                        icon: <Trash2 size={16} aria-hidden="true" />,
                        destructive: true,
                        onSelect: () => deleting.request(project),
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      <RenameProjectDialog project={renaming} onClose={() => setRenaming(null)} />
      {deleting.confirmation}
    </>
  );
}

function LatestBuild({ project }: { project: ProjectSummary }) {
  const build = project.latest_build;
  if (!build) return <span className="muted">No build history</span>;
  return (
    <Link to={paths.buildDetail(project.id, build.id)} className="latest-build">
      <BuildStatusIcon status={build.status} />
      <span className="latest-build-id">{shortBuildId(build.id)}</span>
      <span className="muted">Queued at: {formatDateTime(build.queued_at)}</span>
    </Link>
  );
}

/** What a screen reader hears as the filter changes: nothing without a filter. */
export function filterResult(query: string, shown: number): string {
  const text = query.trim();
  if (!text) return '';
  if (shown === 0) return `No project name contains “${text}”.`;
  return `${shown} ${shown === 1 ? 'project' : 'projects'} whose name contains “${text}”.`;
}
