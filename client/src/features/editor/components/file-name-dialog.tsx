import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/dialog';
import { errorMessage } from '@/lib/api/error-message';
import { ALLOWED_FILE_EXTENSIONS } from '@cloud-compile/shared';

export interface FileNameDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Why the name cannot be used, or null. */
  validate(name: string): string | null;
  /** Runs the create or rename; a rejection is shown in the dialog, which stays open. */
  onSubmit(name: string): Promise<void>;
}

/** Asks for a file name (new file, rename): checked as typed, the server's refusal shown in place. */
export function FileNameDialog(props: FileNameDialogProps) {
  // Mounted only while open, so each opening starts from the initial name.
  return props.open ? <FileNameForm {...props} /> : null;
}

function FileNameForm({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  validate,
  onSubmit,
}: FileNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const problem = validate(name);

  // The dialog focuses its first control when it opens; the name field is where typing belongs.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const shownError = serverError ?? (touched ? problem : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit(name.trim());
      onOpenChange(false);
    } catch (error) {
      setServerError(errorMessage(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      footer={
        <>
          <button type="button" className="button" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy} aria-busy={busy}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="field" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId}>File name</label>
        <input
          id={inputId}
          type="text"
          value={name}
          autoComplete="off"
          spellCheck={false}
          ref={input}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setName(event.target.value);
            setTouched(true);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
        />
        <p id={hintId} className="field-hint">
          Extensions: {ALLOWED_FILE_EXTENSIONS.join(' ')}
        </p>
        {shownError && (
          <p id={errorId} className="field-error" role="alert">
            {shownError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
