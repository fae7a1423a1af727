import { useId, type MouseEvent, type RefObject } from 'react';
import { CircleAlert } from 'lucide-react';
import type { ExistingFileChoice, UploadItem } from '../hooks/use-file-uploads';

export interface ExistingFileQuestionProps {
  /** An upload waiting for an answer (status `exists`). */
  item: UploadItem;
  /** The existing file has unsaved changes in the editor, which replacing it discards. */
  unsaved: boolean;
  onAnswer(choice: ExistingFileChoice): void;
  /** Takes the focus once the last question is answered (its buttons go away). */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/**
 * An upload over a file the project already has asks, as a desktop file manager does: Replace (the
 * project's file gets the uploaded content) or Skip. Unsaved edits to that file are named first.
 */
export function ExistingFileQuestion({ item, unsaved, onAnswer, fallbackFocus }: ExistingFileQuestionProps) {
  const questionId = useId();
  const existing = item.existingName ?? item.name;
  const answer = (choice: ExistingFileChoice) => (event: MouseEvent<HTMLButtonElement>) => {
    // The buttons go with the answer: the focus moves to the next question's, else to Choose files.
    const row = event.currentTarget.closest('li');
    const next = [...(row?.parentElement?.querySelectorAll<HTMLElement>('[data-existing-file-choice]') ?? [])].find(
      (button) => !row?.contains(button),
    );
    onAnswer(choice);
    requestAnimationFrame(() => (next ?? fallbackFocus.current)?.focus());
  };
  return (
    <div className="upload-item-question">
      <p id={questionId} className="upload-item-question-text">
        <CircleAlert size={16} aria-hidden="true" />
        <span>
          A file called {existing} already exists.
          {unsaved && ` It has unsaved changes in the editor: replacing it discards them.`}
        </span>
      </p>
      <div className="upload-item-choices">
        <button
          type="button"
          className="button"
          data-existing-file-choice
          aria-label={`Replace ${existing}`}
          aria-describedby={questionId}
          onClick={answer('replace')}
        >
          Replace
        </button>
        <button
          type="button"
          className="button"
          data-existing-file-choice
          aria-label={`Skip ${item.name}`}
          onClick={answer('skip')}
        >
          Skip
        </button>
      </div>
    </div>
  );
}
