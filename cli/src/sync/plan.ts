/** The source files `push` syncs (the kinds a project holds): VHDL, Verilog, SystemVerilog, constraints, IP, coefficients. */
export const SOURCE_EXTENSIONS = ['.vhd', '.vhdl', '.v', '.sv', '.xdc', '.xci', '.coe', '.vho', '.veo'] as const;

export function isSourceFile(name: string): boolean {
  const lower = name.toLowerCase();
  return SOURCE_EXTENSIONS.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

export interface LocalFile {
  name: string;
  content: string;
  /** UTF-8 bytes: what the API reports as a file's size. */
  size: number;
}

export interface RemoteFile {
  name: string;
  size: number;
}

export type SyncAction =
  | { kind: 'create'; file: LocalFile }
  | { kind: 'compare'; file: LocalFile }
  | { kind: 'update'; file: LocalFile }
  | { kind: 'delete'; name: string }
  | { kind: 'keep'; name: string };

/**
 * What `push` does for each file, before reading any remote content: a local file the project lacks
 * is created; one whose size differs is updated; one of the same size is compared by content. A
 * project's source file with no local counterpart is deleted with `--delete`, else kept. Files of
 * other kinds in the project are never touched.
 */
export function planSync(
  local: readonly LocalFile[],
  remote: readonly RemoteFile[],
  options: { delete: boolean },
): SyncAction[] {
  const remoteByName = new Map(remote.map((file) => [file.name, file]));
  const localNames = new Set(local.map((file) => file.name));
  const actions: SyncAction[] = [];
  for (const file of local) {
    const existing = remoteByName.get(file.name);
    if (!existing) actions.push({ kind: 'create', file });
    else if (existing.size !== file.size) actions.push({ kind: 'update', file });
    else actions.push({ kind: 'compare', file });
  }
  for (const file of remote) {
    if (localNames.has(file.name) || !isSourceFile(file.name)) continue;
    actions.push(options.delete ? { kind: 'delete', name: file.name } : { kind: 'keep', name: file.name });
  }
  return actions;
}

export interface SyncSummary {
  created: string[];
  updated: string[];
  unchanged: string[];
  deleted: string[];
  /** In the project but not in the folder, left there without --delete. */
  kept: string[];
}

export function summaryLine(summary: SyncSummary): string {
  const parts = [
    `${summary.created.length} created`,
    `${summary.updated.length} updated`,
    `${summary.unchanged.length} unchanged`,
    `${summary.deleted.length} deleted`,
  ];
  if (summary.kept.length) parts.push(`${summary.kept.length} only in the project (kept; --delete removes them)`);
  return parts.join(', ');
}
