/**
 * Unsaved editor content kept in this browser (localStorage), so a reload, a crash or a closed tab
 * loses nothing: the editor offers the draft back the next time the project opens.
 */
export interface Draft {
  content: string;
  /** The server timestamp the edited content was based on: a save then detects changes made since. */
  baseTimestamp: string | null;
  /** When the draft was written (ISO). */
  savedAt: string;
}

const PREFIX = 'editor-draft:';

const projectPrefix = (projectId: string) => `${PREFIX}${encodeURIComponent(projectId)}/`;
const draftKey = (projectId: string, fileName: string) => projectPrefix(projectId) + encodeURIComponent(fileName);

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.content === 'string' &&
    (typeof draft.baseTimestamp === 'string' || draft.baseTimestamp === null) &&
    typeof draft.savedAt === 'string'
  );
}

export function readDraft(projectId: string, fileName: string, storage: Storage = localStorage): Draft | null {
  try {
    const raw = storage.getItem(draftKey(projectId, fileName));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null; // storage blocked or a damaged entry: no draft
  }
}

/** Keeps a draft; false when the browser refused (storage full or blocked). */
export function writeDraft(
  projectId: string,
  fileName: string,
  draft: Draft,
  storage: Storage = localStorage,
): boolean {
  try {
    storage.setItem(draftKey(projectId, fileName), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(projectId: string, fileName: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(draftKey(projectId, fileName));
  } catch {
    // storage blocked: nothing was kept either
  }
}

/** The names of the files of this project that have a draft. */
export function draftFileNames(projectId: string, storage: Storage = localStorage): string[] {
  const prefix = projectPrefix(projectId);
  const names: string[] = [];
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) names.push(decodeURIComponent(key.slice(prefix.length)));
    }
  } catch {
    return [];
  }
  return names.sort();
}
