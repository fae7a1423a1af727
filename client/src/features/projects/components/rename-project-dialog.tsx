import { useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/dialog';
import type { ProjectSummary } from '@/lib/api/schemas';
import { useRenameProject } from '../api/rename-project';
import { DialogButtons } from '@/components/dialog-buttons';
import { ProjectNameField } from './project-name-field';
import { useProjectNameSubmit } from './use-project-name-submit';

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
  const [name, setName] = useState(project.name);
  const form = useProjectNameSubmit(name, 'The project could not be renamed. Please try again later.', nameField);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (valid) => {
          if (valid !== project.name) {
            await renameProject(project.id, valid);
            toast.success(`Project renamed to: ${valid}`);
          }
          onDone();
        });
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
      <DialogButtons submitLabel="Rename" busy={form.busy} onCancel={onDone} />
    </form>
  );
}
