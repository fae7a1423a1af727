import { useRef, type RefObject } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/dialog';
import type { ProjectSummary } from '@/lib/api/schemas';
import { useRenameProject } from '../api/rename-project';
import { DialogButtons } from '@/components/dialog-buttons';
import { ProjectNameField } from './project-name-field';
import { useProjectNameForm } from '../hooks/use-project-name-form';

export interface RenameProjectDialogProps {
  /** The project to rename; null keeps the dialog closed. */
  project: ProjectSummary | null;
  onClose(): void;
}

/** "Rename Project": the name field, filled with the current name. */
export function RenameProjectDialog({ project, onClose }: RenameProjectDialogProps) {
  const nameField = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={project !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Rename Project"
      initialFocus={nameField}
    >
      {project && <RenameProjectForm key={project.id} project={project} nameField={nameField} onDone={onClose} />}
    </Dialog>
  );
}

interface RenameProjectFormProps {
  project: ProjectSummary;
  nameField: RefObject<HTMLInputElement | null>;
  onDone(): void;
}

function RenameProjectForm({ project, nameField, onDone }: RenameProjectFormProps) {
  const renameProject = useRenameProject();
  const form = useProjectNameForm({
    defaultName: project.name,
    fallbackError: 'The project could not be renamed. Please try again later.',
    inputRef: nameField,
    onSubmit: async (name) => {
      if (name !== project.name) {
        await renameProject(project.id, name);
        toast.success(`Project renamed to: ${name}`);
      }
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={form.submit}>
      <ProjectNameField {...form.field} />
      <DialogButtons submitLabel="Rename" busy={form.busy} onCancel={onDone} />
    </form>
  );
}
