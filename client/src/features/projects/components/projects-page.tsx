import { useDeferredValue, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FolderPlus, PackageOpen } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import { FOCUS_ON_ARRIVAL } from '@/lib/focus-place';
import type { Project } from '@/lib/api/schemas';
import { paths } from '@/lib/paths';
import { useProjects } from '../api/use-projects';
import { parseImportLink } from '../utils/import-link';
import { CreateProjectDialog } from './create-project-dialog';
import { ImportExampleDialog } from './import-example-dialog';
import { ProjectList } from './project-list';
import './projects.css';

export interface ProjectsPageProps {
  /** Called after a project is deleted, so the app can forget it if it was the current one. */
  onProjectDeleted?(projectId: string): void;
}

/**
 * The Projects page: Import Example and Create Project, the projects table, and an empty state for a
 * new user. `?action=import&example=…&hardware=…` opens the import dialog with that example chosen.
 */
export function ProjectsPage({ onProjectDeleted }: ProjectsPageProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const importLink = parseImportLink(searchParams);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const { data, error, isValidating, mutate } = useProjects();
  // The table renders as a transition, in slices that yield to the browser: rendered in the same task
  // as the answer's arrival it blocked a phone's main thread for a long time. Until then the spinner stays.
  const projects = useDeferredValue(data);

  const importOpen = importing || importLink !== null;
  const setImportOpen = (open: boolean) => {
    setImporting(open);
    // Closing forgets the link, so a reload or Back does not open the dialog again.
    if (!open && importLink) setSearchParams({}, { replace: true });
  };
  const openEditor = (project: Project) => {
    // Close first: the editor loads on demand, and until it shows, this page (and a dialog) would stay.
    // The button that opened the dialog goes with this page: the editor takes the focus when it shows.
    setCreating(false);
    setImportOpen(false);
    void navigate(paths.editor(project.id), { state: FOCUS_ON_ARRIVAL });
  };

  return (
    <section className="page projects-page" aria-labelledby="projects-heading">
      <div className="page-header">
        <h1 id="projects-heading">Projects</h1>
        <div className="page-actions">
          <button type="button" className="button" onClick={() => setImportOpen(true)}>
            <PackageOpen size={18} aria-hidden="true" />
            Import Example
          </button>
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            <FolderPlus size={18} aria-hidden="true" />
            Create Project
          </button>
        </div>
      </div>

      {!projects && !error && <Spinner label="Loading projects" />}
      {/* Only a list never loaded: a failed background refresh keeps the list it has. */}
      {error && !projects && (
        <LoadError
          message={errorMessage(error, 'The projects could not be loaded. Check your connection and retry.')}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      )}
      {projects && (
        <ProjectList
          projects={projects}
          onDeleted={onProjectDeleted}
          emptyState={
            <div className="empty-state">
              <h2>No projects yet</h2>
              <p>
                A project holds the VHDL or Verilog files of one custom instrument. Create an empty project to write
                your own design, or import an example to start from one that builds.
              </p>
              <div className="page-actions">
                <button type="button" className="button" onClick={() => setImportOpen(true)}>
                  Import an example
                </button>
                <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
                  Create a project
                </button>
              </div>
            </div>
          }
        />
      )}

      <CreateProjectDialog open={creating} onOpenChange={setCreating} onCreated={openEditor} />
      <ImportExampleDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        requestedExample={importLink?.exampleName}
        requestedHardware={importLink?.hardware}
        onCreated={openEditor}
      />
    </section>
  );
}
