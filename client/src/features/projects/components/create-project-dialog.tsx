import { useRef, type RefObject } from 'react';
import { Dialog } from '@/components/dialog';
import type { Project } from '@/lib/api/schemas';
import { useCreateProject } from '../api/create-project';
import { DialogButtons } from '@/components/dialog-buttons';
import { ProjectNameField } from './project-name-field';
import { useProjectNameForm } from '../hooks/use-project-name-form';

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
  const form = useProjectNameForm({
    defaultName: '',
    fallbackError: 'The project could not be created. Please try again later.',
    inputRef: nameField,
    onSubmit: async (name) => onCreated(await createProject({ name })),
  });
  return (
    <form noValidate onSubmit={form.submit}>
      <ProjectNameField {...form.field} />
      <DialogButtons submitLabel="Create" busy={form.busy} onCancel={onCancel} />
    </form>
  );
}
