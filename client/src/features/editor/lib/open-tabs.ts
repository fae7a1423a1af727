/**
 * The open tabs of each project and the active one, kept in this browser (localStorage) so a reload
 * opens them again. Bounded: at most MAX_TABS names a project and MAX_PROJECTS projects (the ones
 * opened longest ago are forgotten first), each name at most MAX_NAME_LENGTH characters.
 */
export interface OpenTabs {
  open: string[];
  active: string | null;
}

const KEY = 'editor-open-tabs';
export const MAX_TABS = 50;
export const MAX_PROJECTS = 30;
export const MAX_NAME_LENGTH = 255;

/** project id → its tabs, the most recently written last. */
type Stored = Record<string, OpenTabs>;

const isName = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME_LENGTH;

function readAll(storage: Storage): Stored {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const result: Stored = {};
    for (const [projectId, value] of Object.entries(parsed as Record<string, unknown>)) {
      const tabs = cleanTabs(value);
      if (tabs) result[projectId] = tabs;
    }
    return result;
  } catch {
    return {}; // blocked storage or a damaged entry: nothing remembered
  }
}

/** A stored entry made safe: names only, no repeats, bounded; the active one among them. */
function cleanTabs(value: unknown): OpenTabs | null {
  if (typeof value !== 'object' || value === null) return null;
  const { open, active } = value as { open?: unknown; active?: unknown };
  if (!Array.isArray(open)) return null;
  const names = [...new Set(open.filter(isName))].slice(0, MAX_TABS);
  return { open: names, active: isName(active) && names.includes(active) ? active : (names[0] ?? null) };
}

export function readOpenTabs(projectId: string, storage: Storage = localStorage): OpenTabs | null {
  return readAll(storage)[projectId] ?? null;
}

/** Remembers a project's tabs (no tabs: forgets the project). Storage refusing is not an error: tabs are a convenience. */
export function writeOpenTabs(projectId: string, tabs: OpenTabs, storage: Storage = localStorage): void {
  const all = readAll(storage);
  delete all[projectId];
  const cleaned = cleanTabs(tabs);
  if (cleaned && cleaned.open.length > 0) all[projectId] = cleaned;
  const kept = Object.entries(all).slice(-MAX_PROJECTS);
  try {
    storage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // storage full or blocked
  }
}
