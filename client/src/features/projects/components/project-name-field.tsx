import { useId, type Ref } from 'react';

export interface ProjectNameFieldProps {
  value: string;
  onChange(value: string): void;
  /** The problem to show under the field (validation or the server's answer), if any. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** The "Project Name" field of the create, rename and import dialogs, with its error under it. */
export function ProjectNameField({ value, onChange, error, inputRef, disabled }: ProjectNameFieldProps) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId}>Project Name</label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        name="project-name"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
