import { Plus, Trash2 } from 'lucide-react';
import {
  cyclesAsTime,
  fieldId,
  INPUTS,
  LIMITS,
  parseInteger,
  type FieldErrors,
  type StimulusFields as Fields,
} from '../utils/stimulus-form';
import { FormField } from './form-field';
import { InputFieldset } from './input-fieldset';

export interface StimulusFieldsProps {
  fields: Fields;
  errors: FieldErrors;
  onChange(fields: Fields): void;
  /** The project hardware's slot clock, for showing cycles as time; undefined while it loads. */
  clockHz?: number;
  hardwareName?: string;
}

/** What drives the instrument slot: InputA–D, Control registers over time, Reset, ExtTrig and the run's length. */
export function StimulusFields({ fields, errors, onChange, clockHz, hardwareName }: StimulusFieldsProps) {
  const cycles = parseInteger(fields.durationCycles);
  const durationHint =
    clockHz && Number.isInteger(cycles) && cycles > 0
      ? `${cycles.toLocaleString('en')} cycles at ${clockHz / 1e6} MHz${hardwareName ? ` (${hardwareName})` : ''} = ${cyclesAsTime(cycles, clockHz)}`
      : 'Clock cycles of the instrument slot.';
  const setControl = (index: number, change: Partial<Fields['controls'][number]>) =>
    onChange({
      ...fields,
      controls: fields.controls.map((control, at) => (at === index ? { ...control, ...change } : control)),
    });

  return (
    <>
      <FormField
        id={fieldId.durationCycles}
        label="Duration (clock cycles)"
        value={fields.durationCycles}
        onChange={(durationCycles) => onChange({ ...fields, durationCycles })}
        error={errors[fieldId.durationCycles]}
        hint={durationHint}
        inputMode="numeric"
      />
      {INPUTS.map((name) => (
        <InputFieldset
          key={name}
          name={name}
          fields={fields.inputs[name]}
          errors={errors}
          onChange={(input) => onChange({ ...fields, inputs: { ...fields.inputs, [name]: input } })}
        />
      ))}
      <fieldset className="sim-controls">
        <legend>Control registers</legend>
        {fields.controls.length === 0 ? <p className="field-hint">All Control registers stay 0.</p> : null}
        {fields.controls.map((control, index) => (
          <div className="sim-row" key={index} role="group" aria-label={`Control change ${index + 1}`}>
            <FormField
              id={fieldId.control(index, 'register')}
              label="Control (0–15)"
              value={control.register}
              onChange={(register) => setControl(index, { register })}
              error={errors[fieldId.control(index, 'register')]}
              inputMode="numeric"
            />
            <FormField
              id={fieldId.control(index, 'value')}
              label="Value"
              value={control.value}
              onChange={(value) => setControl(index, { value })}
              error={errors[fieldId.control(index, 'value')]}
              inputMode="text"
            />
            <FormField
              id={fieldId.control(index, 'atCycle')}
              label="From cycle"
              value={control.atCycle}
              onChange={(atCycle) => setControl(index, { atCycle })}
              error={errors[fieldId.control(index, 'atCycle')]}
              inputMode="numeric"
            />
            <button
              type="button"
              className="icon-button sim-remove"
              aria-label={`Remove control change ${index + 1}`}
              onClick={() => onChange({ ...fields, controls: fields.controls.filter((_, at) => at !== index) })}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </div>
        ))}
        {errors['sim-controls'] ? <p className="field-error">{errors['sim-controls']}</p> : null}
        <button
          type="button"
          className="button"
          disabled={fields.controls.length >= LIMITS.maxControls}
          onClick={() =>
            onChange({
              ...fields,
              controls: [
                ...fields.controls,
                { register: String(Math.min(fields.controls.length, 15)), value: '0', atCycle: '0' },
              ],
            })
          }
        >
          <Plus size={16} aria-hidden="true" /> Add a Control change
        </button>
      </fieldset>
      <div className="sim-row">
        <FormField
          id={fieldId.resetCycles}
          label="Reset held for (cycles)"
          value={fields.resetCycles}
          onChange={(resetCycles) => onChange({ ...fields, resetCycles })}
          error={errors[fieldId.resetCycles]}
          hint="From the start; 0 for none."
          inputMode="numeric"
        />
        <FormField
          id={fieldId.extTrig}
          label="ExtTrig pulses at cycles"
          value={fields.extTrig}
          onChange={(extTrig) => onChange({ ...fields, extTrig })}
          error={errors[fieldId.extTrig]}
          hint="e.g. 100, 500; each one cycle long."
          inputMode="text"
        />
      </div>
      <FormField
        id={fieldId.probes}
        label="Internal signals to record"
        value={fields.probes}
        onChange={(probes) => onChange({ ...fields, probes })}
        error={errors[fieldId.probes]}
        hint="Signals of the top-level design (e.g. counter) or dotted paths below it (filter.acc), separated by commas; they show as waveforms beside the ports."
        inputMode="text"
      />
    </>
  );
}
