import { Spinner } from '@/components/spinner';
import { BuildConfigPanel } from '@/features/builds/components/build-config-panel';
import { BuildLogsPanel } from '@/features/builds/components/build-logs-panel';
import { useLatestBuild } from '@/features/builds/api/use-latest-build';
import { useQueueBuild } from '@/features/builds/api/new-project-build';
import { EditorPage } from '@/features/editor/components/editor-page';
import { SimulateButton } from '@/features/simulation/components/simulate-button';
import type { Project } from '@/lib/api/schemas';
import { ProjectUnavailable } from '../components/project-unavailable';
import { useLoadedProject } from './use-loaded-project';

/** #/editor/{project_id}[?file=name&line=n]: the editor, with the build panels placed in it. */
export function EditorRoute() {
  const { projectId = '', data: project, error, isLoading, isValidating, mutate } = useLoadedProject();
  if (isLoading && !error) return <Spinner label="Loading project" />;
  // SWR keeps the data when a background revalidation fails: only a project never loaded is an error
  // (an unmounted editor would lose its undo history and cursor over a network blip).
  if (!project) {
    return (
      <ProjectUnavailable projectId={projectId} error={error} onRetry={() => void mutate()} retrying={isValidating} />
    );
  }
  return <LoadedProjectEditor key={project.id} project={project} onConfigSaved={() => void mutate()} />;
}

function LoadedProjectEditor({ project, onConfigSaved }: { project: Project; onConfigSaved(): void }) {
  const queueBuild = useQueueBuild(project.id, project.name);
  const { data: latestBuild } = useLatestBuild(project.id);
  return (
    <EditorPage
      project={project}
      onBuild={queueBuild}
      diagnostics={latestBuild?.diagnostics}
      sidePanel={<BuildConfigPanel projectId={project.id} config={project.config} onConfigSaved={onConfigSaved} />}
      renderBottomPanel={({ openFileAt }) => <BuildLogsPanel projectId={project.id} onOpenFileLocation={openFileAt} />}
      renderToolbarActions={({ saveAll, fileNames }) => (
        <SimulateButton
          projectId={project.id}
          hardware={project.config?.hardware}
          fileNames={fileNames}
          saveAll={saveAll}
        />
      )}
    />
  );
}
