import { useCallback, useState, type FormEvent, type RefObject } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import type { ProjectNameFieldProps } from '../components/project-name-field';
import { projectNameProblem } from '../utils/project-name';

export interface ProjectNameFormOptions {
  /** The name until the user types one: '' to create, the current name to rename, the example's to import. */
  defaultName: string;
  /** Shown under the field when the server refuses without a readable reason. */
  fallbackError: string;
  /** The name field: focused when the name is refused (the dialog owns it and focuses it on opening). */
  inputRef: RefObject<HTMLInputElement | null>;
  /** Runs with the valid name; a throw keeps the dialog, and what was typed, with the reason under the field. */
  onSubmit(name: string): Promise<unknown>;
}

/**
 * The project-name form of the create, rename and import dialogs: the name (the default until the
 * user types), its problem (shown once the user has typed or tried to submit), the server's refusal
 * (until the next edit), and a submit that validates first. Render `field` with ProjectNameField,
 * `busy` on the submit button, and `submit` as the form's onSubmit (`<form noValidate>`).
 */
export function useProjectNameForm({ defaultName, fallbackError, inputRef, onSubmit }: ProjectNameFormOptions) {
  const [typed, setTyped] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const name = typed ?? defaultName;
  const touched = typed !== null;
  const problem = projectNameProblem(name);
  const error = serverError ?? (touched || submitted ? problem : undefined);

  const onChange = useCallback((value: string) => {
    setTyped(value);
    // The field now shows its own problems, not the old refusal.
    setServerError(undefined);
  }, []);

  const submit = useCallback(
    async (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (problem) {
        inputRef.current?.focus();
        return;
      }
      setBusy(true);
      setServerError(undefined);
      try {
        await onSubmit(name);
      } catch (failure) {
        setServerError(errorMessage(failure, fallbackError));
        inputRef.current?.focus();
      } finally {
        setBusy(false);
      }
    },
    [fallbackError, inputRef, name, onSubmit, problem],
  );

  const field: ProjectNameFieldProps = { value: name, onChange, error, inputRef };
  return { name, field, busy, submit: (event: FormEvent) => void submit(event) };
}
