import { useState } from 'react';
import {
  fieldId,
  LIMITS,
  SHAPE_LABELS,
  SHAPES,
  type FieldErrors,
  type InputFields,
  type InputName,
  type ShapeChoice,
} from '../utils/stimulus-form';
import { FormField } from './form-field';

export interface InputFieldsetProps {
  name: InputName;
  fields: InputFields;
  errors: FieldErrors;
  onChange(fields: InputFields): void;
}

/** One of InputA–InputD: its waveform shape and the settings that shape uses. */
export function InputFieldset({ name, fields, errors, onChange }: InputFieldsetProps) {
  const id = (field: keyof InputFields) => fieldId.input(name, field);
  const set = (field: keyof InputFields) => (value: string) => onChange({ ...fields, [field]: value });
  const periodic = fields.shape === 'sine' || fields.shape === 'square' || fields.shape === 'ramp';
  const unit = fields.unit === 'volts' ? 'V' : 'codes';
  return (
    <fieldset className="sim-input">
      <legend>Input{name}</legend>
      <div className="sim-row">
        <div className="field">
          <label htmlFor={id('shape')}>Shape</label>
          <select
            id={id('shape')}
            value={fields.shape}
            onChange={(event) => set('shape')(event.target.value as ShapeChoice)}
          >
            {SHAPES.map((shape) => (
              <option key={shape} value={shape}>
                {SHAPE_LABELS[shape]}
              </option>
            ))}
          </select>
        </div>
        {fields.shape !== 'off' ? (
          <div className="field">
            <label htmlFor={id('unit')}>Unit</label>
            <select id={id('unit')} value={fields.unit} onChange={(event) => set('unit')(event.target.value)}>
              <option value="volts">Volts</option>
              <option value="codes">Raw codes</option>
            </select>
          </div>
        ) : null}
      </div>
      {fields.shape !== 'off' && fields.shape !== 'samples' ? (
        <div className="sim-row">
          {fields.shape !== 'dc' ? (
            <FormField
              id={id('amplitude')}
              label={`Amplitude (${unit})`}
              value={fields.amplitude}
              onChange={set('amplitude')}
              error={errors[id('amplitude')]}
            />
          ) : null}
          <FormField
            id={id('offset')}
            label={fields.shape === 'dc' ? `Level (${unit})` : `Offset (${unit})`}
            value={fields.offset}
            onChange={set('offset')}
            error={errors[id('offset')]}
          />
          {periodic ? (
            <>
              <FormField
                id={id('frequency')}
                label="Frequency (Hz)"
                value={fields.frequency}
                onChange={set('frequency')}
                error={errors[id('frequency')]}
                hint="e.g. 1M, 250k"
                inputMode="text"
              />
              <FormField
                id={id('phase')}
                label="Phase (°)"
                value={fields.phase}
                onChange={set('phase')}
                error={errors[id('phase')]}
              />
            </>
          ) : null}
        </div>
      ) : null}
      {fields.shape === 'samples' ? (
        <>
          <FormField
            id={id('offset')}
            label={`Offset (${unit})`}
            value={fields.offset}
            onChange={set('offset')}
            error={errors[id('offset')]}
          />
          <SamplesField
            id={id('samples')}
            value={fields.samples}
            onChange={set('samples')}
            error={errors[id('samples')]}
          />
        </>
      ) : null}
    </fieldset>
  );
}

/** CSV samples, pasted or read from a file: one per clock cycle, repeated over the run. */
function SamplesField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const [uploadError, setUploadError] = useState<string>();
  const problem = uploadError ?? error;
  const described = `${id}-hint${problem ? ` ${id}-error` : ''}`;
  return (
    <div className="field">
      <label htmlFor={id}>Samples (CSV)</label>
      <textarea
        id={id}
        rows={4}
        spellCheck={false}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          setUploadError(undefined);
          onChange(event.target.value);
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        One value per clock cycle (commas or new lines), repeated for the whole run.
      </p>
      <label className="sim-upload">
        Upload a CSV file
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            // The samples typed so far stay when a file is refused or cannot be read.
            if (file.size > LIMITS.maxCsvBytes)
              return setUploadError(`${file.name} is larger than ${LIMITS.maxCsvBytes / 1024 / 1024} MB: not read.`);
            file.text().then(
              (text) => {
                setUploadError(undefined);
                onChange(text);
              },
              () => setUploadError(`${file.name} could not be read.`),
            );
          }}
        />
      </label>
      {problem ? (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
