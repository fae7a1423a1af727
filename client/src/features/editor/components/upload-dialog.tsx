import { useId, useRef, useState } from 'react';
import { CheckCircle2, CircleAlert, Upload } from 'lucide-react';
import { Dialog } from '@/components/dialog';
import { ALLOWED_FILE_EXTENSIONS } from '@cloud-compile/shared';
import type { ExistingFileChoice, UploadItem } from '../hooks/use-file-uploads';
import { ExistingFileQuestion } from './existing-file-question';

export interface UploadDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  items: UploadItem[];
  onFiles(files: File[]): void;
  /** The answer for an upload whose name the project already has. */
  onResolve(id: number, choice: ExistingFileChoice): void;
  /** Files with unsaved changes in the editor: replacing one says it discards them. */
  unsavedNames: ReadonlySet<string>;
}

const ACCEPT = ALLOWED_FILE_EXTENSIONS.join(',');

/** Upload by the Choose button or by dropping files; each file shows its progress and outcome. */
export function UploadDialog({ open, onOpenChange, items, onFiles, onResolve, unsavedNames }: UploadDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const [dropping, setDropping] = useState(false);
  const uploading = items.some((item) => item.status === 'uploading');
  const asking = items.filter((item) => item.status === 'exists');

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload files"
      description="You can upload .vhd, .v, .sv, .xdc, .xci, and .coe files, and IP templates (.vho, .veo) as references."
      footer={
        <button type="button" className="button" onClick={() => onOpenChange(false)}>
          {uploading ? 'Hide' : 'Close'}
        </button>
      }
    >
      <div
        className={dropping ? 'upload-drop-zone upload-drop-zone-active' : 'upload-drop-zone'}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDropping(false);
          onFiles([...event.dataTransfer.files]);
        }}
      >
        <Upload size={28} aria-hidden="true" />
        <p>Drag and drop files here, or</p>
        <button
          ref={chooseButton}
          type="button"
          className="button button-primary"
          onClick={() => input.current?.click()}
        >
          Choose files
        </button>
        <label htmlFor={inputId} className="visually-hidden">
          Files to upload
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </div>
      {items.length > 0 && (
        <ul className="upload-list" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.id} className="upload-item">
              <span className="upload-item-name">{item.name}</span>
              {item.status === 'uploading' && (
                <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
              )}
              {item.status === 'exists' && (
                <ExistingFileQuestion
                  item={item}
                  unsaved={unsavedNames.has(item.existingName ?? item.name)}
                  onAnswer={(choice) => onResolve(item.id, choice)}
                  fallbackFocus={chooseButton}
                />
              )}
              {item.status === 'done' && (
                <span className="upload-item-done">
                  <CheckCircle2 size={16} aria-hidden="true" /> {item.replaced ? 'Replaced' : 'Uploaded'}
                </span>
              )}
              {item.status === 'skipped' && <span className="upload-item-skipped">Skipped</span>}
              {item.status === 'failed' && (
                <span className="upload-item-failed error-text">
                  <CircleAlert size={16} aria-hidden="true" /> {item.message}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {uploading
          ? 'Uploading…'
          : asking.length === 1
            ? `A file called ${asking[0]!.existingName} already exists: replace it or skip ${asking[0]!.name}.`
            : asking.length > 1
              ? `${asking.length} files already exist: replace or skip each.`
              : items.length
                ? `${items.filter((item) => item.status === 'done').length} of ${items.length} uploaded`
                : ''}
      </p>
    </Dialog>
  );
}
