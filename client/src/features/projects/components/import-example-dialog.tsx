import { useEffect, useId, useRef, useState, type Ref, type RefObject } from 'react';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { LoadError } from '@/components/load-error';
import { errorMessage, isNotFound } from '@/lib/api/error-message';
import type { Example, Project } from '@/lib/api/schemas';
import { useCreateProject } from '../api/create-project';
import { useBuildConfigs } from '@/lib/api/build-configs';
import { useExamples } from '../api/use-examples';
import { configForHardware, findExample, findHardware } from '../utils/import-link';
import { DialogButtons } from '@/components/dialog-buttons';
import { ProjectNameField } from './project-name-field';
import { useProjectNameForm } from '../hooks/use-project-name-form';

export interface ImportExampleDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The example a link asked for (by name or id), chosen when the dialog opens. */
  requestedExample?: string | null;
  /** The hardware model a link asked for (id or name): the new project is configured for it. */
  requestedHardware?: string | null;
  onCreated(project: Project): void;
}

/**
 * "Import Example": choose one of listExamples, name the new project (the example's name unless the
 * user types another), then Import copies the example's files into a new project.
 */
export function ImportExampleDialog({
  open,
  onOpenChange,
  requestedExample = null,
  requestedHardware = null,
  onCreated,
}: ImportExampleDialogProps) {
  // The first field is the example to copy (the name field shows once one is chosen).
  const exampleField = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import Example"
      description="Start a new project from a copy of an example's files."
      initialFocus={exampleField}
    >
      {/* Mounted while open only, so each opening starts from the link's example (or none). */}
      <ImportExampleForm
        key={`${requestedExample ?? ''}|${requestedHardware ?? ''}`}
        requestedExample={requestedExample}
        requestedHardware={requestedHardware}
        exampleField={exampleField}
        onCancel={() => onOpenChange(false)}
        onCreated={onCreated}
      />
    </Dialog>
  );
}

/**
 * Why the list is missing, readably: a bare "Not Found" (the API's detail for a route it lacks, e.g.
 * a staging API without examples) read as if an example had gone.
 */
function examplesLoadProblem(error: unknown): string {
  if (isNotFound(error)) return 'The examples could not be loaded: this API does not offer any (it answered 404).';
  return errorMessage(error, 'The examples could not be loaded. Check your connection and retry.');
}

const LANGUAGE_LABELS: Record<Example['language'], string> = { vhdl: 'VHDL', verilog: 'Verilog' };

interface ImportExampleFormProps {
  requestedExample: string | null;
  requestedHardware: string | null;
  /** The chosen example's radio button (the first one while none is chosen): the dialog's initial focus. */
  exampleField: RefObject<HTMLInputElement | null>;
  onCancel(): void;
  onCreated(project: Project): void;
}

function ImportExampleForm({
  requestedExample,
  requestedHardware,
  exampleField,
  onCancel,
  onCreated,
}: ImportExampleFormProps) {
  const legendId = useId();
  const examples = useExamples();
  const buildConfigs = useBuildConfigs(requestedHardware !== null);
  const createProject = useCreateProject();
  const [chosenId, setChosenId] = useState<string | null>(null);

  const exampleList = examples.data;
  const requested = exampleList ? findExample(exampleList, requestedExample) : undefined;
  const selected = exampleList?.find((example) => example.id === (chosenId ?? requested?.id));
  const nameField = useRef<HTMLInputElement>(null);
  const hardware = buildConfigs.data ? findHardware(buildConfigs.data.hardware, requestedHardware) : undefined;
  const waitingForHardware = requestedHardware !== null && buildConfigs.isLoading;
  // The name follows the chosen example until the user types one of their own.
  const form = useProjectNameForm({
    defaultName: selected?.name ?? '',
    fallbackError: 'The example could not be imported. Please try again later.',
    inputRef: nameField,
    onSubmit: async (name) => {
      if (!selected) return;
      const config = hardware && buildConfigs.data ? configForHardware(buildConfigs.data, hardware) : undefined;
      onCreated(await createProject({ name, example: selected.id, ...(config ? { config } : {}) }));
    },
  });

  // Examples that arrive after the dialog opened: the dialog held focus itself, waiting for them.
  const examplesShown = Boolean(exampleList?.length);
  useEffect(() => {
    const field = exampleField.current;
    if (examplesShown && field && document.activeElement === field.closest('[role="dialog"]')) field.focus();
  }, [examplesShown, exampleField]);

  return (
    <form
      noValidate
      className="import-example-form"
      onSubmit={(event) => {
        if (selected) form.submit(event);
        else event.preventDefault(); // Import is unavailable until an example is chosen
      }}
    >
      {requestedExample && exampleList && !requested && (
        <p className="error-text" role="alert">
          There is no example named “{requestedExample}”. Choose one from the list.
        </p>
      )}
      {requestedHardware && buildConfigs.data && (
        <p className={hardware ? 'import-hardware' : 'error-text'} role={hardware ? undefined : 'alert'}>
          {hardware
            ? `The project will be set up for the ${hardware.name}.`
            : `Unknown hardware “${requestedHardware}”: the project will use the default hardware.`}
        </p>
      )}
      {examples.isLoading && <Spinner label="Loading examples" />}
      {examples.error && !exampleList && (
        <LoadError
          message={examplesLoadProblem(examples.error)}
          onRetry={() => void examples.mutate()}
          retrying={examples.isValidating}
        />
      )}
      {exampleList && exampleList.length === 0 && <p>There are no examples to import.</p>}
      {exampleList && exampleList.length > 0 && (
        <fieldset className="example-choices" aria-labelledby={legendId}>
          <legend id={legendId}>Example</legend>
          {exampleList.map((example, index) => (
            <ExampleChoice
              key={example.id}
              example={example}
              checked={example.id === selected?.id}
              inputRef={(selected ? example.id === selected.id : index === 0) ? exampleField : undefined}
              onChoose={() => setChosenId(example.id)}
            />
          ))}
        </fieldset>
      )}
      {selected && <ProjectNameField {...form.field} />}
      <DialogButtons
        submitLabel="Import"
        busy={form.busy}
        disabled={!selected || waitingForHardware}
        onCancel={onCancel}
      />
    </form>
  );
}

interface ExampleChoiceProps {
  example: Example;
  checked: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChoose(): void;
}

function ExampleChoice({ example, checked, inputRef, onChoose }: ExampleChoiceProps) {
  const inputId = useId();
  const descriptionId = useId();
  return (
    <div className="example-choice">
      <input
        ref={inputRef}
        id={inputId}
        type="radio"
        name="example"
        value={example.id}
        checked={checked}
        onChange={onChoose}
        aria-describedby={descriptionId}
      />
      <div className="example-choice-text">
        <label htmlFor={inputId} className="example-choice-name">
          {example.name}
          <span className="example-language">{LANGUAGE_LABELS[example.language] ?? example.language}</span>
        </label>
        <span id={descriptionId} className="example-description">
          {example.description}
        </span>
      </div>
    </div>
  );
}
