import { useState, type DragEvent } from 'react';
import { FileCode2, FilePlus2, MoreVertical, Pencil, Trash2, Upload } from 'lucide-react';
import { ActionMenu } from '@/components/action-menu';
import { Spinner } from '@/components/spinner';
import { Tooltip } from '@/components/tooltip';
import type { ProjectFile } from '../store/editor-state';

export interface FilesPanelProps {
  files: ProjectFile[];
  loading: boolean;
  activeFile: string | null;
  dirtyNames: ReadonlySet<string>;
  onOpen(name: string): void;
  onNewFile(): void;
  /** The upload dialog (Choose button), or files dropped on the panel. */
  onUpload(files?: File[]): void;
  onRename(name: string): void;
  onDelete(name: string): void;
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** The project's files: open one, create, upload (also by dropping files here), rename, delete. */
export function FilesPanel({
  files,
  loading,
  activeFile,
  dirtyNames,
  onOpen,
  onNewFile,
  onUpload,
  onRename,
  onDelete,
}: FilesPanelProps) {
  const [dropping, setDropping] = useState(false);
  const sorted = files.toSorted((a, b) => a.name.localeCompare(b.name));

  return (
    <section
      className={dropping ? 'files-panel files-panel-dropping' : 'files-panel'}
      aria-labelledby="files-panel-title"
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDropping(false);
        onUpload([...event.dataTransfer.files]);
      }}
    >
      <div className="files-panel-header">
        <h2 id="files-panel-title">Files</h2>
        <div className="files-panel-actions">
          <Tooltip label="Upload files">
            <button type="button" className="icon-button" aria-label="Upload files" onClick={() => onUpload()}>
              <Upload size={18} aria-hidden="true" />
            </button>
          </Tooltip>
          <Tooltip label="New file">
            <button type="button" className="icon-button" aria-label="New file" onClick={onNewFile}>
              <FilePlus2 size={18} aria-hidden="true" />
            </button>
          </Tooltip>
        </div>
      </div>
      {loading && files.length === 0 ? (
        <Spinner label="Loading files" />
      ) : sorted.length === 0 ? (
        <p className="files-panel-empty">No files in this project. Create one to get started, or drop files here.</p>
      ) : (
        <ul className="files-list" aria-label="Project files">
          {sorted.map((file) => (
            <li key={file.name} className={file.name === activeFile ? 'files-item files-item-active' : 'files-item'}>
              <button
                type="button"
                className="files-item-open"
                onClick={() => onOpen(file.name)}
                aria-current={file.name === activeFile ? 'true' : undefined}
              >
                <FileCode2 size={16} aria-hidden="true" />
                <span className="files-item-name">{file.name}</span>
                {dirtyNames.has(file.name) && (
                  <span className="dirty-mark" data-testid="file-dirty-mark">
                    <span aria-hidden="true">●</span>
                    <span className="visually-hidden"> (unsaved changes)</span>
                  </span>
                )}
              </button>
              <ActionMenu
                label={`Actions for ${file.name}`}
                icon={<MoreVertical size={16} aria-hidden="true" />}
                items={[
                  {
                    label: 'Rename',
                    icon: <Pencil size={16} aria-hidden="true" />,
                    onSelect: () => onRename(file.name),
                  },
                  {
                    label: 'Delete',
                    icon: <Trash2 size={16} aria-hidden="true" />,
                    destructive: true,
                    onSelect: () => onDelete(file.name),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      {dropping && (
        <div className="files-panel-drop-hint" aria-hidden="true">
          Drop to upload
        </div>
      )}
    </section>
  );
}
