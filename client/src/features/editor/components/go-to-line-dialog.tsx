import { useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/dialog';
import { parseGoToLine, type LineTarget } from '../lib/go-to-line';

export interface GoToLineDialogProps {
  /** The cursor's line and the file's line count when Ctrl/Cmd+Alt+G was pressed; null: closed. */
  position: { line: number; lines: number } | null;
  onClose(): void;
  onGo(target: LineTarget): void;
}

/** Ctrl/Cmd+Alt+G in the code editor: asks for a line (or line:column, or ±lines) in the app's own dialog. */
export function GoToLineDialog({ position, onClose, onGo }: GoToLineDialogProps) {
  // Mounted only while open, so each opening starts empty.
  return position ? <GoToLineForm position={position} onClose={onClose} onGo={onGo} /> : null;
}

function GoToLineForm({
  position,
  onClose,
  onGo,
}: GoToLineDialogProps & { position: { line: number; lines: number } }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = parseGoToLine(text, position.line, position.lines);
    if (!target) {
      setProblem(`Enter a line number from 1 to ${position.lines} (or line:column).`);
      return;
    }
    onClose();
    onGo(target);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Go to line"
      initialFocus={input}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary">
            Go
          </button>
        </>
      }
    >
      <form id={formId} className="field" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>Line number</label>
        <input
          id={inputId}
          ref={input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
        />
        <p id={hintId} className="field-hint">
          Now on line {position.line} of {position.lines}. Also line:column, or +n / -n lines from here.
        </p>
        {problem && (
          <p id={errorId} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
