import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Activity } from 'lucide-react';
import { useBuildConfigs } from '@/lib/api/build-configs';
import type { SimulationStart } from '@/lib/api/schemas';
import { startSimulation } from '@/lib/api/simulations';
import { paths } from '@/lib/paths';
import { useSimulationsAvailable } from '../api/use-simulations-available';
import { useSimulateShortcut } from '../hooks/use-simulate-shortcut';
import { SimulateDialog } from './simulate-dialog';

export interface SimulateButtonProps {
  projectId: string;
  /** The project's hardware id: its slot clock sets how long a cycle is. */
  hardware?: string;
  fileNames: readonly string[];
  /** Saves every unsaved file; false when one could not be saved. */
  saveAll(): Promise<boolean>;
}

/**
 * Simulate (F9), beside Build: opens the Simulate form; a started run opens its page. Hidden when the API
 * does not offer simulations (proxy mode against an API without them).
 */
export function SimulateButton({ projectId, hardware, fileNames, saveAll }: SimulateButtonProps) {
  const available = useSimulationsAvailable();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { data: configs } = useBuildConfigs(open);
  const model = configs?.hardware.find((candidate) => candidate.id === hardware);
  useSimulateShortcut(() => setOpen(true), available === true);
  if (!available) return null;

  const start = async (body: SimulationStart) => {
    if (!(await saveAll())) throw new Error('Your changes could not be saved, so the simulation was not started.');
    const simulation = await startSimulation(projectId, body);
    void navigate(paths.simulation(projectId, simulation.id));
    return simulation;
  };

  return (
    <>
      <button type="button" className="button" aria-keyshortcuts="F9" onClick={() => setOpen(true)}>
        <Activity size={16} aria-hidden="true" /> Simulate
      </button>
      {/* Kept mounted: what was typed is still there when the form is opened again. */}
      <SimulateDialog
        open={open}
        onOpenChange={setOpen}
        projectId={projectId}
        fileNames={fileNames}
        clockHz={model ? model.clock_mhz * 1e6 : undefined}
        hardwareName={model?.name}
        onStart={start}
      />
    </>
  );
}
