import { Spinner } from '@/components/spinner';
import { BuildConfigPanel } from '@/features/builds/components/build-config-panel';
import { BuildLogsPanel } from '@/features/builds/components/build-logs-panel';
import { useQueueBuild } from '@/features/builds/api/new-project-build';
import { EditorPage } from '@/features/editor/components/editor-page';
import { errorMessage } from '@/lib/api/error-message';
import type { Project } from '@/lib/api/schemas';
import { useLoadedProject } from './use-loaded-project';

/** #/editor/{project_id}[?file=name&line=n]: the editor, with the build panels placed in it. */
export function EditorRoute() {
  const { data: project, error, isLoading, mutate } = useLoadedProject();
  if (isLoading) return <Spinner label="Loading project" />;
  // SWR keeps the data when a background revalidation fails: only a project never loaded is an error
  // (an unmounted editor would lose its undo history and cursor over a network blip).
  if (!project) {
    return (
      <p role="alert" className="error-text page">
        {errorMessage(error, 'The project could not be loaded.')}
      </p>
    );
  }
  return <LoadedProjectEditor key={project.id} project={project} onConfigSaved={() => void mutate()} />;
}

function LoadedProjectEditor({ project, onConfigSaved }: { project: Project; onConfigSaved(): void }) {
  const queueBuild = useQueueBuild(project.id, project.name);
  return (
    <EditorPage
      project={project}
      onBuild={queueBuild}
      sidePanel={<BuildConfigPanel projectId={project.id} config={project.config} onConfigSaved={onConfigSaved} />}
      renderBottomPanel={({ openFileAt }) => <BuildLogsPanel projectId={project.id} onOpenFileLocation={openFileAt} />}
    />
  );
}
