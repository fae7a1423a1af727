import { useRef, useState, type RefObject } from 'react';
import { Dialog } from '@/components/dialog';
import type { Project } from '@/lib/api/schemas';
import { useCreateProject } from '../api/create-project';
import { DialogButtons } from '@/components/dialog-buttons';
import { ProjectNameField } from './project-name-field';
import { useProjectNameSubmit } from './use-project-name-submit';

export interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called with the new project (the page then opens its editor). */
  onCreated(project: Project): void;
}

/** "Create Project": one field, Project Name, then Cancel / Create. */
export function CreateProjectDialog({ open, onOpenChange, onCreated }: CreateProjectDialogProps) {
  const nameField = useRef<HTMLInputElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create Project" initialFocus={nameField}>
      {/* Mounted while open only, so each opening starts empty. */}
      <CreateProjectForm nameField={nameField} onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

interface CreateProjectFormProps {
  nameField: RefObject<HTMLInputElement | null>;
  onCancel(): void;
  onCreated(project: Project): void;
}

function CreateProjectForm({ nameField, onCancel, onCreated }: CreateProjectFormProps) {
  const createProject = useCreateProject();
  const [name, setName] = useState('');
  const form = useProjectNameSubmit(name, 'The project could not be created. Please try again later.', nameField);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (valid) => onCreated(await createProject({ name: valid })));
      }}
    >
      <ProjectNameField
        value={name}
        onChange={(value) => {
          setName(value);
          form.edited();
        }}
        error={form.error}
        inputRef={nameField}
      />
      <DialogButtons submitLabel="Create" busy={form.busy} onCancel={onCancel} />
    </form>
  );
}
