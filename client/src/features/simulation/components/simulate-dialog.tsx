import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '@/components/dialog';
import { errorMessage } from '@/lib/api/error-message';
import type { Simulation, SimulationStart } from '@/lib/api/schemas';
import { paths } from '@/lib/paths';
import {
  defaultStimulus,
  stimulusRequest,
  type FieldErrors,
  type StimulusFields as Fields,
} from '../utils/stimulus-form';
import { StimulusFields } from './stimulus-fields';
import { isTestbenchFile } from '@cloud-compile/shared';
import { TestbenchFields, testbenchErrors, type TestbenchChoice } from './testbench-fields';
import './simulate-dialog.css';

export interface SimulateDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The project simulated (the form links to its earlier runs). */
  projectId: string;
  fileNames: readonly string[];
  clockHz?: number;
  hardwareName?: string;
  /** Saves what is unsaved and starts the run; rejects with the reason it could not. */
  onStart(body: SimulationStart): Promise<Simulation>;
}

type Mode = 'stimulus' | 'testbench';

/**
 * Simulate: drive the instrument slot's inputs, Control registers, Reset and ExtTrig for a number of clock
 * cycles, or run one of the project's testbenches to a stop time. Problems show next to their fields, all
 * at once, and the first one takes the focus; nothing typed is lost when the run cannot start.
 */
export function SimulateDialog({
  open,
  onOpenChange,
  projectId,
  fileNames,
  clockHz,
  hardwareName,
  onStart,
}: SimulateDialogProps) {
  const formId = useId();
  const testbenches = fileNames.filter(isTestbenchFile);
  const [mode, setMode] = useState<Mode>('stimulus');
  const [stimulus, setStimulus] = useState<Fields>(defaultStimulus);
  const [testbench, setTestbench] = useState<TestbenchChoice>({ file: '', stopTimeNs: '10000' });
  // The first testbench is chosen until another is (the file list may arrive after the form was made).
  const chosen = { ...testbench, file: testbench.file || testbenches[0] || '' };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let body: SimulationStart | undefined;
    let found: FieldErrors;
    if (mode === 'stimulus') {
      const checked = stimulusRequest(stimulus);
      found = checked.errors;
      // The same shape; the generated type only differs in its tuple arrays (see StimulusSimulationRequest).
      body = checked.request as SimulationStart | undefined;
    } else {
      found = testbenchErrors(chosen);
      body = { kind: 'testbench', testbench: chosen.file, stop_time_ns: Number(chosen.stopTimeNs) };
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    if (!body) return;
    setBusy(true);
    setFailure(null);
    try {
      await onStart(body);
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error, 'The simulation could not be started. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Simulate"
      description="Saves your changes, then runs the design in the simulator."
      footer={
        <>
          <button type="button" className="button" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Starting…' : 'Start simulation'}
          </button>
        </>
      }
    >
      <form id={formId} className="sim-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="field-hint">
          Earlier runs: <Link to={paths.simulations(projectId)}>this project&apos;s simulations</Link>
        </p>
        <fieldset className="sim-mode">
          <legend>What to run</legend>
          <label>
            <input type="radio" name="sim-mode" checked={mode === 'stimulus'} onChange={() => setMode('stimulus')} />
            Instrument signals (no testbench needed)
          </label>
          <label>
            <input type="radio" name="sim-mode" checked={mode === 'testbench'} onChange={() => setMode('testbench')} />A
            testbench of the project
          </label>
        </fieldset>
        {mode === 'stimulus' ? (
          <StimulusFields
            fields={stimulus}
            errors={errors}
            onChange={setStimulus}
            clockHz={clockHz}
            hardwareName={hardwareName}
          />
        ) : (
          <TestbenchFields files={testbenches} choice={chosen} errors={errors} onChange={setTestbench} />
        )}
        {Object.keys(errors).length > 0 ? (
          <p className="field-error" role="alert">
            {Object.keys(errors).length === 1
              ? 'One field needs a change.'
              : `${Object.keys(errors).length} fields need a change.`}
          </p>
        ) : null}
        {failure ? (
          <p className="field-error" role="alert">
            {failure}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
