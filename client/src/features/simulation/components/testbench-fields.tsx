import type { FieldErrors } from '../utils/stimulus-form';
import { FormField } from './form-field';

export interface TestbenchChoice {
  file: string;
  stopTimeNs: string;
}

export const TESTBENCH_IDS = { file: 'sim-testbench', stop: 'sim-stop-time' } as const;

/** The testbench's checks: a file chosen, a stop time within bounds. */
export function testbenchErrors(choice: TestbenchChoice): FieldErrors {
  const errors: FieldErrors = {};
  if (!choice.file) errors[TESTBENCH_IDS.file] = 'Choose a testbench file.';
  const stop = Number(choice.stopTimeNs);
  if (!(Number.isInteger(stop) && stop >= 1 && stop <= 1e9))
    errors[TESTBENCH_IDS.stop] = 'Stop time must be a whole number of nanoseconds from 1 to 1,000,000,000.';
  return errors;
}

export function TestbenchFields({
  files,
  choice,
  errors,
  onChange,
}: {
  files: readonly string[];
  choice: TestbenchChoice;
  errors: FieldErrors;
  onChange(choice: TestbenchChoice): void;
}) {
  const fileError = errors[TESTBENCH_IDS.file];
  return (
    <>
      <div className="field">
        <label htmlFor={TESTBENCH_IDS.file}>Testbench</label>
        <select
          id={TESTBENCH_IDS.file}
          value={choice.file}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${TESTBENCH_IDS.file}-hint${fileError ? ` ${TESTBENCH_IDS.file}-error` : ''}`}
          onChange={(event) => onChange({ ...choice, file: event.target.value })}
        >
          <option value="">{files.length ? 'Choose a file…' : 'No testbench in this project'}</option>
          {files.map((file) => (
            <option key={file} value={file}>
              {file}
            </option>
          ))}
        </select>
        <p id={`${TESTBENCH_IDS.file}-hint`} className="field-hint">
          Files named *_tb.vhd, *_tb.v or *_tb.sv. GHDL runs VHDL; Verilator or Icarus Verilog runs Verilog.
        </p>
        {fileError ? (
          <p id={`${TESTBENCH_IDS.file}-error`} className="field-error">
            {fileError}
          </p>
        ) : null}
      </div>
      <FormField
        id={TESTBENCH_IDS.stop}
        label="Stop time (ns)"
        value={choice.stopTimeNs}
        onChange={(stopTimeNs) => onChange({ ...choice, stopTimeNs })}
        error={errors[TESTBENCH_IDS.stop]}
        inputMode="numeric"
      />
    </>
  );
}
