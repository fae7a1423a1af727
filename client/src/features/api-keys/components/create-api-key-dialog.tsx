import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Dialog } from '@/components/dialog';
import { errorMessage } from '@/lib/api/error-message';
import type { CreatedApiKey, Scope } from '@/lib/api/schemas';
import { useCreateApiKey } from '../api/create-api-key';
import { apiKeyFormProblems } from '../utils/api-key-form';
import { ALL_SCOPES, SCOPES, orderedScopes, selectAllState } from '../utils/scopes';
import { DialogButtons } from '@/components/dialog-buttons';

export interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called with the new key, secret included (the page shows it once). */
  onCreated(key: CreatedApiKey): void;
}

/** "Create API Key": a name and the scopes the key may use (with Select all). */
export function CreateApiKeyDialog({ open, onOpenChange, onCreated }: CreateApiKeyDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create API Key">
      {/* Mounted while open only, so each opening starts empty. */}
      <CreateApiKeyForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateApiKeyForm({ onCancel, onCreated }: { onCancel(): void; onCreated(key: CreatedApiKey): void }) {
  const nameId = useId();
  const nameErrorId = useId();
  const scopesLegendId = useId();
  const scopesErrorId = useId();
  const createApiKey = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<Scope>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const firstScopeRef = useRef<HTMLInputElement>(null);

  const problems = apiKeyFormProblems(name, scopes);
  const nameError = submitted || name !== '' ? problems.name : undefined;
  const scopesError = submitted ? problems.scopes : undefined;

  const toggle = (scope: Scope, on: boolean) => {
    const next = new Set(scopes);
    if (on) next.add(scope);
    else next.delete(scope);
    setScopes(next);
    setServerError(undefined);
  };

  const submit = async () => {
    setSubmitted(true);
    if (problems.name) return nameRef.current?.focus();
    if (problems.scopes) return firstScopeRef.current?.focus();
    setBusy(true);
    setServerError(undefined);
    try {
      onCreated(await createApiKey(name, orderedScopes(scopes)));
    } catch (failure) {
      setServerError(errorMessage(failure, 'The API key could not be created. Please try again later.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="api-key-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label htmlFor={nameId}>API Key Name</label>
        <input
          ref={nameRef}
          id={nameId}
          type="text"
          autoComplete="off"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setServerError(undefined);
          }}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? nameErrorId : undefined}
        />
        {nameError && (
          <p id={nameErrorId} className="field-error" role="alert">
            {nameError}
          </p>
        )}
      </div>
      <fieldset
        className="scope-choices"
        aria-labelledby={scopesLegendId}
        aria-describedby={scopesError ? scopesErrorId : undefined}
      >
        <legend id={scopesLegendId}>Scopes</legend>
        <SelectAllBox state={selectAllState(scopes)} onChange={(all) => setScopes(new Set(all ? ALL_SCOPES : []))} />
        {SCOPES.map(({ scope, meaning }, index) => (
          <ScopeBox
            key={scope}
            scope={scope}
            meaning={meaning}
            checked={scopes.has(scope)}
            onChange={(on) => toggle(scope, on)}
            inputRef={index === 0 ? firstScopeRef : undefined}
          />
        ))}
        {scopesError && (
          <p id={scopesErrorId} className="field-error" role="alert">
            {scopesError}
          </p>
        )}
      </fieldset>
      {serverError && (
        <p className="error-text" role="alert">
          {serverError}
        </p>
      )}
      <DialogButtons submitLabel="Create" busy={busy} onCancel={onCancel} />
    </form>
  );
}

function SelectAllBox({ state, onChange }: { state: boolean | 'mixed'; onChange(all: boolean): void }) {
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  // "Some but not all" has no HTML attribute; the DOM property shows it (and screen readers read "mixed").
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'mixed';
  }, [state]);
  return (
    <div className="scope-choice scope-select-all">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        checked={state === true}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>Select all</label>
    </div>
  );
}

interface ScopeBoxProps {
  scope: Scope;
  meaning: string;
  checked: boolean;
  onChange(on: boolean): void;
  inputRef?: Ref<HTMLInputElement>;
}

function ScopeBox({ scope, meaning, checked, onChange, inputRef }: ScopeBoxProps) {
  const id = useId();
  const meaningId = useId();
  return (
    <div className="scope-choice">
      <input
        ref={inputRef}
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={meaningId}
      />
      <div>
        <label htmlFor={id} className="scope-name">
          {scope}
        </label>
        <p id={meaningId} className="scope-meaning">
          {meaning}
        </p>
      </div>
    </div>
  );
}
