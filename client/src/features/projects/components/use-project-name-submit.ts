import { useCallback, useState, type RefObject } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { projectNameProblem } from '../utils/project-name';

/**
 * What a dialog with a project-name field needs around the name it holds: the problem to show (once
 * the user has typed or tried to submit), the server's refusal, and a submit that validates first and
 * keeps the dialog, and what was typed, when the server refuses. `inputRef` is the name field, focused
 * when the name is refused (the dialog owns it: it also focuses the field when it opens).
 */
export function useProjectNameSubmit(
  name: string,
  fallbackError: string,
  inputRef: RefObject<HTMLInputElement | null>,
) {
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const problem = projectNameProblem(name);
  const error = serverError ?? (touched ? problem : undefined);

  /** Call when the user edits the name: the field now shows its own problems, not the old refusal. */
  const edited = useCallback(() => {
    setTouched(true);
    setServerError(undefined);
  }, []);

  const submit = useCallback(
    async (action: (name: string) => Promise<unknown>) => {
      setTouched(true);
      if (problem) {
        inputRef.current?.focus();
        return;
      }
      setBusy(true);
      setServerError(undefined);
      try {
        await action(name);
      } catch (failure) {
        setServerError(errorMessage(failure, fallbackError));
        inputRef.current?.focus();
      } finally {
        setBusy(false);
      }
    },
    [fallbackError, inputRef, name, problem],
  );

  return { error, busy, edited, submit };
}
