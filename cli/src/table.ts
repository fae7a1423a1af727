import { formatByteSize, type ByteSizeStyle } from '@cloud-compile/shared';

/** Rows as aligned columns under a header, two spaces apart; the last column is not padded. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [render(header), ...rows.map(render)].join('\n');
}

/** A build id as the app shows it: its last 7 characters. */
export const shortId = (id: string) => id.slice(-7);

/** The command's sizes: binary units, always one decimal. */
const CLI_BYTE_SIZES: ByteSizeStyle = { units: ['B', 'KiB', 'MiB', 'GiB'], digits: () => 1 };

/** 65536 → "64.0 KiB". */
export function formatBytes(bytes: number): string {
  return formatByteSize(bytes, CLI_BYTE_SIZES);
}

/** 83000 → "1m23s". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}
