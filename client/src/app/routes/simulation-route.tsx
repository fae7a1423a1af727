import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { SimulationPage } from '@/features/simulation/components/simulation-page';
import { paths } from '@/lib/paths';

/** #/projects/{project_id}/simulations/{simulation_id}: one run, its log and waveforms. */
export function SimulationRoute() {
  const { projectId = '', simulationId = '' } = useParams<'projectId' | 'simulationId'>();
  const navigate = useNavigate();
  const onOpenFileLocation = useCallback(
    (file: string, line: number) => navigate(paths.editorAt(projectId, file, line)),
    [navigate, projectId],
  );
  return <SimulationPage key={simulationId} simulationId={simulationId} onOpenFileLocation={onOpenFileLocation} />;
}
