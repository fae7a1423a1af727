import type { ReactNode } from 'react';

export interface FormFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  inputMode?: 'decimal' | 'numeric' | 'text';
  placeholder?: string;
}

/** A labelled text field with its hint and its problem (announced, and linked to the field). */
export function FormField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  inputMode = 'decimal',
  placeholder,
}: FormFieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
